/**
 * npm run bench:futures-trades — what finding one futures order's trades costs (the order's detail
 * page, the Binance futures stream's TRADE reads) as futures_trade grows, and what the two order-id
 * indexes of migration 071 cost each trade written. On the PostgreSQL of DATABASE_URL, in a schema
 * of its own (dropped after): futures_trade as migrations 014 and 057 make it, BENCH_TRADES rows
 * (default 1,000,000) over four contracts, the market makers' pace of order ids; then
 * - the detail's read (`maker_order_id = $1 or taker_order_id = $1`) for BENCH_LOOKUPS random
 *   orders, without and with the indexes (median and max);
 * - BENCH_INSERTS single-trade insert transactions (a fill's write, one row), alternating rounds
 *   without and with the indexes, time per insert.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { openPostgres } from '../server/kernel/platform/db/postgres.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TRADES = Number(process.env.BENCH_TRADES ?? 1_000_000);
const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 30);
const INSERTS = Number(process.env.BENCH_INSERTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const schema = `bench_ftrades_${randomUUID().slice(0, 8)}`;
const admin = await openPostgres(DATABASE_URL);
await admin.exec(`create schema ${schema}`);
const url = new URL(DATABASE_URL);
url.searchParams.set('options', `-c search_path=${schema}`);
const db = await openPostgres(url.toString(), { pool: 1, planOnce: 1 });
const migration = (name: string) => readFileSync(new URL(`../server/products/futures/migrations/${name}`, import.meta.url), 'utf8');
const INDEXES = migration('071_futures_trade_orders.sql');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

try {
  await db.exec(`
    create table futures_trade (
      id bigserial primary key, left_symbol text not null, right_symbol text not null,
      price numeric(36, 18) not null, quantity numeric(36, 18) not null,
      taker_side text not null check (taker_side in ('buy', 'sell')),
      maker_order_id bigint not null, taker_order_id bigint not null, created_ms bigint not null,
      maker_fee numeric(36, 18), taker_fee numeric(36, 18), maker_rate numeric(12, 8), taker_rate numeric(12, 8));
    create index futures_trade_pair_time on futures_trade (left_symbol, right_symbol, created_ms);`);
  // Each trade's two orders: ids rising with time, as the engine gives them (about two new orders a trade).
  const filled = process.hrtime.bigint();
  await db.exec(`
    insert into futures_trade (left_symbol, right_symbol, price, quantity, taker_side, maker_order_id, taker_order_id, created_ms, maker_fee, taker_fee)
    select (array['BTC','ETH','SOL','BNB'])[1 + g % 4], 'USDT', 60000 + (g % 997), 0.001 * (1 + g % 50), case when g % 2 = 0 then 'buy' else 'sell' end,
           2 * g - (g % 7), 2 * g + 1, 1700000000000 + g * 50, 0.01, 0.02
    from generate_series(1, ${TRADES}) g;
    analyze futures_trade;`);
  console.log(`futures_trade: ${TRADES.toLocaleString('en')} trades written in ${(ms(filled) / 1000).toFixed(1)} s`);

  const detail = `select created_ms, price, quantity from futures_trade where maker_order_id = $1 or taker_order_id = $1 order by id`;
  const lookups = async () => {
    const times: number[] = [];
    for (let i = 0; i < LOOKUPS; i++) {
      const order = 2 * (1 + Math.floor(Math.random() * TRADES)) + 1;
      const start = process.hrtime.bigint();
      await db.query(detail, [order]);
      times.push(ms(start));
    }
    return times;
  };
  const insertRound = async () => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < INSERTS; i++) {
      await db.query(
        `insert into futures_trade (left_symbol, right_symbol, price, quantity, taker_side, maker_order_id, taker_order_id, created_ms, maker_fee, taker_fee)
         values ('BTC', 'USDT', 60000, 0.001, 'buy', $1, $2, $3, 0.01, 0.02)`,
        [10 * TRADES + 2 * i, 10 * TRADES + 2 * i + 1, Date.now()],
      );
    }
    return (ms(start) * 1000) / INSERTS;
  };

  const without = await lookups();
  const insertsWithout: number[] = [];
  const insertsWith: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    insertsWithout.push(await insertRound());
    await db.exec(INDEXES);
    insertsWith.push(await insertRound());
    if (round < ROUNDS - 1) await db.exec('drop index futures_trade_maker_order; drop index futures_trade_taker_order;');
  }
  await db.exec('analyze futures_trade');
  const withIndexes = await lookups();
  const plan = await db.query<{ 'QUERY PLAN': string }>(`explain ${detail.replaceAll('$1', '7')}`);
  console.log(`one order's trades (${LOOKUPS} random orders): without the order-id indexes median ${median(without).toFixed(1)} ms, max ${Math.max(...without).toFixed(1)} ms`);
  console.log(`                                          with them: median ${median(withIndexes).toFixed(2)} ms, max ${Math.max(...withIndexes).toFixed(2)} ms`);
  console.log(`  plan with them: ${plan.map((r) => r['QUERY PLAN'].trim()).join(' / ')}`);
  console.log(`one trade's insert (its own transaction, ${INSERTS} a round, ${ROUNDS} rounds alternating): without ${insertsWithout.map((x) => x.toFixed(0)).join(', ')} µs; with ${insertsWith.map((x) => x.toFixed(0)).join(', ')} µs`);
} finally {
  await db.close();
  await admin.exec(`drop schema ${schema} cascade`);
  await admin.close();
}
