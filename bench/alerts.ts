/**
 * bench:alerts — the price alerts' sweep (server/products/alerts/watch.ts) at scale: ALERTS active
 * alerts (default 100,000: 10,000 users × 10, on the seed's spot pairs, half rises and half falls,
 * spread ±20 % around each pair's price) on the embedded PostgreSQL (or DATABASE_URL), trades
 * arriving at TRADES_PER_SECOND (default 1,000) spread over the pairs; then the sweep every second
 * as the server runs it (one statement and its notices, in one transaction), SWEEPS times, with
 * the price walking 0.2 % a second so some alerts trigger. Prints the time per sweep (median,
 * p90, max) and the alerts triggered.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { listCurrencies, listPairs } from '../server/kernel/platform/catalogue.js';
import { openDatabase } from '../server/kernel/platform/db/open.js';
import { SWEEP_SQL, sweepAlerts, SWEEP_OVERLAP_MS } from '../server/products/alerts/watch.js';
import { createIsolatedSchema } from '../tests/server/testDb.js';

const ALERTS = Number(process.env.ALERTS ?? 100_000);
const TRADES_PER_SECOND = Number(process.env.TRADES_PER_SECOND ?? 1000);
const SWEEPS = Number(process.env.SWEEPS ?? 30);

const dataDir = mkdtempSync(join(tmpdir(), 'openex-bench-alerts-'));
const isolated = process.env.DATABASE_URL ? await createIsolatedSchema() : undefined;
const db = await openDatabase({ databaseUrl: isolated?.url, dataDir, embedded: 'postgres' });
const silent = { balancesChanged: () => undefined, ordersCommitted: () => undefined, message: () => undefined };

try {
  const prices = new Map((await listCurrencies(db)).map((c) => [c.symbol, Number(c.price)]));
  const pairs = (await listPairs(db)).filter((p) => p.trade_status === 1 && p.right_symbol === 'USDT' && prices.get(p.left_symbol));
  const users = Math.ceil(ALERTS / 10);
  await db.query(`insert into app_user (account) select 'alerts-' || g || '@bench.test' from generate_series(1, $1) g`, [users]);
  const [first] = await db.query<{ id: string }>(`select min(id)::text as id from app_user where account like 'alerts-%'`);
  const start = Date.now() - 60_000;
  // Made well before the first sweep (each sweep then reads them by pair; one made inside a sweep's window is read on its own).
  const madeAt = start - 3_600_000;
  // Alerts: each user ten, on the pairs in turn, a rise above or a fall below the pair's price.
  await db.query(
    `insert into price_alert (user_id, left_symbol, right_symbol, condition, price, created_ms)
     select $1::bigint + (g - 1) / 10, p.l, p.r, case when g % 2 = 0 then 'above' else 'below' end,
       round((p.price * case when g % 2 = 0 then 1 + random() * 0.2 else 1 - random() * 0.2 end)::numeric, p.places), $2
     from generate_series(1, $3) g
     join (select * from unnest($4::text[], $5::text[], $6::float8[], $7::int[]) with ordinality as t(l, r, price, places, n)) p on p.n = 1 + g % $8`,
    [Number(first!.id), madeAt, ALERTS, pairs.map((p) => p.left_symbol), pairs.map((p) => p.right_symbol), pairs.map((p) => prices.get(p.left_symbol)!), pairs.map((p) => p.price_precision), pairs.length],
  );
  // As autovacuum would have by then: the planner knows the table.
  await db.query('analyze price_alert');
  // One trader's two orders, which every generated trade names (the table's foreign keys).
  const [trader] = await db.query<{ id: string }>(`insert into app_user (account) values ('alerts-trader@bench.test') returning id::text as id`);
  const orderIds = new Map<string, [number, number]>();
  for (const p of pairs) {
    const ids = await db.query<{ id: string }>(
      `insert into spot_order (user_id, left_symbol, right_symbol, side, type, tif, price, quantity, frozen, filled, status, created_ms, updated_ms)
       values ($1, $2, $3, 'buy', 'limit', 'GTC', 1, 1, 0, 1, 3, $4, $4), ($1, $2, $3, 'sell', 'limit', 'GTC', 1, 1, 0, 1, 3, $4, $4) returning id::text as id`,
      [Number(trader!.id), p.left_symbol, p.right_symbol, start],
    );
    orderIds.set(p.left_symbol, [Number(ids[0]!.id), Number(ids[1]!.id)]);
  }
  const walk = new Map(pairs.map((p) => [p.left_symbol, prices.get(p.left_symbol)!]));
  /** A second of trades up to `at`: TRADES_PER_SECOND over the pairs, each pair's price walking 0.2 %. */
  async function tradesUntil(at: number) {
    const l: string[] = [], r: string[] = [], price: string[] = [], time: number[] = [], maker: number[] = [], taker: number[] = [];
    for (let i = 0; i < TRADES_PER_SECOND; i++) {
      const p = pairs[i % pairs.length]!;
      const next = walk.get(p.left_symbol)! * (1 + (Math.random() - 0.5) * 0.004 / Math.sqrt(TRADES_PER_SECOND / pairs.length));
      walk.set(p.left_symbol, next);
      l.push(p.left_symbol); r.push(p.right_symbol); price.push(next.toFixed(p.price_precision)); time.push(at - 1000 + Math.floor((i * 1000) / TRADES_PER_SECOND));
      const [buy, sell] = orderIds.get(p.left_symbol)!;
      maker.push(sell); taker.push(buy);
    }
    await db.query(
      `insert into spot_trade (left_symbol, right_symbol, price, quantity, taker_side, maker_order_id, taker_order_id, maker_user_id, taker_user_id, created_ms)
       select l, r, p, 1, 'buy', m, t, $7, $7, c from unnest($1::text[], $2::text[], $3::numeric[], $4::bigint[], $5::bigint[], $6::bigint[]) as x(l, r, p, m, t, c)`,
      [l, r, price, maker, taker, time, Number(trader!.id)],
    );
  }
  const times: number[] = [];
  let triggered = 0;
  let at = start;
  for (let s = 0; s < SWEEPS; s++) {
    at += 1000;
    await tradesUntil(at);
    const t = performance.now();
    triggered += await sweepAlerts(db, silent, at - 1000 - SWEEP_OVERLAP_MS, at);
    times.push(performance.now() - t);
  }
  if (process.env.BENCH_EXPLAIN) {
    // The plan of one more sweep's statement (rolled back), for where its time goes.
    await db.transaction(async (tx) => {
      at += 1000;
      const plan = await tx.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${SWEEP_SQL}`, [at - 1000 - SWEEP_OVERLAP_MS, at, pairs.map((p) => p.left_symbol), pairs.map((p) => p.right_symbol), [], []]);
      console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
      throw new Error('rolled back');
    }).catch((error: unknown) => {
      if (!(error instanceof Error) || error.message !== 'rolled back') throw error;
    });
  }
  times.sort((a, b) => a - b);
  const q = (f: number) => times[Math.min(times.length - 1, Math.floor(f * times.length))]!.toFixed(1);
  console.log(`${ALERTS} active alerts on ${pairs.length} pairs, ${TRADES_PER_SECOND} trades/s: a sweep takes ${q(0.5)} ms (p90 ${q(0.9)}, max ${times.at(-1)!.toFixed(1)}) over ${SWEEPS} sweeps; ${triggered} alerts triggered`);
} finally {
  await db.close();
  await isolated?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
