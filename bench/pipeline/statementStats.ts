/**
 * BENCH_PG_STATS=1 (embedded database only): pg_stat_statements loaded into the server's embedded
 * PostgreSQL (EMBEDDED_PG_SETTINGS, server/kernel/platform/db/embeddedPostgres.ts), planning tracked, and
 * after the run the statements that cost the database most: calls, rows, planning and execution
 * time. Which statements to merge, prepare or drop, read off a real run rather than guessed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

export const statementStatsWanted = process.env.BENCH_PG_STATS === '1';

/** The server's environment for it. */
export const statementStatsEnv: Record<string, string> = statementStatsWanted
  ? {
      // After any settings the run was given (EMBEDDED_PG_SETTINGS=max_wal_size=1GB, say), so both apply.
      EMBEDDED_PG_SETTINGS: [process.env.EMBEDDED_PG_SETTINGS, 'shared_preload_libraries=pg_stat_statements;pg_stat_statements.track_planning=on;pg_stat_statements.max=1000']
        .filter(Boolean)
        .join(';'),
    }
  : {};

/** Connects to the running embedded server of `dataDir` (its socket directory is line 5 of postmaster.pid). */
async function connect(dataDir: string): Promise<pg.Client> {
  const lines = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const client = new pg.Client({ host: lines[4]!, port: Number(lines[3]), user: 'postgres', database: 'postgres' });
  await client.connect();
  return client;
}

let walStart: string | undefined;
let rowsAtReset = new Map<string, number>();

/** Rows inserted per table since the server started (the trades and ledger entries a run wrote, to compare runs whose mix traded more or less). */
async function rowsWritten(client: pg.Client): Promise<Map<string, number>> {
  const { rows } = await client.query<{ name: string; ins: string }>(`select relname as name, n_tup_ins::text as ins from pg_stat_user_tables where relname in ('spot_trade', 'ledger_entry')`);
  return new Map(rows.map((r) => [r.name, Number(r.ins)]));
}

