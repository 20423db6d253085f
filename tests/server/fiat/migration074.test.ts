import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { migrate } from '../../../server/kernel/platform/db/migrate.js';
import { RECOUNT_SQL, userStatsFindings } from '../../../server/products/fiat/userStats.js';
import { openBlankDatabase, usingPostgres } from '../testDb.js';

/**
 * Migration 074: each user's P2P record (completed and finished orders, what the ad list shows)
 * kept as counters by a trigger on fiat_order. Orders finished before it are counted by its
 * backfill, both parties of each; from then on every write of an order's status moves the
 * counters in the same statement, whoever writes it (tests/server/fiat/userStats.test.ts drives
 * the product's own paths).
 */
let db: Database;
let adId = 0;
let orders = 0;
const users: Record<'a' | 'b' | 'c' | 'd', number> = { a: 0, b: 0, c: 0, d: 0 };

const order = async (buyer: number, seller: number, status: string) => {
  const n = ++orders;
  const [row] = await db.query<{ id: number }>(
    `insert into fiat_order (order_no, ad_id, buyer_id, seller_id, taker_id, crypto, fiat, price, quantity, amount, value_usdt, status, created_ms, pay_deadline_ms)
     values ($1, $2, $3, $4, $3, 'USDT', 'USD', 1, 10, 10, 10, $5, $6, $6) returning id::int as id`,
    [`M074-${n}`, adId, buyer, seller, status, 1_700_000_000_000 + n],
  );
  return row!.id;
};

const kept = async () =>
  (await db.query<{ user_id: number; completed: number; finished: number }>(`select user_id::int as user_id, completed::int as completed, finished::int as finished from fiat_user_stats where finished > 0 order by user_id`));
const recount = async () =>
  (await db.query<{ user_id: number; completed: number; finished: number }>(`select user_id::int as user_id, completed::int as completed, finished::int as finished from (${RECOUNT_SQL}) r order by user_id`));
const setStatus = (id: number, status: string) => db.query(`update fiat_order set status = $2 where id = $1`, [id, status]);

beforeAll(async () => {
  db = await openBlankDatabase();
  await migrate(db, '073_ledger_treasury_kinds.sql');
  await db.query(`insert into currency (symbol, name, price, legal_status) values ('USDT', 'Tether', 1, 1)`);
  for (const name of Object.keys(users) as Array<keyof typeof users>) {
    const [row] = await db.query<{ id: number }>(`insert into app_user (account) values ($1) returning id::int as id`, [`m074-${name}@example.org`]);
    users[name] = row!.id;
  }
  const [ad] = await db.query<{ id: number }>(
    `insert into fiat_ad (user_id, side, crypto, fiat, price_kind, fixed_price, total, remaining, min_amount, max_amount, created_ms)
     values ($1, 'sell', 'USDT', 'USD', 'fixed', 1, 1000, 1000, 10, 100, 0) returning id::int as id`,
    [users.a],
  );
  adId = ad!.id;
  const { a, b, c } = users;
  // a sold to b three times (two completed, one cancelled) and to c once (cancelled); b sold to c
  // once (completed); open orders count for nobody yet; d never traded.
  await order(b, a, 'completed');
  await order(b, a, 'completed');
  await order(b, a, 'cancelled');
  await order(c, a, 'cancelled');
  await order(c, b, 'completed');
  await order(b, a, 'unpaid');
  await order(c, a, 'paid');
  await order(b, a, 'appeal');
  expect(await migrate(db)).toContain('074_fiat_user_stats.sql');
});

afterAll(async () => {
  await db?.close();
});

describe('migration 074: the users’ P2P records as counters', () => {
  it('counts the orders finished before it, for both parties of each', async () => {
    const { a, b, c } = users;
    expect(await kept()).toEqual(
      [
        { user_id: a, completed: 2, finished: 4 },
        { user_id: b, completed: 3, finished: 4 },
        { user_id: c, completed: 1, finished: 2 },
      ].sort((x, y) => x.user_id - y.user_id),
    );
    expect(await userStatsFindings(db)).toEqual([]);
  });

  it('moves the counters with every write of an order’s status from then on, and only then', async () => {
    const { a, b, c, d } = users;
    const [open] = await db.query<{ id: number }>(`select id::int as id from fiat_order where status = 'unpaid'`);
    const [paid] = await db.query<{ id: number }>(`select id::int as id from fiat_order where status = 'paid'`);
    const [appeal] = await db.query<{ id: number }>(`select id::int as id from fiat_order where status = 'appeal'`);
    await setStatus(open!.id, 'paid');
    // Columns other than the status (the notices' flags) leave the counters as they are.
    await db.query(`update fiat_order set pay_warned = true, confirm_warned = true`);
    expect(await kept()).toEqual(await recount());
    await setStatus(paid!.id, 'completed');
    await setStatus(appeal!.id, 'cancelled');
    // A repair in SQL that turns a finished order round is counted too.
    await setStatus(appeal!.id, 'completed');
    await order(d, c, 'completed');
    await order(a, d, 'cancelled');
    // Many rows in one statement: each counted once.
    await db.query(`update fiat_order set status = 'cancelled' where status = 'paid'`);
    expect(await kept()).toEqual(await recount());
    expect((await kept()).find((r) => r.user_id === d)).toEqual({ user_id: d, completed: 1, finished: 2 });
    expect((await kept()).find((r) => r.user_id === b)).toEqual({ user_id: b, completed: 4, finished: 6 });
    expect(await userStatsFindings(db)).toEqual([]);
  });

  // On PostgreSQL (PGlite has one connection): the counters are the finishing transaction's last
  // locks, taken at its commit, never held while it waits for the ad, the users or the balances.
  it.skipIf(!usingPostgres())('locks the parties’ counters only at the commit', async () => {
    const { a, b } = users;
    const id = await order(b, a, 'paid');
    await db.transaction(async (tx) => {
      await tx.query(`update fiat_order set status = 'completed' where id = $1`, [id]);
      // Another session takes both rows at once (nowait: an immediate trigger's lock would refuse it, 55P03).
      const free = await db.query<{ user_id: number }>(`select user_id::int as user_id from fiat_user_stats where user_id = any($1::bigint[]) order by user_id for update nowait`, [[a, b]]);
      expect(free.map((r) => r.user_id)).toEqual([a, b].sort((x, y) => x - y));
    });
    expect(await kept()).toEqual(await recount());
  });

  it('the audit names a counter that no longer equals its orders', async () => {
    const { a } = users;
    await db.query(`update fiat_user_stats set completed = completed + 1, finished = finished + 1 where user_id = $1`, [a]);
    const findings = await userStatsFindings(db);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(new RegExp(`^P2P record of user ${a}: completed/finished kept \\d+/\\d+ but its orders count \\d+/\\d+$`));
    await db.query(`update fiat_user_stats set completed = completed - 1, finished = finished - 1 where user_id = $1`, [a]);
    expect(await userStatsFindings(db)).toEqual([]);
  });
});
