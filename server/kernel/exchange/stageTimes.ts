import { performance } from 'node:perf_hooks';

/**
 * Where an order's time goes, stage by stage, for diagnosis (issue 10's push latency): how long a
 * batch's oldest command queued, the linger, the record stage, the wait for the previous batch's
 * commit, the settlement, the wait for the disk (pipelined markets: spot), a whole batch's run
 * (unpipelined ones: the futures exchange, one transaction a batch), and on the push side how long a published message
 * waited for its flush and how long the flush's writes took.
 *
 * Off unless STAGE_TIMES=1 (config.stageTimes): then every process that runs markets or pushes
 * prints `stage-times {json}` on SIGUSR2 — p50/p99/max and count per stage since the last print —
 * and starts over (bench:pipeline's BENCH_STAGES=1 asks around each push step). Off, a stage costs
 * one branch on an undefined.
 */
export type Stage = 'queued' | 'linger' | 'record' | 'previousCommit' | 'settle' | 'durable' | 'run' | 'pushWait' | 'flushWrites';

/** Buckets of 0.1 ms up to 100 ms, then one overflow bucket that keeps the largest value seen. */
const BUCKET_MS = 0.1;
const BUCKETS = 1000;

class Histogram {
  counts = new Uint32Array(BUCKETS + 1);
  n = 0;
  max = 0;

  add(ms: number): void {
    this.counts[Math.min(BUCKETS, Math.max(0, Math.floor(ms / BUCKET_MS)))]! += 1;
    this.n += 1;
    if (ms > this.max) this.max = ms;
  }

  percentile(p: number): number {
    const rank = Math.ceil((p / 100) * this.n);
    let seen = 0;
    for (let i = 0; i <= BUCKETS; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) return i === BUCKETS ? this.max : (i + 1) * BUCKET_MS;
    }
    return this.max;
  }
}

export interface StageSummary {
  p50: number;
  p99: number;
  max: number;
  n: number;
}

export class StageTimes {
  private stages = new Map<Stage, Histogram>();

  add(stage: Stage, ms: number): void {
    let h = this.stages.get(stage);
    if (!h) this.stages.set(stage, (h = new Histogram()));
    h.add(ms);
  }

  /** Everything since the last call, and a fresh start. */
  take(): Partial<Record<Stage, StageSummary>> {
    const out: Partial<Record<Stage, StageSummary>> = {};
    const round = (ms: number) => Math.round(ms * 10) / 10;
    for (const [stage, h] of this.stages) out[stage] = { p50: round(h.percentile(50)), p99: round(h.percentile(99)), max: round(h.max), n: h.n };
    this.stages.clear();
    return out;
  }
}

/** The process's stage times, when on. */
export let stageTimes: StageTimes | undefined;

/** Turns stage times on for this process and prints them on SIGUSR2. */
export function enableStageTimes(): void {
  if (stageTimes) return;
  const times = (stageTimes = new StageTimes());
  process.on('SIGUSR2', () => process.stdout.write(`stage-times ${JSON.stringify(times.take())}\n`));
}

/** Records `stage` as the time since `since` (performance.now()), when on. */
export function stageSince(stage: Stage, since: number): void {
  stageTimes?.add(stage, performance.now() - since);
}
