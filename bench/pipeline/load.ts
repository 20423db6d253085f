/**
 * The measuring parts of bench/pipeline.ts: a keep-alive HTTP client (node:http, one agent per
 * purpose so probes never queue behind the load), an open-loop step runner, percentiles and the CPU
 * of a child process read from /proc.
 */
import { Agent, request } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { LeanHttp } from './leanHttp.js';

export const now = () => performance.timeOrigin + performance.now();

export function keepAlive(maxSockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
}

/** The client of a bench's load: lean by default (leanHttp.ts), node:http with BENCH_CLIENT=node-http. */
export type LoadClient = Agent | LeanHttp;

const nodeHttpLoad = process.env.BENCH_CLIENT === 'node-http';

export const loadClientKind = nodeHttpLoad ? 'node:http' : 'lean HTTP/1.1';

export function loadClient(port: number, maxConnections: number): LoadClient {
  return nodeHttpLoad ? keepAlive(maxConnections) : new LeanHttp(port, maxConnections);
}

export function closeClient(client: LoadClient): void {
  if (client instanceof LeanHttp) client.close();
  else client.destroy();
}

export interface Reply {
  status: number;
  body: string;
}

/** One POST to 127.0.0.1:port; rejects on a network error or after `timeoutMs`. */
export function post(agent: LoadClient, port: number, path: string, body: object, headers: Record<string, string> = {}, timeoutMs = 5000): Promise<Reply> {
  if (agent instanceof LeanHttp) return agent.post(path, body, headers, timeoutMs);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), lang: 'en_US', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`timeout after ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(payload);
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The outcome of one request of the load: answered (`ok`), refused by the server's rules (body 400), or failed. */
export type Outcome = { kind: 'ok' } | { kind: 'refused'; msg: string } | { kind: 'error'; msg: string };

export interface StepResult {
  offered: number;
  seconds: number;
  sent: number;
  /** Requests answered (ok or refused) within the step window, per second. */
  achieved: number;
  ok: number;
  refused: number;
  errors: number;
  /** Not sent because MAX_IN_FLIGHT requests were already waiting. */
  skipped: number;
  p50: number;
  p99: number;
  max: number;
  sustained: boolean;
  errorSamples: string[];
  refusalSamples: Map<string, number>;
}

export const MAX_IN_FLIGHT = 4000;
export const SUSTAIN = { share: 0.95, p99Ms: 1000 };

/**
 * Open loop: request i is due at t0 + i / rate whatever happened to the earlier ones, and its latency
 * is counted from when it was due (so a server that falls behind is not flattered by a client that
 * waits for it). Runs `seconds`, then waits for what is in flight (each request times out by itself).
 */
export async function openLoop(rate: number, seconds: number, send: (i: number) => Promise<Outcome>): Promise<StepResult> {
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  const refusalSamples = new Map<string, number>();
  let sent = 0;
  let inFlight = 0;
  let ok = 0;
  let refused = 0;
  let errors = 0;
  let skipped = 0;
  let answeredInWindow = 0;
  const pending = new Set<Promise<void>>();
  const t0 = now();
  const tEnd = t0 + seconds * 1000;
  await new Promise<void>((resolve) => {
    const tick = () => {
      // Requests 0 … floor(elapsed × rate) are due (request i at i / rate): counting only up to
      // floor(elapsed × rate) − 1 sent each one a whole interval after the time its latency counts
      // from, which added 1 / rate to every latency (40 ms at 25/s, 2 ms at 500/s).
      const due = Math.min(total, Math.floor(((now() - t0) / 1000) * rate) + 1);
      while (sent < due) {
        const i = sent++;
        const scheduled = t0 + (i * 1000) / rate;
        if (inFlight >= MAX_IN_FLIGHT) {
          skipped += 1;
          latencies.push(Infinity);
          continue;
        }
        inFlight += 1;
        const p: Promise<void> = send(i)
          .catch((error): Outcome => ({ kind: 'error', msg: String((error as { cause?: unknown }).cause ?? error) }))
          .then((outcome) => {
            const end = now();
            inFlight -= 1;
            latencies.push(end - scheduled);
            if (outcome.kind === 'error') {
              errors += 1;
              if (errorSamples.length < 5) errorSamples.push(outcome.msg);
              return;
            }
            if (outcome.kind === 'ok') ok += 1;
            else {
              refused += 1;
              refusalSamples.set(outcome.msg, (refusalSamples.get(outcome.msg) ?? 0) + 1);
            }
            if (end <= tEnd) answeredInWindow += 1;
          })
          .finally(() => pending.delete(p));
        pending.add(p);
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    };
    const timer = setInterval(tick, 2);
  });
  await Promise.all([...pending]);
  latencies.sort((a, b) => a - b);
  const achieved = answeredInWindow / seconds;
  const p99 = percentile(latencies, 99);
  return {
    offered: rate,
    seconds,
    sent: sent - skipped,
    achieved,
    ok,
    refused,
    errors,
    skipped,
    p50: percentile(latencies, 50),
    p99,
    max: latencies.at(-1) ?? NaN,
    sustained: achieved >= SUSTAIN.share * rate && p99 < SUSTAIN.p99Ms && errors + skipped <= 0.01 * total,
    errorSamples,
    refusalSamples,
  };
}

/** Reads sent every so often while something runs; `stop` answers their latencies (ms, sorted). */
export interface Probing {
  stop(): Promise<number[]>;
}

/** Fixed-interval probe requests alongside a step: latencies in ms (Infinity for a failure). */
export function probeEvery(intervalMs: number, once: () => Promise<unknown>): Probing {
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const t = now();
    const p: Promise<void> = once()
      .then(
        () => void latencies.push(now() - t),
        () => void latencies.push(Infinity),
      )
      .finally(() => pending.delete(p));
    pending.add(p);
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all([...pending]);
      return latencies.sort((a, b) => a - b);
    },
  };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ on Linux). */
export const CLOCK_TICKS = 100;

/**
 * The fields of /proc/<pid>/stat after the command name: fields[0] is field 3 (state), so ppid is
 * [1], minflt [7], cminflt [8], utime and stime [11] and [12], cutime and cstime (what its reaped
 * children used) [13] and [14]. Throws when the process is gone.
 */
export function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** user + sys CPU seconds of a process so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number, withReapedChildren = false): number {
  try {
    const fields = statFields(pid);
    const own = Number(fields[11]) + Number(fields[12]);
    return (withReapedChildren ? own + Number(fields[13]) + Number(fields[14]) : own) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/**
 * user + sys CPU seconds so far of every process named `name` (e.g. "postgres": the embedded
 * database's server and its backends, or the system PostgreSQL's), with what their reaped
 * children used: a backend that exits between two readings counts in its postmaster's.
 */
export function cpuSecondsOfProcesses(name: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== name) continue;
      // With the reaped children's: a backend that exited counts on in its postmaster's, so the
      // sum does not drop when connections close (it read negative then).
      total += cpuSeconds(Number(entry), true);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The pid of this process's child whose command line contains `needle` (the helper does not expose it). */
export function childPid(needle: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/**
 * Seconds the main thread of `pid` has waited runnable for a CPU (second field of
 * /proc/<pid>/task/<pid>/schedstat, ns): on a shared machine, what it wanted to run but could not.
 */
export function runQueueSeconds(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
  } catch {
    return NaN;
  }
}

/**
 * Measures a child over `work`: its CPU (user + sys, all threads) and its main thread's wait in the
 * run queue, each as a fraction of the wall time (1 = one core / the whole time).
 */
export async function withCpu<T>(pid: number | undefined, work: () => Promise<T>): Promise<{ result: T; cpu: number; waiting: number; cpuSeconds: number }> {
  const c0 = pid ? cpuSeconds(pid) : NaN;
  const q0 = pid ? runQueueSeconds(pid) : NaN;
  const t0 = now();
  const result = await work();
  const seconds = (now() - t0) / 1000;
  const cpu = pid ? (cpuSeconds(pid) - c0) / seconds : NaN;
  const waiting = pid ? (runQueueSeconds(pid) - q0) / seconds : NaN;
  return { result, cpu, waiting, cpuSeconds: cpu * seconds };
}

export const ms = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(1) : v.toFixed(0)) : Number.isNaN(v) ? '-' : 'inf');

/** A TCP port free on 127.0.0.1 right now, for a server child process. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** A right-aligned column of the step tables. */
export const pad = (v: string | number, n: number) => String(v).padStart(n);

/** The step tables' first columns (bench:pipeline, bench:futures), and one step's row of them. */
export const stepHeader = `${pad('offered/s', 9)} ${pad('achieved/s', 10)} ${pad('ok', 6)} ${pad('refused', 7)} ${pad('errors', 6)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('max ms', 7)} ${pad('CPU', 5)} ${pad('runq', 5)}`;
export function stepLine(r: StepResult, cpu: number, waiting: number): string {
  return `${pad(r.offered, 9)} ${pad(r.achieved.toFixed(0), 10)} ${pad(r.ok, 6)} ${pad(r.refused, 7)} ${pad(r.errors + r.skipped, 6)} ${pad(ms(r.p50), 7)} ${pad(ms(r.p99), 7)} ${pad(ms(r.max), 7)} ${pad(Number.isFinite(cpu) ? cpu.toFixed(2) : '-', 5)} ${pad(Number.isFinite(waiting) ? waiting.toFixed(2) : '-', 5)}`;
}

/** An answer of the exchange's envelope: ok, an ordinary refusal (400, 404), or an error. */
export function judge(status: number, body: string): Outcome {
  if (status !== 200) return { kind: 'error', msg: `HTTP ${status}: ${body.slice(0, 200)}` };
  const answer = JSON.parse(body) as { code: number; msg: string };
  if (answer.code === 200) return { kind: 'ok' };
  if (answer.code === 400 || answer.code === 404) return { kind: 'refused', msg: answer.msg };
  return { kind: 'error', msg: `code ${answer.code}: ${answer.msg}` };
}
