import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { ReferenceEngine } from '../../../server/kernel/exchange/matching/reference.js';
import type { PairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { runSpotCommand } from '../../../server/products/spot/remoteMarket.js';
import { SpotMarket } from '../../../server/products/spot/spotMarket.js';
import { openTestDatabase } from '../testDb.js';

/**
 * A cancel with a restriction (the Binance dialect's cancelRestrictions) is judged by the market in
 * the batch step that cancels: a fill sequenced before it is seen, so an order that filled in the
 * meantime is not cancelled as "new" (a check of the status read before the cancel was a race).
 */
const BTC_USDT: PairSpec = { left: 'BTC', right: 'USDT', symbol: 'BTC_USDT', pricePrecision: 2, amountPrecision: 5, contract: true };
const publisher = { publish: () => undefined };
let db: Database;

async function user(account: string, funds: Record<string, string>): Promise<number> {
  const [row] = await db.query<{ id: number }>('insert into app_user (account, kind) values ($1, $2) returning id', [account, 'user']);
  for (const [currency, amount] of Object.entries(funds)) {
    await db.transaction((tx) => changeBalance(tx, { userId: row!.id, currency, account: 'spot', available: amount, frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
  }
  return row!.id;
}
const filledOf = async (orderId: number) =>
  (await db.query<{ status: number; filled: string }>('select status, trim_scale(filled)::text as filled from spot_order where id = $1', [orderId]))[0];

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

describe('spot market: a restricted cancel is one decision with the fills before it', () => {
  it('ONLY_NEW after a fill queued before it: refused, the order rests on; ONLY_PARTIALLY_FILLED then cancels it', async () => {
    const m = new SpotMarket(BTC_USDT, db, new ReferenceEngine(), publisher);
    const seller = await user('restricted-seller@example.org', { BTC: '2' });
    const buyer = await user('restricted-buyer@example.org', { USDT: '100000' });
    const ask = await m.place({ userId: seller, side: 'sell', type: 'limit', price: '30000', quantity: '1.5' });
    if (!ask.ok) throw new Error('ask refused');
    const whole = 150_000; // 1.5 BTC in units of 0.00001
    // Both sent in one turn: the fill is sequenced first, then the cancel that expects an untouched order.
    const [bid, cancelNew] = await Promise.all([
      m.place({ userId: buyer, side: 'buy', type: 'limit', price: '30000', quantity: '0.5' }),
      m.cancel(seller, ask.orderId, { only: 'new', quantity: whole }),
    ]);
    expect(bid.ok).toBe(true);
    expect(cancelNew).toEqual({ ok: false, reason: 'restricted' });
    expect(await filledOf(ask.orderId)).toEqual({ status: 2, filled: '0.5' });
    expect(m.restingOwner(ask.orderId)).toBe(seller);

    const cancelPartial = await m.cancel(seller, ask.orderId, { only: 'partial', quantity: whole });
    expect(cancelPartial.ok).toBe(true);
    expect((await filledOf(ask.orderId))!.status).not.toBe(2);
  });

  it('ONLY_PARTIALLY_FILLED of an untouched order: refused; ONLY_NEW cancels it; another user\'s order stays unknown', async () => {
    const m = new SpotMarket(BTC_USDT, db, new ReferenceEngine(), publisher);
    const seller = await user('restricted-seller2@example.org', { BTC: '1' });
    const other = await user('restricted-other@example.org', {});
    const ask = await m.place({ userId: seller, side: 'sell', type: 'limit', price: '31000', quantity: '1' });
    if (!ask.ok) throw new Error('ask refused');
    expect(await m.cancel(seller, ask.orderId, { only: 'partial', quantity: 100_000 })).toEqual({ ok: false, reason: 'restricted' });
    // The same over the bus (a market held by another process): the restriction crosses with the command.
    expect(await runSpotCommand(m, { op: 'cancel', userId: seller, orderId: ask.orderId, restriction: { only: 'partial', quantity: 100_000 } })).toEqual({ ok: false, reason: 'restricted' });
    await expect(runSpotCommand(m, { op: 'cancel', userId: seller, orderId: ask.orderId, restriction: { only: 'sometimes', quantity: 1 } })!).rejects.toThrow(/not a spot command/);
    expect(await m.cancel(other, ask.orderId, { only: 'new', quantity: 100_000 })).toEqual({ ok: false, reason: 'unknownOrder' });
    expect((await m.cancel(seller, ask.orderId, { only: 'new', quantity: 100_000 })).ok).toBe(true);
  });
});
