import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserStreamMessage } from '../../../src/domain/spotOrders.js';
import type { Database, Queryable } from '../../../server/kernel/db/database.js';
import { UserFeedPublisher } from '../../../server/kernel/realtime/userFeedPublisher.js';
import { ordersOf } from '../../../server/products/spot/orderViews.js';
import { openTestDatabase } from '../testDb.js';
import { trader } from './spotApp.js';

let db: Database;
let reads = 0;
/** The database, counting reads, so the test can see the feed skip them. */
const counting: Queryable = { query: (sql, params) => (reads++, db.query(sql, params)) };

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

function feedFor(listening: Set<number>) {
  const sent: Array<[number, UserStreamMessage]> = [];
  const feed = new UserFeedPublisher(counting, { listening: (u) => listening.has(u), send: (u, m) => void sent.push([u, m]) });
  feed.readOrdersWith(ordersOf);
  return { feed, sent };
}

describe('UserFeedPublisher', () => {
  it('reads nothing and sends nothing for a user with no subscribed socket', async () => {
    const { feed, sent } = feedFor(new Set());
    reads = 0;
    for (let i = 0; i < 50; i++) {
      feed.ordersChanged(7, [i + 1]);
      feed.balancesChanged(7, [{ currency: 'USDT', account: 'spot' }]);
    }
    await feed.idle();
    expect(reads).toBe(0);
    expect(sent).toEqual([]);
  });

  it('coalesces changes heard together into one read of the committed rows; missing rows read as zero', async () => {
    const me = await trader(db, { USDT: '12.5' });
    const { feed, sent } = feedFor(new Set([me.id]));
    reads = 0;
    feed.balancesChanged(me.id, [{ currency: 'USDT', account: 'spot' }]);
    feed.balancesChanged(me.id, [
      { currency: 'BTC', account: 'spot' },
      { currency: 'USDT', account: 'spot' },
    ]);
    await feed.idle();
    expect(reads).toBe(1);
    expect(sent).toEqual([
      [
        me.id,
        {
          channel: 'user',
          kind: 'balance',
          balances: [
            { currency: 'USDT', account: 'spot', available: '12.5', frozen: '0' },
            { currency: 'BTC', account: 'spot', available: '0', frozen: '0' },
          ],
        },
      ],
    ]);
  });

  it("never pushes another user's order, even if told its id", async () => {
    const owner = await trader(db, { USDT: '10' });
    const other = await trader(db, {});
    const [row] = await db.query<{ id: number }>(
      `insert into spot_order (user_id, left_symbol, right_symbol, side, type, tif, price, quantity, frozen, created_ms, updated_ms, fee_currency)
       values ($1, 'BTC', 'USDT', 'buy', 'limit', 'GTC', 1, 1, 0, 1, 1, 'BTC') returning id`,
      [owner.id],
    );
    const { feed, sent } = feedFor(new Set([owner.id, other.id]));
    feed.ordersChanged(other.id, [Number(row!.id)]);
    feed.ordersChanged(owner.id, [Number(row!.id)]);
    await feed.idle();
    expect(sent.map(([u, m]) => [u, m.kind])).toEqual([[owner.id, 'order']]);
  });
});
