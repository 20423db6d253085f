/**
 * npm run bench:seconds — 100,000 seconds contracts expiring in the same second (issue 14): how long
 * the settlement takes to settle them all on the embedded PostgreSQL (goal: under one second), and
 * how long the pushes to their owners take to be handed to the private channel's feed.
 *
 * SECONDS_BENCH_USERS traders (default 10,000) are funded once. Then, for each of
 * SECONDS_BENCH_ROUNDS rounds (default 3), the contracts are bought beforehand through the ledger
 * (stake frozen, as a purchase does), half up and half down, the clock is set to their expiry second
 * and they are settled; the figure is the median round, with where its time went (settlement.ts
 * stages). Environment: SECONDS_BENCH_CONTRACTS (default 100000), EMBEDDED_DB=pglite to measure
 * PGlite instead, DATABASE_URL for a PostgreSQL of your own (a fresh schema is used).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/kernel/platform/db/open.js';
import { auditBooks } from '../server/products/audit.js';
import type { UserFeed } from '../server/kernel/platform/realtime/userFeed.js';
import { createSeconds } from '../server/products/seconds/product.js';
import { settlementMismatches } from '../server/products/seconds/settlementCheck.js';
import type { TradeSource } from '../server/products/seconds/indexPrice.js';
import type { SettleStage } from '../server/products/seconds/settlement.js';
import { createIsolatedSchema } from '../tests/server/testDb.js';
import { postmasterCpuSeconds } from './pipeline/databaseUsage.js';

const CONTRACTS = Number(process.env.SECONDS_BENCH_CONTRACTS ?? 100_000);
const USERS = Number(process.env.SECONDS_BENCH_USERS ?? 10_000);
const ROUNDS = Number(process.env.SECONDS_BENCH_ROUNDS ?? 3);
const STAKE = 10;

const dataDir = mkdtempSync(join(tmpdir(), 'openex-bench-seconds-'));
const isolated = process.env.DATABASE_URL ? await createIsolatedSchema() : undefined;
const db = await openDatabase({ databaseUrl: isolated?.url, dataDir, embedded: process.env.EMBEDDED_DB === 'pglite' ? 'pglite' : 'postgres' });

// A steady market: the index is 60000 before each round's expiry second and 60001 at it (up wins, down loses).
let expirySecond = Math.floor(Date.now() / 1000) + 3600;
let clock = (expirySecond - 30) * 1000;
const trades: TradeSource = {
  secondVwaps: async (_q, _pair, from) => new Map(Array.from({ length: 5 }, (_, i) => [from + i, from + 5 >= expirySecond ? '60001' : '60000'])),
  priceBefore: async () => '60000',
};
let pushes = 0;
let pushedUsers = new Set<number>();
const feed: UserFeed = {
  balancesChanged: (userId) => void pushedUsers.add(userId),
  ordersCommitted: () => undefined,
  message: () => void (pushes += 1),
  // Every owner has a socket open: the pushes' worst case (the server builds them only for listeners).
  listening: () => true,
};
let stages = new Map<SettleStage, number>();

/**
 * CPU ms used so far by the embedded PostgreSQL (bench/pipeline/load.ts); undefined for PGlite or
 * DATABASE_URL. With the Node process's own CPU, a figure the machine's other load does not
 * stretch (wall time does).
 */
