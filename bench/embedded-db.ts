/**
 * npm run bench:embedded-db — the two embedded databases side by side, in one run (issue 10):
 * PGlite (WASM, in this process) and embedded PostgreSQL (a server of its own, server/kernel/platform/db/
 * embeddedPostgres.ts), each opened the way the server opens it (openDatabase: migrations, seed).
 *
 * Per database, on a fresh DATA_DIR:
 * - cold start on an empty directory, then again on the existing one (close in between);
 * - LOAD_SECONDS (default 20) of write load: WRITERS (8) concurrent callers, each committing
 *   order-shaped transactions back to back (insert an order; freeze funds, debit, mark the order
 *   open: three updates), as the market makers and traders do;
 * - meanwhile, on the same event loop, the plat_config read (readPlatConfig, what
 *   POST /api/plat_config runs) due every 10 ms: its latency p50/p99/max from when it was due
 *   (so time spent waiting for a blocked event loop counts), and how many could start on time;
 *   the event-loop delay
 *   (perf_hooks.monitorEventLoopDelay), and the CPU of this process and of the database server;
 *   each caller yields to the event loop (setImmediate) between its transactions, as callers driven
 *   by requests and timers do;
 * - the data directory's size after the cold starts and after the load (growth).
 * Prints one table and the ratios. About a minute with the defaults.
 */
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readPlatConfig } from '../server/kernel/platform/catalogue.js';
import { seededRandom } from '../server/kernel/exchange/random.js';
import type { Database } from '../server/kernel/platform/db/database.js';
import { openDatabase, type EmbeddedDb } from '../server/kernel/platform/db/open.js';

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const WRITERS = Number(process.env.WRITERS ?? 8);
const ACCOUNTS = 64;
const READ_EVERY_MS = 10;

type Metric = readonly [label: string, decimals: number, better: 'lower' | 'higher'];

/** The figures of a latency's distribution the table shows, by their keys' ending and their labels'. */
const SPREAD = { P50: 'p50', P99: 'p99', Max: 'max' } as const;

/** A latency's rows, in ms: `spreadRows('read', 'plat_config read')` gives readP50 "plat_config read p50 (ms)", readP99 and readMax. */
function spreadRows<K extends string>(key: K, label: string) {
  const rows = Object.entries(SPREAD).map(([suffix, figure]): [string, Metric] => [`${key}${suffix}`, [`${label} ${figure} (ms)`, 2, 'lower']]);
  return Object.fromEntries(rows) as Record<`${K}${keyof typeof SPREAD}`, Metric>;
}

/** What one database's run measures: each figure's label in the table, its decimals, and which way is better. */
const METRICS = {
  coldEmptyMs: ['cold start, empty dir (ms)', 0, 'lower'],
  coldExistingMs: ['cold start, existing dir (ms)', 0, 'lower'],
  writesPerSecond: ['order transactions/s', 0, 'higher'],
  ...spreadRows('read', 'plat_config read'),
  readsOnTime: [`plat_config reads started ≤ 10 ms late (of ${(LOAD_SECONDS * 1000) / READ_EVERY_MS})`, 0, 'higher'],
  ...spreadRows('loop', 'event-loop delay'),
  cpuShare: ['Node process CPU (cores)', 2, 'lower'],
  serverCpuShare: ['database server processes CPU (cores)', 2, 'lower'],
  totalCpuShare: ['total CPU (cores)', 2, 'lower'],
  cpuMsPerTransaction: ['CPU per order transaction (ms)', 2, 'lower'],
  sizeBeforeMb: ['data dir after cold starts (MB)', 1, 'lower'],
  growthMb: ['data dir growth during load (MB)', 1, 'lower'],
} as const satisfies Record<string, Metric>;
type Result = Record<keyof typeof METRICS, number>;

