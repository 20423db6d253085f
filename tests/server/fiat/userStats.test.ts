import { describe, expect, it } from 'vitest';
import { FIAT_PATHS, type FiatAd } from '../../../domain/fiat.js';
import { RECOUNT_SQL } from '../../../server/products/fiat/userStats.js';
import { expectOk } from '../http.js';
import { MINUTE, useFiat, type TestUser } from './harness.js';

/**
 * The advertisers' records on the ad list (completed orders, completion rate = completed ÷
 * finished, 4 places cut toward zero, 1 before any finished) as orders end by each path the
 * product has: the seller's release, the buyer's cancel, the sweep's expiry, an operator's ruling
 * either way, an advertiser buying through a buy ad. They are read from the counters fiat_order's
 * trigger keeps (migration 074; its backfill: migration074.test.ts), which must equal a recount.
 */
const h = useFiat();
const order = (id: number) => ({ order_id: id });

/** The record a visitor's ad list shows beside ad `adId` (its owner's), the ad being a sell or a buy ad. */
async function record(adId: number, adSide: 'buy' | 'sell') {
  const page = expectOk(await h.act({}, FIAT_PATHS.ads, { side: adSide === 'sell' ? 'buy' : 'sell', crypto: 'USDT', fiat: 'USD', page: 1, size: 50 })) as unknown as { list: FiatAd[] };
  const ad = page.list.find((a) => a.id === adId);
  expect(ad).toBeDefined();
  return { completed: ad!.completed, completion_rate: ad!.completion_rate };
}

const recount = async (userId: number) => {
  const [row] = await h.db.query<{ completed: number; finished: number }>(`select completed::int as completed, finished::int as finished from (${RECOUNT_SQL}) r where user_id = $1`, [userId]);
  return row ?? { completed: 0, finished: 0 };
};

describe("the advertisers' records on the ad list", () => {
  it('follow every way an order ends, for buyer and seller, equal to a recount', async () => {
    const { seller, ad: sellAd } = await h.sellAd('1000');
    // The buyer advertises too (a buy ad), so the list shows their record as well.
    const buyer = await h.user();
    const buyAd = expectOk(await h.publish(buyer, { side: 'buy', method_ids: [], total: '500' }));
    expect(await record(sellAd.id, 'sell')).toEqual({ completed: 0, completion_rate: '1' });
    expect(await record(buyAd.id, 'buy')).toEqual({ completed: 0, completion_rate: '1' });

    // Each take of its own quantity: the same body again would be the same submission (its key is the body's).
    let takes = 0;
    const take = async (who: TestUser) => expectOk(await h.take(who, { ad_id: sellAd.id, by: 'quantity', value: String(10 + ++takes) }));
    // 1. Paid and released: completed for both.
    const released = await take(buyer);
    expectOk(await h.act(buyer, FIAT_PATHS.markPaid, order(released.id)));
    expectOk(await h.act(seller, FIAT_PATHS.release, order(released.id)));
    expect(await record(sellAd.id, 'sell')).toEqual({ completed: 1, completion_rate: '1' });
    expect(await record(buyAd.id, 'buy')).toEqual({ completed: 1, completion_rate: '1' });
    // 2. The buyer cancels: finished, not completed, for both.
    const cancelled = await take(buyer);
    expectOk(await h.act(buyer, FIAT_PATHS.cancel, order(cancelled.id)));
    expect(await record(sellAd.id, 'sell')).toEqual({ completed: 1, completion_rate: '0.5' });
    expect(await record(buyAd.id, 'buy')).toEqual({ completed: 1, completion_rate: '0.5' });
    // 3. Another buyer lets the pay deadline pass: the sweep cancels it.
    const late = await h.user();
    const expired = await take(late);
    h.advance(121 * MINUTE);
    await h.sweep();
    expect(await h.status(expired.id)).toBe('cancelled');
    // 4. and 5. Appeals the operator rules on: one returned to the seller, one released to the buyer.
    const ruled = [];
    for (const decision of ['return', 'release'] as const) {
      const appellant = await h.user();
      const o = await take(appellant);
      expectOk(await h.act(appellant, FIAT_PATHS.markPaid, order(o.id)));
      h.advance(61 * MINUTE);
      expectOk(await h.act(appellant, FIAT_PATHS.appeal, { order_id: o.id, reason: 'The seller does not confirm' }));
      expectOk(await h.act(h.operator, FIAT_PATHS.operatorResolve, { order_id: o.id, decision, reason: 'Bank statement read', totp_code: h.deskCode() }));
      ruled.push({ appellant, status: await h.status(o.id) });
    }
    expect(ruled.map((r) => r.status)).toEqual(['cancelled', 'completed']);
    // The seller: 2 completed of 5 finished.
    expect(await record(sellAd.id, 'sell')).toEqual({ completed: 2, completion_rate: '0.4' });

    // 6. A taker sells into the buyer's buy ad and releases: the buyer completed 2 of 3 finished.
    const taker = await h.user({ funds: { USDT: '100' } });
    const sold = expectOk(await h.take(taker, { ad_id: buyAd.id, by: 'quantity', value: '10', method_id: taker.method }));
    expectOk(await h.act(buyer, FIAT_PATHS.markPaid, order(sold.id)));
    expectOk(await h.act(taker, FIAT_PATHS.release, order(sold.id)));
    // Cut toward zero at 4 places, as before the counters.
    expect(await record(buyAd.id, 'buy')).toEqual({ completed: 2, completion_rate: '0.6666' });

    // Orders still open count for nobody.
    const open = await take(buyer);
    const paid = await take(late);
    expectOk(await h.act(late, FIAT_PATHS.markPaid, order(paid.id)));
    expect(await record(sellAd.id, 'sell')).toEqual({ completed: 2, completion_rate: '0.4' });
    expect(await record(buyAd.id, 'buy')).toEqual({ completed: 2, completion_rate: '0.6666' });
    expect(await h.status(open.id)).toBe('unpaid');

    for (const [user, completed, finished] of [
      [seller, 2, 5],
      [buyer, 2, 3],
      [late, 0, 1],
      [ruled[0]!.appellant, 0, 1],
      [ruled[1]!.appellant, 1, 1],
      [taker, 1, 1],
    ] as const) {
      expect(await recount(user.id)).toEqual({ completed, finished });
    }
    // The counters equal the recount for every user (the fiat part of the ledger audit).
    await h.expectAuditClean();
    // The owner's own list (my_ads) shows the same record.
    const mine = expectOk(await h.act(seller, FIAT_PATHS.myAds, { page: 1 })) as unknown as { list: FiatAd[] };
    expect(mine.list.find((a) => a.id === sellAd.id)).toMatchObject({ completed: 2, completion_rate: '0.4' });
  });
});
