/**
 * npm run bench:dbcost — what one spot order costs the database, counted rather than timed, so the
 * figure holds on a busy machine: commits, rows written and rows read per order, from PostgreSQL's
 * own statistics. The real server (server/main.ts as a child process) runs on a database of its
 * own on the PostgreSQL of DATABASE_URL (created and dropped here; nothing else connects to it, so
 * `pg_stat_database` counts only this server), market makers off so that only the measured orders
 * run. Two rounds: orders one at a time (a batch of one each) and a burst at a steady rate (the
 * sequencer batches them), both the same mix as bench:pipeline (limit orders ±0.3 % around the
 * reference, about half of them trading; 15 % cancels). BENCH_EXPLAIN=1 logs every statement's plan.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SPOT_PATHS } from '../domain/spotOrders.js';
import { newKey } from '../tests/system/client.js';
import { startServerProcess, type ServerProcess } from '../tests/system/serverProcess.js';
import { fundedTraders, referencePrices } from '../tests/system/traders.js';
import { childPid, cpuSeconds, freePort, keepAlive, openLoop, post, type Outcome } from './pipeline/load.js';

const BASE_URL = process.env.DATABASE_URL;
if (!BASE_URL) {
  console.error('bench:dbcost needs DATABASE_URL (a PostgreSQL it may create a database on), e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(1);
}
const ORDERS = Number(process.env.BENCH_ORDERS ?? 600);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const CANCEL_SHARE = 0.15;

interface Counters {
  commits: number;
  inserted: number;
  updated: number;
  deleted: number;
  returned: number;
  fetched: number;
  blocksWritten: number;
}

const database = `openex_dbcost_${process.pid}`;
const admin = new pg.Client({ connectionString: BASE_URL });
await admin.connect();
await admin.query(`create database ${database}`);
// BENCH_EXPLAIN=1: every statement's plan and time goes to the PostgreSQL server's log (auto_explain),
// to see which statements make the counts.
if (process.env.BENCH_EXPLAIN) {
  for (const setting of [`session_preload_libraries = 'auto_explain'`, 'auto_explain.log_min_duration = 0', 'auto_explain.log_nested_statements = on', 'auto_explain.log_analyze = on']) {
    await admin.query(`alter database ${database} set ${setting}`);
  }
}
const url = new URL(BASE_URL);
url.pathname = `/${database}`;
const stats = new pg.Client({ connectionString: BASE_URL });
await stats.connect();

/** The server's database's counters; PostgreSQL publishes a backend's counts within a second of its transaction. */
async function counters(): Promise<Counters> {
  await new Promise((r) => setTimeout(r, 1500));
  await stats.query('select pg_stat_clear_snapshot()');
  const [row] = (
    await stats.query(
      `select xact_commit::float8 as commits, tup_inserted::float8 as inserted, tup_updated::float8 as updated, tup_deleted::float8 as deleted,
         tup_returned::float8 as returned, tup_fetched::float8 as fetched, blks_hit::float8 + blks_read::float8 as blocks
       from pg_stat_database where datname = $1`,
      [database],
    )
  ).rows as Array<Counters & { blocks: number }>;
  return { ...row!, blocksWritten: row!.blocks };
}

const dataDir = mkdtempSync(join(tmpdir(), 'openex-bench-dbcost-'));
let server: ServerProcess | undefined;
try {
  const port = await freePort();
  server = await startServerProcess({ dataDir, port, databaseUrl: url.toString(), env: { MARKET_MAKERS: 'off' } });
  const pid = childPid('scripts/serve.mjs');
  const traders = (await fundedTraders(server.url, dataDir, 12, 'cost')).map((t) => ({ ...t, open: [] as number[] }));
  const prices = await referencePrices(server.url);
  const agent = keepAlive(32);
  const random = Math.random;
  const send = async (): Promise<Outcome> => {
    const trader = traders[Math.floor(random() * traders.length)]!;
    if (random() < CANCEL_SHARE && trader.open.length > 0) {
      const id = trader.open.splice(Math.floor(random() * trader.open.length), 1)[0]!;
      const reply = await post(agent, port, SPOT_PATHS.cancel, { id }, { token: trader.token });
      return reply.status === 200 ? { kind: 'ok' } : { kind: 'error', msg: `HTTP ${reply.status}` };
    }
    const side = random() < 0.5 ? 'buy' : 'sell';
    const price = (prices.BTC! * (1 + (random() - 0.5) * 0.006)).toFixed(2);
    const quantity = ((1 + Math.floor(random() * 10)) * 0.0001).toFixed(4);
    const reply = await post(agent, port, SPOT_PATHS.place, { symbol: 'BTC_USDT', side, type: 'limit', price, quantity }, { token: trader.token, 'idempotency-key': newKey() });
    if (reply.status !== 200) return { kind: 'error', msg: `HTTP ${reply.status}` };
    const body = JSON.parse(reply.body) as { code: number; data?: { id: number; status: number } };
    if (body.code === 200 && body.data && (body.data.status === 1 || body.data.status === 2)) trader.open.push(body.data.id);
    return body.code === 200 ? { kind: 'ok' } : { kind: 'refused', msg: String(body.code) };
  };

  console.log(`bench:dbcost — node ${process.version}, PostgreSQL database ${database}, market makers off, ${traders.length} traders`);
  console.log('round                 orders  commits/order  rows written/order  rows read/order  buffer touches/order  server CPU ms/order');
  const round = async (name: string, run: () => Promise<number>) => {
    const before = await counters();
    const cpu0 = pid ? cpuSeconds(pid) : NaN;
    const n = await run();
    const after = await counters();
    const cpu = ((pid ? cpuSeconds(pid) : NaN) - cpu0) * 1000;
    const per = (k: keyof Counters) => ((after[k] - before[k]) / n).toFixed(1);
    const written = ((after.inserted + after.updated + after.deleted - before.inserted - before.updated - before.deleted) / n).toFixed(1);
    const read = ((after.returned + after.fetched - before.returned - before.fetched) / n).toFixed(1);
    console.log(`${name.padEnd(21)} ${String(n).padStart(6)}  ${per('commits').padStart(13)}  ${written.padStart(18)}  ${read.padStart(15)}  ${per('blocksWritten').padStart(20)}  ${(cpu / n).toFixed(2).padStart(19)}`);
  };
  // Warm-up: caches, prepared plans, the fee schedule.
  for (let i = 0; i < 40; i++) await send();
  await round('one at a time', async () => {
    const n = Math.min(200, ORDERS);
    for (let i = 0; i < n; i++) await send();
    return n;
  });
  await round(`${RATE}/s (batched)`, async () => {
    const result = await openLoop(RATE, ORDERS / RATE, () => send());
    return result.ok + result.refused;
  });
} finally {
  await server?.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  await stats.end();
  await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
  await admin.end();
}
