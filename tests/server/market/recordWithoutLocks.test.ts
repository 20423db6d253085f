import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { FastEngine } from '../../../server/kernel/exchange/matching/fast.js';
import type { PairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { submissionKey } from '../../../server/kernel/platform/idempotency.js';
import { changeBalance, readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { systemAccountId } from '../../../server/kernel/platform/ledger/systemAccounts.js';
import { SpotMarket } from '../../../server/products/spot/spotMarket.js';
import { openTestDatabase } from '../testDb.js';

/**
 * The record stage reads the placers' balances without a lock, decides, and writes in one
 * statement relative to the rows (record.ts `recordWithoutLocks`). A balance that moves between the
 * read and the write must never be overdrawn: the statement fails whole and the locked path decides
 * again. Repeats of a key go through the locked path too.
 */
const PAIR: PairSpec = { left: 'BTC', right: 'USDT', symbol: 'BTC_USDT', pricePrecision: 2, amountPrecision: 5, contract: false };

let db: Database;
/** Runs once, right after the record stage's balance read (a concurrent debit, say). */
let afterRead: (() => Promise<void>) | undefined;
let market: SpotMarket;

beforeAll(async () => {
  db = await openTestDatabase();
  await systemAccountId(db, 'fees');
  const watched: Database = {
    ...db,
    query: async (sql, params) => {
      const rows = await db.query(sql, params);
      if (sql.startsWith(`select 'balance' as part`) && afterRead) {
        const run = afterRead;
        afterRead = undefined;
        await run();
      }
      return rows as never;
    },
  };
  market = new SpotMarket(PAIR, watched, () => new FastEngine(), { publish: () => undefined });
  await market.restore();
});
afterAll(() => db.close());

async function trader(account: string, usdt: string): Promise<number> {
  const [row] = await db.query<{ id: number }>(`insert into app_user (account, kind) values ($1, 'user') returning id`, [account]);
  const id = Number(row!.id);
  await db.transaction((tx) => changeBalance(tx, { userId: id, currency: 'USDT', account: 'spot', available: usdt, frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
  return id;
}

const debit = (userId: number, amount: string) => async () => {
  await db.transaction((tx) => changeBalance(tx, { userId, currency: 'USDT', account: 'spot', available: `-${amount}`, frozen: '0', kind: 'withdraw', refType: 'test', refId: null }));
};

describe('record stage without locks', () => {
  it('a debit between the read and the write that leaves too little: the order is refused, nothing is overdrawn', async () => {
    const userId = await trader('record-race-1@example.org', '100');
    afterRead = debit(userId, '50');
    const placed = await market.place({ userId, side: 'buy', type: 'limit', price: '80', quantity: '1' });
    expect(placed).toEqual({ ok: false, reason: 'insufficientFunds' });
    expect(await readBalance(db, userId, 'USDT')).toEqual({ available: '50', frozen: '0' });
    expect(await db.query(`select 1 from spot_order where user_id = $1`, [userId])).toHaveLength(0);
  });

  it('a debit between the read and the write that leaves enough: the freeze is taken from what is left', async () => {
    const userId = await trader('record-race-2@example.org', '100');
    afterRead = debit(userId, '10');
    const placed = await market.place({ userId, side: 'buy', type: 'limit', price: '80', quantity: '1' });
    expect(placed.ok).toBe(true);
    expect(await readBalance(db, userId, 'USDT')).toEqual({ available: '10', frozen: '80' });
    const [entry] = await db.query<{ after: string }>(
      `select trim_scale(available_after)::text as after from ledger_entry where user_id = $1 and kind = 'order_freeze'`,
      [userId],
    );
    expect(entry!.after).toBe('10');
  });

  it('a repeated key is answered with the first order, through the locked path', async () => {
    const userId = await trader('record-repeat@example.org', '100');
    const submission = { scope: 'spot_place', key: submissionKey('spot_place', 'record-repeat-key-1', {}) };
    const first = await market.place({ userId, side: 'buy', type: 'limit', price: '10', quantity: '1', submission });
    const again = await market.place({ userId, side: 'buy', type: 'limit', price: '10', quantity: '1', submission });
    expect(first.ok && again.ok && again.repeated).toBe(true);
    expect(again.ok && again.orderId).toBe(first.ok && first.orderId);
    expect(await readBalance(db, userId, 'USDT')).toEqual({ available: '90', frozen: '10' });
  });

  it('a key taken between the read and the write: the statement writes nothing, the locked path answers with the key’s order', async () => {
    const userId = await trader('record-key-race@example.org', '100');
    const submission = { scope: 'spot_place', key: submissionKey('spot_place', 'record-key-race-1', {}) };
    afterRead = async () => {
      await db.query(`insert into idempotency_key (user_id, key, scope, created_ms, response) values ($1, $2, 'spot_place', $3, '{"orderId": 424242}'::jsonb)`, [userId, submission.key.key, Date.now()]);
    };
    const placed = await market.place({ userId, side: 'buy', type: 'limit', price: '10', quantity: '1', submission });
    expect(placed.ok && placed.repeated && placed.orderId).toBe(424242);
    expect(await readBalance(db, userId, 'USDT')).toEqual({ available: '100', frozen: '0' });
    expect(await db.query(`select 1 from spot_order where user_id = $1`, [userId])).toHaveLength(0);
  });
});