function databaseCpuMs(): number | undefined {
  if (isolated) return undefined;
  const seconds = postmasterCpuSeconds(dataDir);
  return seconds === undefined ? undefined : seconds * 1000;
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const seconds = createSeconds({
  db,
  feed,
  enabled: true,
  clock: () => clock,
  trades,
  measureSettlement: (stage, ms) => void stages.set(stage, (stages.get(stage) ?? 0) + ms),
});

interface Round {
  settleMs: number;
  nodeCpuMs: number;
  dbCpuMs: number | undefined;
  load: string;
  settled: number;
  pushes: number;
  owners: number;
  stages: Map<SettleStage, number>;
  left: number;
  /** Owners of a settlement whose ledger entry is missing, doubled or wrong (settlementCheck.ts). */
  mismatches: number;
  findings: string[];
}

try {
  await seconds.parts.prepare!();
  const perUser = Math.ceil(CONTRACTS / USERS);
  // Traders, each with enough sec_contract USDT for every round's stakes (half of them lose them all).
  await db.query(`insert into app_user (account) select 'bench-sec-' || g || '@example.org' from generate_series(1, $1::int) g`, [USERS]);
  const [{ first }] = (await db.query<{ first: number }>(`select min(id)::int as first from app_user where account like 'bench-sec-%'`)) as [{ first: number }];
  await db.query(
    `with funded as (
       insert into balance (user_id, currency, account, available, frozen)
       select id, 'USDT', 'sec_contract', $1::numeric, 0 from app_user where account like 'bench-sec-%' returning user_id)
     insert into ledger_entry (user_id, currency, account, kind, available_change, frozen_change, available_after, frozen_after, ref_type, ref_id)
     select user_id, 'USDT', 'sec_contract', 'deposit', $1::numeric, 0, $1::numeric, 0, 'bench', null from funded`,
    [perUser * STAKE * (ROUNDS + 1)],
  );
  const rounds: Round[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    expirySecond += 60;
    clock = (expirySecond - 30) * 1000;
    const setupStart = performance.now();
    await db.query(
      `insert into seconds_contract (user_id, left_symbol, right_symbol, direction, period_s, payout_rate, stake, buy_price, accepted_ms, expiry_second)
       select $2::int + (g % $3::int), 'BTC', 'USDT', case when g % 2 = 0 then 'up' else 'down' end, 30, 0.8, $4, 60000, $5, $6
       from generate_series(0, $1::int - 1) g`,
      [CONTRACTS, first, USERS, STAKE, clock, expirySecond],
    );
    // Their second's row, as the first purchase of a second writes it.
    await db.query(`insert into seconds_second (left_symbol, right_symbol, second) values ('BTC', 'USDT', $1) on conflict do nothing`, [expirySecond]);
    // Their freezes, as one ledger entry per contract in id order (what buying writes), from each balance as it is now.
    await db.query(
      `insert into ledger_entry (user_id, currency, account, kind, available_change, frozen_change, available_after, frozen_after, ref_type, ref_id)
       select c.user_id, 'USDT', 'sec_contract', 'seconds_freeze', -c.stake, c.stake,
         b.available - sum(c.stake) over w, b.frozen + sum(c.stake) over w, 'seconds_contract', c.id
       from seconds_contract c join balance b on b.user_id = c.user_id and b.currency = 'USDT' and b.account = 'sec_contract'
       where c.expiry_second = $1
       window w as (partition by c.user_id order by c.id) order by c.id`,
      [expirySecond],
    );
    await db.query(
      `update balance b set available = b.available - t.s, frozen = b.frozen + t.s
       from (select user_id, sum(stake) as s from seconds_contract where expiry_second = $1 group by user_id) t
       where b.user_id = t.user_id and b.currency = 'USDT' and b.account = 'sec_contract'`,
      [expirySecond],
    );
    await db.query('analyze');
    // The setup's writes are flushed now, so the timed settlement does not pay for the setup's checkpoint.
    await db.query('checkpoint');
    const audit = await auditBooks(db);
    if (audit.length > 0) throw new Error(`audit before settling: ${audit.join('; ')}`);
    console.log(`round ${round + 1}: ${CONTRACTS.toLocaleString('en')} contracts bought (setup ${((performance.now() - setupStart) / 1000).toFixed(1)} s, not timed)`);

    clock = expirySecond * 1000 + 20;
    pushes = 0;
    pushedUsers = new Set();
    stages = new Map();
    const dbCpuBefore = databaseCpuMs();
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    const result = await seconds.settle();
    const settleMs = performance.now() - start;
    const cpu = process.cpuUsage(cpuBefore);
    const nodeCpuMs = (cpu.user + cpu.system) / 1000;
    const dbCpuAfter = databaseCpuMs();
    const dbCpuMs = dbCpuBefore === undefined || dbCpuAfter === undefined ? undefined : dbCpuAfter - dbCpuBefore;
    const load = loadAverage();

    const [left] = await db.query<{ n: number }>(`select count(*)::int as n from seconds_contract_view where status = 1`);
    const mismatches = (await settlementMismatches(db)).length;
    const findings = await auditBooks(db);
    rounds.push({ settleMs, nodeCpuMs, dbCpuMs, load, settled: result.settled, pushes, owners: pushedUsers.size, stages, left: left!.n, mismatches, findings });
    console.log(`round ${round + 1}: settled ${result.settled.toLocaleString('en')} in ${settleMs.toFixed(0)} ms, CPU node ${nodeCpuMs.toFixed(0)} ms + database ${dbCpuMs?.toFixed(0) ?? '?'} ms, load average ${load} (${[...stages].map(([s, ms]) => `${s} ${ms.toFixed(0)}`).join(', ')})`);
  }

  const median = [...rounds].sort((a, b) => a.settleMs - b.settleMs)[Math.floor(rounds.length / 2)]!;
  const accounted = [...median.stages.values()].reduce((a, b) => a + b, 0);
  console.log(
    `seconds contracts: ${CONTRACTS.toLocaleString('en')} expiring in one second, ${USERS.toLocaleString('en')} owners (${isolated ? 'PostgreSQL' : process.env.EMBEDDED_DB === 'pglite' ? 'PGlite' : 'embedded PostgreSQL'}), median of ${rounds.length} rounds`,
  );
  console.table({
    'time to settle all (incl. pushes handed to the feed)': `${median.settleMs.toFixed(0)} ms`,
    'rounds (ms)': rounds.map((r) => r.settleMs.toFixed(0)).join(', '),
    'CPU: node + database (ms)': `${median.nodeCpuMs.toFixed(0)} + ${median.dbCpuMs?.toFixed(0) ?? '?'}`,
    'load average (1, 5, 15 min) after': median.load,
    'settled': median.settled.toLocaleString('en'),
    'settled and committed, before the pushes (ms)': (['prices', 'locks', 'settle', 'commit'] as const).reduce((n, stage) => n + (median.stages.get(stage) ?? 0), 0).toFixed(0),
    'contracts per second': Math.round((median.settled / median.settleMs) * 1000).toLocaleString('en'),
    ...Object.fromEntries([...median.stages].map(([stage, ms]) => [`  ${stage} (ms)`, ms.toFixed(0)])),
    '  other (ms)': (median.settleMs - accounted).toFixed(0),
    'contract pushes': median.pushes.toLocaleString('en'),
    'owners told of their balance': median.owners.toLocaleString('en'),
    'left open': Math.max(...rounds.map((r) => r.left)),
    'settlement mismatches (owner not booked exactly once, or wrongly)': Math.max(...rounds.map((r) => r.mismatches)),
    'audit findings': rounds.reduce((n, r) => n + r.findings.length, 0),
  });
  for (const r of rounds) if (r.findings.length > 0) console.log(r.findings);
} finally {
  await db.close();
  await isolated?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
