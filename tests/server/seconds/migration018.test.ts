import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { migrate } from '../../../server/kernel/platform/db/migrate.js';
import { seedBeforePairListing } from '../seedBeforePairListing.js';
import { openBlankDatabase } from '../testDb.js';

/**
 * Migration 018 (seconds contracts settle by second): contracts settled before it keep their own
 * outcome; a second whose contracts are all settled is settled; a second with an open contract
 * stays due, and only its open contracts are left for the settlement.
 */
let db: Database;

beforeAll(async () => {
  db = await openBlankDatabase();
  await migrate(db, '017_futures_adl.sql');
  await seedBeforePairListing(db);
  const [user] = await db.query<{ id: number }>(`insert into app_user (account) values ('m018@example.org') returning id`);
  const contract = (second: number, direction: string, settled?: { price: string; outcome: string; profit: string }) =>
    db.query(
      `insert into seconds_contract (user_id, left_symbol, right_symbol, direction, period_s, payout_rate, stake, buy_price, accepted_ms, expiry_second,
         status, settle_price, outcome, profit, settled_ms)
       values ($1, 'BTC', 'USDT', $2, 30, 0.8, 10, 100, 1000, $3, $4, $5, $6, $7, $8)`,
      [user!.id, direction, second, settled ? 2 : 1, settled?.price ?? null, settled?.outcome ?? null, settled?.profit ?? null, settled ? second * 1000 + 20 : null],
    );
  // Second 500: settled before the migration. Second 600: one settled (a batch cut it), one open. Second 700: open.
  await contract(500, 'up', { price: '101', outcome: 'win', profit: '8' });
  await contract(500, 'down', { price: '101', outcome: 'loss', profit: '-10' });
  await contract(600, 'up', { price: '99', outcome: 'loss', profit: '-10' });
  await contract(600, 'down');
  await contract(700, 'up');
  await migrate(db);
});

afterAll(async () => {
  await db?.close();
});

describe('migration 018: seconds settled by second', () => {
  it('keeps what was settled and leaves due exactly the seconds with open contracts', async () => {
    const seconds = await db.query(
      `select second::int, trim_scale(settle_price)::text as price, settled_ms::text from seconds_second order by second`,
    );
    expect(seconds).toEqual([
      { second: 500, price: '101', settled_ms: '500020' },
      { second: 600, price: null, settled_ms: null },
      { second: 700, price: null, settled_ms: null },
    ]);
    const contracts = await db.query(
      `select expiry_second::int as second, direction, status, trim_scale(settle_price)::text as price, outcome, trim_scale(profit)::text as profit
       from seconds_contract_view order by id`,
    );
    expect(contracts).toEqual([
      { second: 500, direction: 'up', status: 2, price: '101', outcome: 'win', profit: '8' },
      { second: 500, direction: 'down', status: 2, price: '101', outcome: 'loss', profit: '-10' },
      { second: 600, direction: 'up', status: 2, price: '99', outcome: 'loss', profit: '-10' },
      { second: 600, direction: 'down', status: 1, price: null, outcome: null, profit: null },
      { second: 700, direction: 'up', status: 1, price: null, outcome: null, profit: null },
    ]);
  });

  it('derives a second settled after it for every contract of that second, except one settled before', async () => {
    await db.query(`insert into seconds_settlement (id, settled_ms, contracts) values (1, 600030, 1)`);
    await db.query(`update seconds_second set settle_price = 99, settled_ms = 600030, settlement_id = 1 where second = 600`);
    const rows = await db.query(
      `select direction, status, trim_scale(settle_price)::text as price, outcome, trim_scale(profit)::text as profit, settled_ms::text, settlement_id::int
       from seconds_contract_view where expiry_second = 600 order by id`,
    );
    expect(rows).toEqual([
      { direction: 'up', status: 2, price: '99', outcome: 'loss', profit: '-10', settled_ms: '600020', settlement_id: null },
      { direction: 'down', status: 2, price: '99', outcome: 'win', profit: '8', settled_ms: '600030', settlement_id: 1 },
    ]);
  });
});
