import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpotOrderStatus, type SpotOrder, type UserStreamMessage } from '../../../domain/spotOrders.js';
import type { Database, Queryable } from '../../../server/kernel/platform/db/database.js';
import { UserFeedPublisher } from '../../../server/kernel/platform/realtime/userFeedPublisher.js';
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
  const feed = new UserFeedPublisher(counting, { listening: (u) => listening.has(u), send: (u, m) => void sent.push([u, m as UserStreamMessage]) });
  return { feed, sent };
}

describe('UserFeedPublisher', () => {
  it('reads nothing and sends nothing for a user with no subscribed socket', async () => {
    const { feed, sent } = feedFor(new Set());
    reads = 0;
    for (let i = 0; i < 50; i++) {
      feed.ordersCommitted(7, [view(i + 1, SpotOrderStatus.waiting)]);
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

  it('pushes orders as their committing statement wrote them, without a read: the latest view of an order heard twice in one flush, before the balances', async () => {
    const me = await trader(db, { USDT: '3' });
    const { feed, sent } = feedFor(new Set([me.id]));
    reads = 0;
    feed.ordersCommitted(me.id, [view(41, SpotOrderStatus.waiting), view(42, SpotOrderStatus.waiting)]);
    feed.balancesChanged(me.id, [{ currency: 'USDT', account: 'spot' }]);
    feed.ordersCommitted(me.id, [view(41, SpotOrderStatus.partial)]);
    await feed.idle();
    expect(reads).toBe(1); // the balances only
    expect(sent.map(([u, m]) => [u, m.kind, m.kind === 'order' ? [m.order.id, m.order.status] : undefined])).toEqual([
      [me.id, 'order', [41, SpotOrderStatus.partial]],
      [me.id, 'order', [42, SpotOrderStatus.waiting]],
      [me.id, 'balance', undefined],
    ]);
  });

  it('changes heard while a read is in flight wait for it and go together in one next read', async () => {
    const me = await trader(db, { USDT: '5' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const held: Queryable = {
      query: async (sql, params) => {
        calls += 1;
        if (calls === 1) await gate;
        return db.query(sql, params);
      },
    };
    const sent: Array<[number, UserStreamMessage]> = [];
    const feed = new UserFeedPublisher(held, { listening: (u) => u === me.id, send: (u, m) => void sent.push([u, m as UserStreamMessage]) });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    feed.balancesChanged(me.id, [{ currency: 'USDT', account: 'spot' }]);
    await turn();
    expect(calls).toBe(1); // the first read is in flight, held
    for (let i = 0; i < 5; i++) {
      feed.ordersCommitted(me.id, [view(50 + i, SpotOrderStatus.waiting)]);
      feed.balancesChanged(me.id, [{ currency: 'BTC', account: 'spot' }]);
      await turn();
    }
    release();
    await feed.idle();
    expect(calls).toBe(2); // five turns of changes, one read
    expect(sent.map(([, m]) => (m.kind === 'order' ? m.order.id : m.kind === 'balance' ? m.balances.map((b) => b.currency).join() : m.kind))).toEqual([
      'USDT',
      50,
      51,
      52,
      53,
      54,
      'BTC',
    ]);
  });
});

/** An order view as a spot statement returns it (orderViews.ts orderViewJson). */
function view(id: number, status: SpotOrderStatus): SpotOrder {
  return {
    id,
    symbol: 'BTC_USDT',
    side: 'buy',
    type: 'limit',
    price: '1',
    quantity: '1',
    amount: '1',
    filled: status === SpotOrderStatus.partial ? '0.5' : '0',
    avg_price: status === SpotOrderStatus.partial ? '1' : '0',
    turnover: status === SpotOrderStatus.partial ? '0.5' : '0',
    fee: '0',
    fee_currency: 'BTC',
    status,
    time_in_force: 'GTC',
    created_at: 1,
    updated_at: 1,
  };
}