async function measure(engine: EmbeddedDb): Promise<Result> {
  const dataDir = mkdtempSync(join(tmpdir(), `openex-bench-db-${engine}-`));
  try {
    let t = performance.now();
    let db = await openDatabase({ dataDir, embedded: engine });
    const coldEmptyMs = performance.now() - t;
    await db.close();
    t = performance.now();
    db = await openDatabase({ dataDir, embedded: engine });
    const coldExistingMs = performance.now() - t;

    await prepareTables(db);
    const sizeBefore = directorySize(dataDir);
    const load = await runLoad(db, engine === 'postgres' ? join(dataDir, 'postgres') : undefined);
    await db.close();
    const growth = directorySize(dataDir) - sizeBefore;
    return { coldEmptyMs, coldExistingMs, ...load, sizeBeforeMb: sizeBefore / 2 ** 20, growthMb: growth / 2 ** 20 };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function prepareTables(db: Database): Promise<void> {
  await db.exec(`
    create table bench_account (id int primary key, balance numeric not null, frozen numeric not null);
    create table bench_order (id bigserial primary key, account int not null, side text not null, price numeric not null,
      qty numeric not null, status text not null, created_at timestamptz not null default now());
    create index on bench_order (account, status);
  `);
  await db.query(`insert into bench_account select g, 1000000000, 0 from generate_series(1, ${ACCOUNTS}) g`);
}

async function orderTransaction(db: Database, rnd: () => number): Promise<void> {
  const account = 1 + Math.floor(rnd() * ACCOUNTS);
  const price = (60000 + rnd() * 1000).toFixed(2);
  const qty = (rnd() / 100).toFixed(6);
  await db.transaction(async (tx) => {
    const [order] = await tx.query<{ id: number }>(
      `insert into bench_order (account, side, price, qty, status) values ($1, $2, $3, $4, 'new') returning id`,
      [account, rnd() < 0.5 ? 'buy' : 'sell', price, qty],
    );
    await tx.query('update bench_account set frozen = frozen + $2::numeric * $3::numeric where id = $1', [account, price, qty]);
    await tx.query('update bench_account set balance = balance - $2::numeric * $3::numeric where id = $1', [account, price, qty]);
    await tx.query(`update bench_order set status = 'open' where id = $1`, [order!.id]);
  });
}

async function runLoad(db: Database, clusterDir: string | undefined) {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const cpu0 = process.cpuUsage();
  const server0 = clusterDir ? serverCpuSeconds(clusterDir) : 0;
  const start = performance.now();
  const end = start + LOAD_SECONDS * 1000;
  let writes = 0;
  const writers = Array.from({ length: WRITERS }, async (_, w) => {
    const rnd = seededRandom(w + 1);
    while (performance.now() < end) {
      await orderTransaction(db, rnd);
      writes++;
      // The next one comes from an event (a request, a maker's timer), not from a microtask: without
      // this, PGlite's promise chains never let a timer or a socket run for the whole load.
      await new Promise((r) => setImmediate(r));
    }
  });
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  let onTime = 0;
  const reader = (async () => {
    // One read due every 10 ms, whether or not the previous one came back, as clients would send
    // them. Latency counts from when the read was due: a read the blocked event loop could not
    // even start on time has waited as a request would have waited to be read off its socket
    // (no coordinated omission). Reads overdue when the loop gets back are all issued then.
    let due = start;
    while (due < end) {
      const now = performance.now();
      for (; due <= now && due < end; due += READ_EVERY_MS) {
        const at = due;
        if (now - at <= READ_EVERY_MS) onTime++;
        pending.push(readPlatConfig(db).then(() => void latencies.push(performance.now() - at)));
      }
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    }
  })();
  loop.enable();
  await Promise.all([...writers, reader]);
  loop.disable();
  const elapsed = (performance.now() - start) / 1000;
  await Promise.all(pending);
  const cpu = process.cpuUsage(cpu0);
  const serverCpu = clusterDir ? serverCpuSeconds(clusterDir) - server0 : 0;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return {
    writesPerSecond: writes / elapsed,
    readP50: q(0.5),
    readP99: q(0.99),
    readMax: latencies[latencies.length - 1] ?? NaN,
    readsOnTime: onTime,
    loopP50: loop.count > 0 ? loop.percentile(50) / 1e6 : NaN,
    loopP99: loop.count > 0 ? loop.percentile(99) / 1e6 : NaN,
    loopMax: loop.count > 0 ? loop.max / 1e6 : NaN,
    cpuMsPerTransaction: ((cpu.user + cpu.system) / 1e3 + serverCpu * 1e3) / Math.max(1, writes),
    cpuShare: (cpu.user + cpu.system) / 1e6 / elapsed,
    serverCpuShare: serverCpu / elapsed,
    totalCpuShare: (cpu.user + cpu.system) / 1e6 / elapsed + serverCpu / elapsed,
  };
}

/** CPU seconds of the PostgreSQL server: the postmaster (with its reaped children) and its live children. */
function serverCpuSeconds(clusterDir: string): number {
  const postmaster = Number(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let fields: string[];
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    } catch {
      continue;
    }
    // fields[1] is ppid; utime, stime, cutime, cstime are fields[11..14]
    const pid = Number(name);
    if (pid === postmaster) total += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    else if (Number(fields[1]) === postmaster) total += Number(fields[11]) + Number(fields[12]);
  }
  return total / tick;
}

function directorySize(path: string): number {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.isSocket() ? 0 : stat.size;
  return readdirSync(path).reduce((sum, name) => sum + directorySize(join(path, name)), 0);
}

const began = Date.now();
console.log(`embedded databases: ${WRITERS} writers × ${LOAD_SECONDS} s of order transactions, plat_config read every ${READ_EVERY_MS} ms\n`);
const pglite = await measure('pglite');
const postgres = await measure('postgres');

const table = (Object.entries(METRICS) as [keyof Result, (typeof METRICS)[keyof Result]][]).map(([key, [label, digits, better]]) => {
  const a = pglite[key];
  const b = postgres[key];
  // The ratio reads "embedded PostgreSQL is N× better" (> 1) or worse (< 1) on this row.
  const ratio = better === 'lower' ? a / b : b / a;
  const shown = a > 0 && b > 0 && Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '—';
  return { metric: label, PGlite: a.toFixed(digits), 'embedded PostgreSQL': b.toFixed(digits), 'PostgreSQL advantage': shown };
});
console.table(table);
console.log('PostgreSQL advantage: > 1 where embedded PostgreSQL does better on that row, < 1 where PGlite does.');
console.log(
  `ratios: transactions/s ${(postgres.writesPerSecond / pglite.writesPerSecond).toFixed(2)}, read p99 ${(pglite.readP99 / postgres.readP99).toFixed(2)}, ` +
    `loop delay p99 ${(pglite.loopP99 / postgres.loopP99).toFixed(2)}, cold start existing ${(pglite.coldExistingMs / postgres.coldExistingMs).toFixed(2)}`,
);
console.log(`total ${((Date.now() - began) / 1000).toFixed(1)} s`);
