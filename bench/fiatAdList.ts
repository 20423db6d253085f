/**
 * npm run bench:fiat-ads — what the P2P ad list's advertiser records cost (ads.ts `toAds`: each
 * advertiser's completed orders and completion rate, on every visitor's list), before and after
 * migration 074's counters, when one merchant has many orders. On the PostgreSQL of DATABASE_URL,
 * in a schema of its own (dropped after), or on an in-memory PGlite with BENCH_DB=pglite: every
 * migration up to 073, a page of ten advertisers' sell ads, BENCH_ORDERS orders (default 100,000)
 * of one merchant (seller of 70 %, buyer of 30 %; 90 % completed, 8 % cancelled, the rest open)
 * and 1,000 of each other advertiser; then
 * - the records' read as it was (two counts of the advertisers' orders), BENCH_READS reads;
 * - migration 074 (its backfill) timed;
 * - the records as `toAds` reads them now, and its statement alone, BENCH_READS reads each, and
 *   a check that every advertiser's figures are the count's;
 * - single-order transactions finishing an order (the release's status update), BENCH_FINISHES a
 *   round, BENCH_ROUNDS rounds alternating without and with the counters' trigger.
 */
import { randomUUID } from 'node:crypto';
import { divDecimal } from '../domain/decimal.js';
import { migrate } from '../server/kernel/platform/db/migrate.js';
import type { Database } from '../server/kernel/platform/db/database.js';
import { openPglite } from '../server/kernel/platform/db/pglite.js';
import { openPostgres } from '../server/kernel/platform/db/postgres.js';
import { toAds, type AdRow } from '../server/products/fiat/ads.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const READS = Number(process.env.BENCH_READS ?? 20);
const FINISHES = Number(process.env.BENCH_FINISHES ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PGLITE = process.env.BENCH_DB === 'pglite';
const ADVERTISERS = 10;
const OTHERS_ORDERS = 1000;

const schema = `bench_fiatads_${randomUUID().slice(0, 8)}`;
const admin = PGLITE ? undefined : await openPostgres(DATABASE_URL);
await admin?.exec(`create schema ${schema}`);
const url = new URL(DATABASE_URL);
url.searchParams.set('options', `-c search_path=${schema}`);
const db: Database = PGLITE ? await openPglite() : await openPostgres(url.toString(), { pool: 1, planOnce: 1 });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const timed = async (times: number, work: () => Promise<unknown>) => {
  const spent: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = process.hrtime.bigint();
    await work();
    spent.push(ms(start));
  }
  return spent;
};
const show = (xs: number[], places = 1) => `median ${median(xs).toFixed(places)} ms, max ${Math.max(...xs).toFixed(places)} ms`;

/** ads.ts merchantStats before migration 074, word for word. */
const BEFORE = `select u.id, coalesce(nullif(u.nickname, ''), split_part(u.account, '@', 1)) as name,
       (select count(*)::int from fiat_order o where (o.buyer_id = u.id or o.seller_id = u.id) and o.status = 'completed') as completed,
       (select count(*)::int from fiat_order o where (o.buyer_id = u.id or o.seller_id = u.id) and o.status in ('completed', 'cancelled')) as finished
     from app_user u where u.id = any($1::bigint[])`;
/** …and after it (the statement merchantStats sends now). */
const AFTER = `select u.id, coalesce(nullif(u.nickname, ''), split_part(u.account, '@', 1)) as name,
       coalesce(s.completed, 0)::text as completed, coalesce(s.finished, 0)::text as finished
     from app_user u left join fiat_user_stats s on s.user_id = u.id where u.id = any($1::bigint[])`;

const figures = async (sql: string, ids: number[]) =>
  (await db.query<{ id: string; completed: string; finished: string }>(sql, [ids]))
    .map((r) => `${r.id}:${r.completed}:${Number(r.finished) === 0 ? '1' : divDecimal(String(r.completed), String(r.finished), 4)}`)
    .sort()
    .join(' ');

