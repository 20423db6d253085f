import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_ONCE, type Database, type QueryOptions } from '../../../server/kernel/platform/db/database.js';
import { prepared } from '../../../server/kernel/platform/db/open.js';
import { openPostgres, PLAN_ONCE_SETTINGS } from '../../../server/kernel/platform/db/postgres.js';
import { FastEngine } from '../../../server/kernel/exchange/matching/fast.js';
import type { PairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { changeBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { systemAccountId } from '../../../server/kernel/platform/ledger/systemAccounts.js';
import { UserFeedPublisher } from '../../../server/kernel/platform/realtime/userFeedPublisher.js';
import { listCurrentOrders, ordersOf } from '../../../server/products/spot/orderViews.js';
import { SpotMarket } from '../../../server/products/spot/spotMarket.js';
import { createIsolatedSchema, usingPostgres, type IsolatedSchema } from '../testDb.js';

/**
 * Statements run with QueryOptions.planOnce keep ONE generic plan per connection for as long as the
 * connection lives, planned without their parameters and with whatever the tables held then. Such
 * a plan must reach every table by key: one that scans spot_order or balance whole is cheap on the
 * fresh database it was made on and grows slower with every order (it made the settlement 3×
 * slower under bench:pipeline). Here the trading path runs on a fresh schema, every planOnce
 * statement it sent is planned again as a generic plan in a session set up as the pool's
 * (PLAN_ONCE_SETTINGS), and no plan may scan a table whole. PostgreSQL only: PGlite does not cache
 * plans and ignores the hint.
 */
const PAIR: PairSpec = { left: 'BTC', right: 'USDT', symbol: 'BTC_USDT', pricePrecision: 2, amountPrecision: 5, contract: false };

describe.skipIf(!usingPostgres())('statements planned once', () => {
  let schema: IsolatedSchema;
  let db: Database;
  const sent = new Map<string, readonly unknown[]>();

  beforeAll(async () => {
    schema = await createIsolatedSchema();
    db = await prepared(await openPostgres(schema.url));
  });
  afterAll(async () => {
    await db?.close();
    await schema?.drop();
  });

  it('run in sessions set up for them, also when the database URL carries options of its own', async () => {
    // The schema's URL carries `options=-c search_path=…` (testDb.ts), which node-postgres would
    // otherwise let override the pool's settings.
    type Settings = { plan: string; seqscan: string; path: string };
    const read = `select current_setting('plan_cache_mode') as plan, current_setting('enable_seqscan') as seqscan, current_setting('search_path') as path`;
    const [once] = await db.query<Settings>(read, [], PLAN_ONCE);
    const [each] = await db.query<Settings>(read);
    expect(once).toEqual({ plan: PLAN_ONCE_SETTINGS.plan_cache_mode, seqscan: PLAN_ONCE_SETTINGS.enable_seqscan, path: schema.schema });
    expect(each).toEqual({ plan: 'force_custom_plan', seqscan: 'on', path: schema.schema });
  });

  it('reach every table by key, on a fresh database as on a full one', async () => {
    const recording: Database = {
      ...db,
      query: (sql: string, params?: readonly unknown[], options?: QueryOptions) => {
        if (options?.planOnce && params) sent.set(sql, params);
        return db.query(sql, params, options);
      },
    };
    await systemAccountId(db, 'fees');
    const trader = async (account: string, currency: string, amount: string) => {
      const [row] = await db.query<{ id: number }>(`insert into app_user (account, kind) values ($1, 'user') returning id`, [account]);
      const id = Number(row!.id);
      await db.transaction((tx) => changeBalance(tx, { userId: id, currency, account: 'spot', available: amount, frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
      return id;
    };
    const seller = await trader('plan-once-seller@example.org', 'BTC', '2');
    const buyer = await trader('plan-once-buyer@example.org', 'USDT', '1000');
    const market = new SpotMarket(PAIR, recording, () => new FastEngine(), { publish: () => undefined });
    await market.restore();

    // Record, settle a trade (the buyer's first BTC), end an order by a cancel; read orders and balances back.
    const resting = await market.place({ userId: seller, side: 'sell', type: 'limit', price: '100', quantity: '1' });
    const crossing = await market.place({ userId: buyer, side: 'buy', type: 'limit', price: '100', quantity: '0.5' });
    const cancelled = await market.place({ userId: buyer, side: 'buy', type: 'limit', price: '90', quantity: '1' });
    expect(resting.ok && crossing.ok && cancelled.ok).toBe(true);
    if (!resting.ok || !crossing.ok || !cancelled.ok) return;
    expect((await market.cancel(buyer, cancelled.orderId)).ok).toBe(true);
    const orders = await ordersOf(recording, [{ userId: buyer, orderIds: [crossing.orderId, cancelled.orderId] }]);
    expect(orders.get(buyer)?.map((o) => o.status)).toEqual([3, 4]);
    const pushed: unknown[] = [];
    const feed = new UserFeedPublisher(recording, { listening: () => true, send: (_, message) => pushed.push(message) });
    feed.balancesChanged(buyer, [{ currency: 'BTC', account: 'spot' }, { currency: 'USDT', account: 'spot' }]);
    await feed.idle();
    expect(pushed).toHaveLength(1);
    // The orders page's current list (issue 55 §3): the seller's rest of 0.5 BTC is open.
    const current = await listCurrentOrders(recording, seller, { page: 1 });
    expect(current.list.map((o) => o.id)).toEqual([resting.orderId]);
    const currentList = [...sent.keys()].find((sql) => sql.includes('count(*) over ()'));
    expect(currentList, 'the current orders are read planned once').toBeDefined();
    expect(sent.size).toBeGreaterThanOrEqual(5);

    const client = new pg.Client({ connectionString: schema.url });
    await client.connect();
    try {
      for (const [name, value] of Object.entries(PLAN_ONCE_SETTINGS)) await client.query(`set ${name} = ${value}`);
      let n = 0;
      for (const [sql, params] of sent) {
        const statement = `plan_once_${++n}`;
        await client.query(`prepare ${statement} as ${sql}`);
        // EXECUTE takes no bind parameters: the values go in as literals, each cast to its parameter's type.
        const args = params.map((value) => (value === null ? 'null' : client.escapeLiteral(literal(value)))).join(', ');
        const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain execute ${statement}(${args})`)).rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(plan, `${sql.slice(0, 120)}…\n${plan}`).not.toMatch(/Seq Scan on (?!pg_)/);
        // An index searched on constants alone (a balance's account) reads every row with that value.
        expect(plan, `${sql.slice(0, 120)}…\n${plan}`).not.toMatch(/Index Cond: \(\w+ = '[^']*'::\w+\)\n/);
        // A user's open orders by their own index (migration 081), not every open order of the exchange.
        if (sql === currentList) expect(plan, plan).toMatch(/spot_order_user_open/);
      }
    } finally {
      await client.end();
    }
  });
});

/** A parameter's text as PostgreSQL reads it: an array as `{"a","b",NULL}`. */
function literal(value: unknown): string {
  if (!Array.isArray(value)) return String(value);
  return `{${value.map((v) => (v === null || v === undefined ? 'NULL' : `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}
