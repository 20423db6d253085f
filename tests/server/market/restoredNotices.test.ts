import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotOrder } from '../../../domain/spotOrders.js';
import { listCurrencies, listPairs } from '../../../server/kernel/platform/catalogue.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { FastEngine } from '../../../server/kernel/exchange/matching/fast.js';
import type { PairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { silentUserFeed, type UserFeed, type UserOrder } from '../../../server/kernel/platform/realtime/userFeed.js';
import { MarketService } from '../../../server/products/spot/marketService.js';
import { RESTORED_WINDOW_MS, SpotMarket } from '../../../server/products/spot/spotMarket.js';
import { openTestDatabase } from '../testDb.js';
import { createTestUser } from '../support/users.js';

/**
 * Issue 53 §4: a market owner killed between a batch's commit and its push leaves an order nobody
 * told its user of. The new owner, after its restore, tells every order of the pair written shortly
 * before (SpotMarket.tellRestored, which MarketService.start runs once the listeners are known).
 */

const BTC_USDT: PairSpec = { left: 'BTC', right: 'USDT', symbol: 'BTC_USDT', pricePrecision: 2, amountPrecision: 5, contract: true };
const publisher = { publish: () => undefined };

// One database for both cases (a fresh one costs seconds): the clock only moves on, and each case's
// window starts after the one before it wrote.
let db: Database;
let now = Date.parse('2026-11-27T10:00:00Z');
const clock = () => now;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const user = (account: string, funds: Record<string, string>) => createTestUser(db, { name: account, funded: funds }).then((u) => u.id);

/** A user channel that records what it is told; `listening`: who has a socket (absent: everyone). */
function recordingFeed(listening?: Set<number>) {
  const orders: Array<{ userId: number; orders: UserOrder[] }> = [];
  const balances: Array<{ userId: number; currencies: string[] }> = [];
  const feed: UserFeed = {
    ordersCommitted: (userId, list) => void orders.push({ userId, orders: [...list] }),
    balancesChanged: (userId, rows) => void balances.push({ userId, currencies: rows.map((r) => r.currency) }),
    ...(listening ? { listening: (userId: number) => listening.has(userId) } : {}),
  };
  const toldOf = (userId: number) => orders.filter((o) => o.userId === userId).flatMap((o) => o.orders as SpotOrder[]);
  return { feed, orders, balances, toldOf };
}

const placed = (outcome: unknown) => (outcome as { orderId: number }).orderId;

describe('spot market: the new owner tells what the old one committed and never pushed', () => {
  it('an order committed by a market whose pushes were lost reaches its user from the market restored over the same database', async () => {
    const seller = await user('seller@example.org', { BTC: '2' });
    const buyer = await user('buyer@example.org', { USDT: '1000' });
    // The old owner: it commits, and every push is lost (killed before telling anyone).
    const old = new SpotMarket(BTC_USDT, db, () => new FastEngine(), publisher, clock, silentUserFeed);
    await old.restore();
    const resting = placed(await old.place({ userId: seller, side: 'sell', type: 'limit', price: '100', quantity: '1' }));
    now += 5;
    const taker = placed(await old.place({ userId: buyer, side: 'buy', type: 'limit', price: '100', quantity: '1' }));
    await old.idle();

    // The new owner takes over a second later: its markets restore (prepare), and once started
    // (the user channel's listeners known by then) they tell.
    now += 1000;
    const told = recordingFeed();
    const service = new MarketService(db, await listPairs(db), await listCurrencies(db), publisher, {
      marketMakers: false,
      runsHere: (symbol) => symbol === 'BTC_USDT',
      unsimulated: new Set(['BTC_USDT']),
      userFeed: told.feed,
      clock,
    });
    try {
      await service.prepare();
      expect(told.orders).toEqual([]);
      await service.start(0);
      for (let i = 0; i < 100 && told.orders.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20));

      // Each user hears of their order as it is now (fully traded), with the pair's balances.
      expect(told.toldOf(buyer)).toEqual([expect.objectContaining({ id: taker, status: 3, filled: '1', symbol: 'BTC_USDT', side: 'buy' })]);
      expect(told.toldOf(seller)).toEqual([expect.objectContaining({ id: resting, status: 3, filled: '1', side: 'sell' })]);
      expect(told.balances).toEqual(
        expect.arrayContaining([
          { userId: buyer, currencies: ['BTC', 'USDT'] },
          { userId: seller, currencies: ['BTC', 'USDT'] },
        ]),
      );
      // Once per restore: telling again tells nothing more.
      await service.market('BTC_USDT')!.tellRestored();
      expect(told.orders).toHaveLength(2);
    } finally {
      await service.stop();
    }
  });

  it('tells only orders written within the window before the restore, and only to users who listen', async () => {
    now += RESTORED_WINDOW_MS;
    const early = await user('early@example.org', { USDT: '1000' });
    const late = await user('late@example.org', { USDT: '1000' });
    const away = await user('away@example.org', { USDT: '1000' });
    const old = new SpotMarket(BTC_USDT, db, () => new FastEngine(), publisher, clock, silentUserFeed);
    await old.restore();
    await old.place({ userId: early, side: 'buy', type: 'limit', price: '90', quantity: '1' });
    now += RESTORED_WINDOW_MS + 1000;
    const recent = placed(await old.place({ userId: late, side: 'buy', type: 'limit', price: '91', quantity: '1' }));
    await old.place({ userId: away, side: 'buy', type: 'limit', price: '92', quantity: '1' });
    await old.idle();

    now += 500;
    const told = recordingFeed(new Set([early, late]));
    const market = new SpotMarket(BTC_USDT, db, () => new FastEngine(), publisher, clock, told.feed);
    await market.restore();
    await market.tellRestored();
    // `early`'s order was pushed long before (outside the window); `away` has no socket.
    expect(told.orders).toEqual([{ userId: late, orders: [expect.objectContaining({ id: recent, status: 1, price: '91' })] }]);
    // The restored book is the old one's, and it goes on matching.
    expect(market.bestBid()).toBe(9200);
  });
});
