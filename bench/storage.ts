/**
 * npm run bench:storage — how fast the embedded database's data directory grows with the default
 * market (market makers quoting and trading, nobody else), and how long a start takes on an empty
 * and on an existing data directory. Issue 10's goals: ≤ 50 MB/h with a bounded write-ahead log;
 * cold start ≤ 8 s empty, ≤ 3 s existing.
 *
 * The real server (server/main.ts, via tests/system/serverProcess.ts) on a fresh data directory.
 * The market makers' history is folded after an hour by default (server/products/spot/makers/
 * retention.ts); waiting hours for the steady state is not practical, so the run shortens the kept
 * time (MAKER_HISTORY_KEPT_MINUTES, BENCH_KEPT_MINUTES here, default 2) and the two days trades
 * between two makers are kept (MAKER_TRADES_KEPT_MINUTES, BENCH_TRADES_KEPT_MINUTES, default 3) —
 * the retention then does in minutes what it does over hours and days, and the growth measured
 * after the first pass is the steady growth: what is kept for good (users' history) plus what the
 * retention leaves. BENCH_MINUTES (default 12) is the length of the run.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { stopEmbeddedPostgres } from '../server/kernel/platform/db/embeddedPostgres.js';
import { startServerProcess, type ServerProcess } from '../tests/system/serverProcess.js';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 12);
const KEPT_MINUTES = Number(process.env.BENCH_KEPT_MINUTES ?? 2);
/** The window of trades between two market makers (MAKER_TRADES_KEPT_MINUTES; two days by default). */
const TRADES_KEPT_MINUTES = Number(process.env.BENCH_TRADES_KEPT_MINUTES ?? 3);
const SAMPLE_MS = 30_000;
const PORT = 18_000 + (process.pid % 1000);

/** Bytes under `dir`, files only (a folder a process is writing may lose a file meanwhile). */
function bytesUnder(dir: string): number {
  let total = 0;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of entries) {
    const path = join(dir, name);
    try {
      const stat = statSync(path);
      total += stat.isDirectory() ? bytesUnder(path) : stat.size;
    } catch {
      // removed meanwhile (a recycled WAL segment)
    }
  }
  return total;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/** What holds the space: the largest tables with their indexes, and their live and dead rows. */
async function printLargest(dir: string): Promise<void> {
  // The server's own database, through the socket in its data directory (server/kernel/platform/db/embeddedPostgres.ts).
  const client = new pg.Client({ host: dir, port: 54329, user: 'postgres', database: 'postgres' });
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string; total: string; live: string; dead: string }>(
      `select c.relname as name, pg_total_relation_size(c.oid)::text as total, s.n_live_tup::text as live, s.n_dead_tup::text as dead
       from pg_class c join pg_stat_user_tables s on s.relid = c.oid order by pg_total_relation_size(c.oid) desc limit 8`,
    );
    console.log(`
largest tables (with indexes): ${rows.map((r) => `${r.name} ${mb(Number(r.total))} MB (${r.live} rows, ${r.dead} dead)`).join('; ')}`);
  } catch (error) {
    console.log(`
(could not read table sizes: ${(error as Error).message})`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function timedStart(dataDir: string): Promise<{ server: ServerProcess; seconds: number }> {
  const t0 = Date.now();
  const server = await startServerProcess({ dataDir, port: PORT, env: { MARKET_MAKERS: 'on', MAKER_HISTORY_KEPT_MINUTES: String(KEPT_MINUTES), MAKER_TRADES_KEPT_MINUTES: String(TRADES_KEPT_MINUTES) } });
  return { server, seconds: (Date.now() - t0) / 1000 };
}

const dataDir = mkdtempSync(join(tmpdir(), 'openex-bench-storage-'));
const pgDir = join(dataDir, 'postgres');
let server: ServerProcess | undefined;
try {
  console.log(`bench:storage — node ${process.version}, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(
    `embedded PostgreSQL, default market makers, their history folded after ${KEPT_MINUTES} min (default 60) and their trades among themselves kept ${TRADES_KEPT_MINUTES} min (default two days), ${MINUTES} min run\n`,
  );
  const first = await timedStart(dataDir);
  server = first.server;
  console.log(`start on an empty data directory (initdb, migrations, seed, history): ${first.seconds.toFixed(1)} s`);
  const started = Date.now();
  const samples: Array<{ minute: number; total: number; wal: number; tables: number }> = [];
  console.log(`\n minute   total MB   pg_wal MB   tables MB (base/)`);
  for (;;) {
    const minute = (Date.now() - started) / 60_000;
    const sample = { minute, total: bytesUnder(dataDir), wal: bytesUnder(join(pgDir, 'pg_wal')), tables: bytesUnder(join(pgDir, 'base')) };
    samples.push(sample);
    console.log(`${minute.toFixed(1).padStart(7)} ${mb(sample.total).padStart(10)} ${mb(sample.wal).padStart(11)} ${mb(sample.tables).padStart(11)}`);
    if (minute >= MINUTES) break;
    await new Promise((r) => setTimeout(r, SAMPLE_MS));
  }
  // Steady state: after the first fold has had time to run (kept time + one fold interval).
  const window = Math.max(KEPT_MINUTES, TRADES_KEPT_MINUTES);
  const steady = samples.filter((s) => s.minute >= window + Math.max(Math.min(KEPT_MINUTES, TRADES_KEPT_MINUTES) / 6, 1 / 6) + 0.5);
  if (steady.length >= 3) {
    const perHour = (pick: (s: (typeof samples)[number]) => number) => slope(steady.map((s) => [s.minute, pick(s)])) * 60;
    console.log(`\nsteady growth (minutes ${steady[0]!.minute.toFixed(1)}–${steady.at(-1)!.minute.toFixed(1)}, least squares):`);
    console.log(`  tables ${mb(perHour((s) => s.tables))} MB/h, whole data directory ${mb(perHour((s) => s.total))} MB/h (goal ≤ 50 MB/h)`);
    console.log(`  pg_wal between ${mb(Math.min(...samples.map((s) => s.wal)))} and ${mb(Math.max(...samples.map((s) => s.wal)))} MB (bounded by max_wal_size, server/kernel/platform/db/embeddedPostgres.ts)`);
  } else {
    console.log('\nrun too short for a steady-state figure: raise BENCH_MINUTES');
  }
  await printLargest(pgDir);
  await server.stop();
  server = undefined;
  const again = await timedStart(dataDir);
  server = again.server;
  console.log(`\nstart on the existing data directory (${mb(bytesUnder(dataDir))} MB): ${again.seconds.toFixed(1)} s (goal ≤ 3 s)`);
} finally {
  await server?.stop();
  await stopEmbeddedPostgres(pgDir).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
