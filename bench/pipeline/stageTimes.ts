import type { ChildProcess } from 'node:child_process';

/**
 * BENCH_STAGES=1: the server's processes run with STAGE_TIMES=1 (server/kernel/exchange/stageTimes.ts) and
 * print where an order's time went on SIGUSR2. Around each push step the bench asks every process
 * once to start over and once for the step's figures, and prints them under the push latency.
 */
export const STAGES = process.env.BENCH_STAGES === '1';
if (STAGES) process.env.STAGE_TIMES = '1';

type Summary = Record<string, { p50: number; p99: number; max: number; n: number }>;

export interface StageSource {
  label: string;
  pid: number;
  /** Everything the process printed so far. */
  output(): string;
}

/** Collects what a child prints, for a child whose output nobody else keeps. */
export function printedBy(child: ChildProcess): () => string {
  let printed = '';
  child.stdout?.on('data', (chunk) => (printed += chunk));
  return () => printed;
}

/** Asks each source for its stage times since the last ask (≤ 2 s), as one line each. */
export async function askStages(sources: StageSource[]): Promise<string[]> {
  const lines = await Promise.all(sources.map(async (s) => ({ label: s.label, summary: await ask(s) })));
  return lines.filter((l) => l.summary && Object.keys(l.summary).length > 0).map((l) => `${l.label}: ${format(l.summary!)}`);
}

async function ask(source: StageSource): Promise<Summary | undefined> {
  const before = count(source.output());
  try {
    process.kill(source.pid, 'SIGUSR2');
  } catch {
    return undefined;
  }
  const until = Date.now() + 2000;
  while (Date.now() < until) {
    const printed = source.output();
    if (count(printed) > before) {
      const line = printed.slice(printed.lastIndexOf('stage-times ') + 'stage-times '.length).split('\n')[0]!;
      return JSON.parse(line) as Summary;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

const count = (printed: string) => printed.split('stage-times ').length - 1;

const ORDER = ['queued', 'linger', 'record', 'previousCommit', 'settle', 'durable', 'run', 'pushWait', 'flushWrites'];

function format(summary: Summary): string {
  return ORDER.filter((stage) => summary[stage])
    .map((stage) => {
      const s = summary[stage]!;
      return `${stage} ${s.p50}/${s.p99}/${s.max}`;
    })
    .join(', ');
}
