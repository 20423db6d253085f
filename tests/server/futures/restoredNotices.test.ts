import { describe, expect, it } from 'vitest';
import type { UserFeed } from '../../../server/kernel/platform/realtime/userFeed.js';
import { tellRestoredFutures } from '../../../server/products/futures/restoredNotices.js';
import { useFutures } from './harness.js';

const t = useFutures();

/** A user feed that records what it is told, listening for `listening` only. */
function recordingFeed(listening: Set<number>) {
  const messages: Array<{ userId: number; message: { kind?: string; symbols?: string[]; orders?: number[] } }> = [];
  const balances: number[] = [];
  const feed: UserFeed = {
    balancesChanged: (userId) => void balances.push(userId),
    ordersCommitted: () => undefined,
    listening: (userId) => listening.has(userId),
    message: (userId, message) => void messages.push({ userId, message: message as never }),
  };
  return { feed, messages, balances };
}

describe("a futures holder's restore tells what was written just before it (issue 53 §4)", () => {
  it('pushes each listening user the orders written since the window, with their contract balance; nobody else, nothing older', async () => {
    const trader = await t.user('10000');
    const away = await t.user('10000');
    const placed = await t.place(trader.id, { symbol: 'BTC_USDT', action: 'open_long', type: 'limit', price: '50000', quantity: '0.01' });
    await t.place(away.id, { symbol: 'BTC_USDT', action: 'open_long', type: 'limit', price: '50000', quantity: '0.01' });
    const orderId = placed.order.id;
    const since = t.now() - 1;

    const told = recordingFeed(new Set([trader.id]));
    expect(await tellRestoredFutures(t.db, told.feed, since)).toBe(1);
    expect(told.messages).toEqual([{ userId: trader.id, message: { channel: 'user', kind: 'futures', symbols: ['BTC_USDT'], orders: [orderId] } }]);
    expect(told.balances).toEqual([trader.id]);

    const later = recordingFeed(new Set([trader.id, away.id]));
    expect(await tellRestoredFutures(t.db, later.feed, t.now() + 1)).toBe(0);
    expect(later.messages).toEqual([]);
  });
});