try {
  const started = process.hrtime.bigint();
  await migrate(db, '073_ledger_treasury_kinds.sql');
  await db.exec(`
    insert into currency (symbol, name, price, legal_status) values ('USDT', 'Tether', 1, 1);
    insert into app_user (account, nickname) select 'bench-fiat-' || g || '@example.org', case when g <= ${ADVERTISERS} then 'Merchant ' || g else '' end from generate_series(1, ${ADVERTISERS + 1000}) g;
    insert into fiat_ad (user_id, side, crypto, fiat, price_kind, fixed_price, total, remaining, min_amount, max_amount, created_ms)
      select id, 'sell', 'USDT', 'USD', 'fixed', 1 + id / 100.0, 1000000, 1000000, 10, 5000, 0 from app_user where id <= ${ADVERTISERS};`);
  // The merchant (user 1): ORDERS orders with counterparties 11…1010; each other advertiser OTHERS_ORDERS.
  const orders = (count: number, advertiser: number, offset: number, statusOf: string) => `
    insert into fiat_order (order_no, ad_id, buyer_id, seller_id, taker_id, crypto, fiat, price, quantity, amount, value_usdt, status, created_ms, pay_deadline_ms, finished_ms)
    select 'B' || (${offset} + g), ${advertiser}, case when g % 10 < 3 then ${advertiser} else c end, case when g % 10 < 3 then c else ${advertiser} end, c,
           'USDT', 'USD', 1.01, 10, 10.1, 10, s, 1700000000000 + g * 1000, 1700000000000 + g * 1000 + 7200000, case when s in ('completed', 'cancelled') then 1700000000000 + g * 1000 + 600000 end
    from (select g, ${ADVERTISERS + 1} + g % 1000 as c, ${statusOf} as s from generate_series(1, ${count}) g) o`;
  const mixed = `case when g % 50 = 0 then 'unpaid' when g % 50 < 5 then 'cancelled' else 'completed' end`;
  await db.exec(orders(ORDERS, 1, 0, mixed));
  for (let a = 2; a <= ADVERTISERS; a++) await db.exec(orders(OTHERS_ORDERS, a, ORDERS + a * OTHERS_ORDERS, mixed));
  // The orders the finishing transactions end, open until then.
  await db.exec(orders(2 * ROUNDS * FINISHES, 1, ORDERS + (ADVERTISERS + 1) * OTHERS_ORDERS, `'paid'`));
  await db.exec('analyze');
  const ids = Array.from({ length: ADVERTISERS }, (_, i) => i + 1);
  const [count] = await db.query<{ n: string }>(`select count(*)::text as n from fiat_order`);
  console.log(`${PGLITE ? 'PGlite' : 'PostgreSQL'}, fiat_order: ${Number(count!.n).toLocaleString('en')} orders (${ORDERS.toLocaleString('en')} of the merchant), ${ADVERTISERS} advertisers on the page; set up in ${(ms(started) / 1000).toFixed(1)} s`);

  const finishable = async () => (await db.query<{ id: string }>(`select id::text as id from fiat_order where status = 'paid' order by id limit ${FINISHES}`)).map((r) => Number(r.id));
  const finish = async (orderIds: number[]) => {
    const spent: number[] = [];
    for (const id of orderIds) {
      const start = process.hrtime.bigint();
      await db.transaction((tx) => tx.query(`update fiat_order set status = 'completed', finished_ms = $2 where id = $1 and status = any($3::text[]) returning 1`, [id, Date.now(), ['paid', 'appeal']]));
      spent.push(ms(start) * 1000);
    }
    return spent;
  };

  const before = await timed(READS, () => db.query(BEFORE, [ids]));

  const migrating = process.hrtime.bigint();
  const applied = await migrate(db);
  console.log(`migration ${applied.join(', ')} (backfill of every order, trigger): ${ms(migrating).toFixed(0)} ms`);
  await db.exec('analyze');

  const rows = (await db.query<AdRow>(`select id, user_id, side, crypto, fiat, price_kind, fixed_price::text, margin::text, total::text, remaining::text, min_amount::text, max_amount::text, method_ids, terms, status, created_ms from fiat_ad`)).map(
    (r) => ({ ...r, id: Number(r.id), user_id: Number(r.user_id), method_ids: [], created_ms: Number(r.created_ms) }),
  );
  const page = await timed(READS, () => toAds(db, rows));
  const after = await timed(READS, () => db.query(AFTER, [ids]));
  const figuresAfter = await figures(AFTER, ids);
  const recounted = await figures(BEFORE, ids);
  // Rounds without the trigger leave the counters behind: after the figures are compared.
  const finishesWithout: number[] = [];
  const finishesWith: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await db.exec('alter table fiat_order disable trigger fiat_user_stats_count');
    finishesWithout.push(median(await finish(await finishable())));
    await db.exec('alter table fiat_order enable trigger fiat_user_stats_count');
    finishesWith.push(median(await finish(await finishable())));
  }

  console.log(`the page's advertiser records (${READS} reads): counted from fiat_order ${show(before)}`);
  console.log(`                                   from the counters: ${show(after, 2)}; toAds, the whole page: ${show(page, 2)}`);
  console.log(`same figures as the count: ${figuresAfter === recounted ? 'yes' : `NO\n  counters ${figuresAfter}\n  recount  ${recounted}`} (the merchant's id:completed:rate ${figuresAfter.split(' ').find((f) => f.startsWith('1:'))})`);
  const rounds = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  console.log(`one order finishing, its own transaction (median µs of ${FINISHES}, ${ROUNDS} rounds alternating): without the trigger ${rounds(finishesWithout)}; with it ${rounds(finishesWith)}`);
  if (figuresAfter !== recounted) process.exitCode = 1;
} finally {
  await db.close();
  await admin?.exec(`drop schema ${schema} cascade`);
  await admin?.close();
}