/** Clears the counters (after setup, before the load). */
export async function resetStatementStats(dataDir: string): Promise<void> {
  if (!statementStatsWanted) return;
  const client = await connect(dataDir);
  try {
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select pg_stat_statements_reset()');
    // The WAL written and the checkpoints since the load began (PostgreSQL 14+ and 17+; older ones skip it).
    await client.query(`select pg_stat_reset_shared('wal'), pg_stat_reset_shared('checkpointer')`).catch(() => undefined);
    // Where the WAL starts, for the breakdown by record type (pg_walinspect, PostgreSQL 16+).
    await client.query('create extension if not exists pg_walinspect').catch(() => undefined);
    walStart = (await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn;
    rowsAtReset = await rowsWritten(client);
  } finally {
    await client.end();
  }
}

/**
 * Prints the top statements by planning + execution time since the reset, the WAL (per accepted
 * order too, when `orders` — the orders accepted since the reset — is given) and the hot tables.
 */
export async function printStatementStats(dataDir: string, top = 25, orders?: number): Promise<void> {
  if (!statementStatsWanted) return;
  const client = await connect(dataDir);
  try {
    const { rows } = await client.query<{ calls: string; rows: string; plan: number; exec: number; query: string }>(
      `select calls::text, rows::text, total_plan_time as plan, total_exec_time as exec, regexp_replace(query, '\\s+', ' ', 'g') as query
       from pg_stat_statements order by total_plan_time + total_exec_time desc limit $1`,
      [top],
    );
    const [sum] = (await client.query<{ calls: string; plan: number; exec: number }>('select sum(calls)::text as calls, sum(total_plan_time) as plan, sum(total_exec_time) as exec from pg_stat_statements')).rows;
    console.log(`  pg_stat_statements: ${sum!.calls} calls, planning ${(sum!.plan / 1000).toFixed(1)} s, execution ${(sum!.exec / 1000).toFixed(1)} s; the top ${top}:`);
    console.log(`  ${'calls'.padStart(7)} ${'rows'.padStart(8)} ${'plan ms'.padStart(8)} ${'exec ms'.padStart(8)}  statement`);
    for (const r of rows) {
      console.log(`  ${r.calls.padStart(7)} ${r.rows.padStart(8)} ${r.plan.toFixed(0).padStart(8)} ${r.exec.toFixed(0).padStart(8)}  ${r.query.slice(0, 150)}`);
    }
    await printWal(client, orders);
    // Row writes per table since the server started, and the share of updates that were HOT (no
    // index entry written: the new row version fits in the same page and no indexed column moved).
    const tables = await client.query<{ name: string; ins: string; upd: string; hot: string; del: string }>(
      `select relname as name, n_tup_ins::text as ins, n_tup_upd::text as upd, n_tup_hot_upd::text as hot, n_tup_del::text as del
       from pg_stat_user_tables order by n_tup_ins + n_tup_upd + n_tup_del desc limit 8`,
    );
    console.log(`  tables by rows written: ${tables.rows.map((t) => `${t.name} ${t.ins} ins / ${t.upd} upd (${Number(t.upd) > 0 ? Math.round((100 * Number(t.hot)) / Number(t.upd)) : 0} % HOT) / ${t.del} del`).join('; ')}`);
    await printIndexes(client, tables.rows.map((t) => t.name));
  } finally {
    await client.end();
  }
}

/**
 * WAL since the reset: records, full-page images (each page's first change after a checkpoint is
 * logged whole) and bytes, and the checkpoints that ran (max_wal_size's requested ones, the timed).
 * The database's CPU follows the WAL it writes, and FPIs are most of it right after a checkpoint.
 */
async function printWal(client: pg.Client, orders?: number): Promise<void> {
  try {
    const [wal] = (await client.query<{ records: string; fpi: string; bytes: string }>('select wal_records::text as records, wal_fpi::text as fpi, wal_bytes::text as bytes from pg_stat_wal')).rows;
    const [cp] = (await client.query<{ timed: string; requested: string }>('select num_timed::text as timed, num_requested::text as requested from pg_stat_checkpointer')).rows;
    const now = await rowsWritten(client);
    const rowsPer = (table: string) => (orders ? ((now.get(table) ?? 0) - (rowsAtReset.get(table) ?? 0)) / orders : 0).toFixed(2);
    const perOrder = orders ? ` (${(Number(wal!.records) / orders).toFixed(1)} records, ${(Number(wal!.bytes) / orders / 1000).toFixed(2)} KB per accepted order, ${orders} orders with ${rowsPer('spot_trade')} trades and ${rowsPer('ledger_entry')} ledger entries each)` : '';
    console.log(`  WAL since the reset: ${wal!.records} records, ${wal!.fpi} full-page images, ${(Number(wal!.bytes) / 1e6).toFixed(0)} MB${perOrder}; checkpoints ${cp!.requested} requested (max_wal_size) + ${cp!.timed} timed`);
  } catch {
    // A PostgreSQL before 17 has no pg_stat_checkpointer: nothing printed.
  }
  await printWalByRecord(client, orders);
}

/**
 * The WAL since the reset by record type (Heap/INSERT, Btree/INSERT_LEAF, Heap/LOCK, …), per accepted
 * order: which writes the records are. Needs the segments still in pg_wal (EMBEDDED_PG_SETTINGS=
 * max_wal_size=1GB keeps a run's); prints nothing when they are gone or pg_walinspect is missing.
 */
async function printWalByRecord(client: pg.Client, orders?: number): Promise<void> {
  if (!walStart || !orders) return;
  try {
    const { rows } = await client.query<{ type: string; n: string }>(
      `select "resource_manager/record_type" as type, count::text as n from pg_get_wal_stats($1::pg_lsn, pg_current_wal_lsn(), true) where count > 0 order by count desc limit 14`,
      [walStart],
    );
    console.log(`  WAL records per accepted order by type: ${rows.map((r) => `${r.type} ${(Number(r.n) / orders).toFixed(2)}`).join(', ')}`);
  } catch (error) {
    console.log(`  (WAL by record type not available: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
  }
}

/**
 * The hot tables' indexes and how often they were read since the server started: every index of a
 * table is written with each new row version that is not HOT, so an index no read uses is pure cost.
 */
async function printIndexes(client: pg.Client, tables: readonly string[]): Promise<void> {
  const { rows } = await client.query<{ tab: string; idx: string; scans: string }>(
    `select relname as tab, indexrelname as idx, idx_scan::text as scans from pg_stat_user_indexes where relname = any($1::text[]) order by relname, indexrelname`,
    [tables],
  );
  const byTable = new Map<string, string[]>();
  for (const r of rows) byTable.set(r.tab, [...(byTable.get(r.tab) ?? []), `${r.idx} ${r.scans}`]);
  console.log(`  their indexes (scans since the start): ${[...byTable].map(([t, list]) => `${t}: ${list.join(', ')}`).join('; ')}`);
}
