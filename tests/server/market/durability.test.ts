import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { durabilityBarrier } from '../../../server/kernel/platform/db/durabilityBarrier.js';
import { SequenceIds } from '../../../server/kernel/platform/db/sequenceIds.js';
import { FastEngine } from '../../../server/kernel/exchange/matching/fast.js';
import type { PairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { changeBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { systemAccountId } from '../../../server/kernel/platform/ledger/systemAccounts.js';
import { SpotMarket } from '../../../server/products/spot/spotMarket.js';
import { openTestDatabase } from '../testDb.js';

/**
 * The pipeline's transactions commit without waiting for the disk so that the balance rows they
 * lock are free at once; what keeps an acknowledged order durable is that nobody hears of a batch
 * before a durability barrier that started after its commits has flushed (docs/ARCHITECTURE.md
 * "The spot pipeline").
 */
const PAIR: PairSpec = { left: 'BTC', right: 'USDT', symbol: 'BTC_USDT', pricePrecision: 2, amountPrecision: 5, contract: false };

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  await systemAccountId(db, 'fees');
});
afterAll(() => db.close());

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('durability barrier', () => {
  it('lets callers that arrive while one flush runs share the next, which starts only after it', async () => {
    const flushes: Array<{ open(): void }> = [];
    const barrier = durabilityBarrier(() => {
      const g = gate();
      flushes.push(g);
      return g.opened;
    });
    const first = barrier();
    const second = barrier();
    const third = barrier();
    expect(second).toBe(third);
    expect(flushes).toHaveLength(1); // the second has not started: it must begin after the callers' commits
    flushes[0]!.open();
    await first;
    await Promise.resolve();
    await Promise.resolve();
    expect(flushes).toHaveLength(2);
    flushes[1]!.open();
    await second;
    // Nothing running: the next caller starts a flush of its own at once.
    void barrier();
    expect(flushes).toHaveLength(3);
    flushes[2]!.open();
  });

  it('a failed flush fails its callers, and the next one still runs', async () => {
    let calls = 0;
    const barrier = durabilityBarrier(async () => {
      calls += 1;
      if (calls === 1) throw new Error('disk gone');
    });
    const failed = barrier();
    const after = barrier();
    await expect(failed).rejects.toThrow('disk gone');
    await expect(after).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });

  it('runs against the test database', async () => {
    await expect(db.durable()).resolves.toBeUndefined();
  });
});

describe('ids taken in blocks', () => {
  it('are increasing and disjoint for concurrent callers, across block refills', async () => {
    const ids = new SequenceIds(db, 'spot_trade', 8);
    const taken = await Promise.all([ids.take(3), ids.take(6), ids.take(1), ids.take(9), ids.take(0)]);
    const all = taken.flat();
    expect(all).toHaveLength(19);
    expect(new Set(all).size).toBe(19);
    expect([...all].sort((a, b) => a - b)).toEqual(all);
  });
});

describe('a spot market answers only after the barrier', () => {
  it('holds the acknowledgement of a committed order until db.durable() resolves', async () => {
    let g: ReturnType<typeof gate> | undefined;
    let barriers = 0;
    const held: Database = {
      ...db,
      durable: async () => {
        barriers += 1;
        await g?.opened;
        return db.durable();
      },
    };
    const market = new SpotMarket(PAIR, held, () => new FastEngine(), { publish: () => undefined });
    await market.restore();
    const [row] = await db.query<{ id: number }>(`insert into app_user (account, kind) values ('durable@example.org', 'user') returning id`);
    const userId = Number(row!.id);
    await db.transaction((tx) => changeBalance(tx, { userId, currency: 'USDT', account: 'spot', available: '1000', frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
    g = gate();
    const barriersBefore = barriers;
    let answered = false;
    const placing = market.place({ userId, side: 'buy', type: 'limit', price: '100', quantity: '1' }).then((outcome) => {
      answered = true;
      return outcome;
    });
    // The order is committed (its row is there) while its answer still waits for the disk.
    await expect.poll(async () => (await db.query(`select 1 from spot_order where user_id = $1`, [userId])).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => barriers, { timeout: 10_000 }).toBeGreaterThan(barriersBefore);
    expect(answered).toBe(false);
    g.open();
    expect((await placing).ok).toBe(true);
    await market.idle();
  });

  it('settles the next batch while the first waits for the disk, and answers neither before its own barrier', async () => {
    let g: ReturnType<typeof gate> | undefined;
    const held: Database = { ...db, durable: async () => (await g?.opened, db.durable()) };
    const market = new SpotMarket(PAIR, held, () => new FastEngine(), { publish: () => undefined });
    await market.restore();
    const funded = async (account: string, currency: string, amount: string) => {
      const [row] = await db.query<{ id: number }>(`insert into app_user (account, kind) values ($1, 'user') returning id`, [account]);
      const userId = Number(row!.id);
      await db.transaction((tx) => changeBalance(tx, { userId, currency, account: 'spot', available: amount, frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
      return userId;
    };
    const buyer = await funded('overlap-buyer@example.org', 'USDT', '1010');
    const seller = await funded('overlap-seller@example.org', 'BTC', '1');
    g = gate();
    let committedId: number | undefined;
    let answered = false;
    const buying = market.place({ userId: buyer, side: 'buy', type: 'limit', price: '101', quantity: '1' }).then((outcome) => ((answered = true), outcome));
    // The first batch's record has committed (its commit does not wait for the disk).
    await expect
      .poll(async () => (committedId = (await db.query<{ id: number }>(`select id from spot_order where user_id = $1`, [buyer])).map((r) => Number(r.id))[0]), { timeout: 10_000 })
      .toBeDefined();
    expect(answered).toBe(false);
    // The next batch (a sell that takes the bid) settles — its trade is written — while the first
    // batch still waits for the disk; neither is answered yet.
    // (101: ahead of the bid the test above left resting at 100.)
    const selling = market.place({ userId: seller, side: 'sell', type: 'limit', price: '101', quantity: '1' });
    await expect.poll(async () => (await db.query(`select 1 from spot_trade where maker_order_id = $1`, [committedId])).length, { timeout: 10_000 }).toBe(1);
    expect(answered).toBe(false);
    g.open();
    const [bought, sold] = await Promise.all([buying, selling]);
    expect(bought.ok && bought.orderId).toBe(committedId);
    // Each answer carries its order as its own batch's settlement wrote it.
    expect(bought.ok && bought.order).toMatchObject({ id: committedId, status: 1, filled: '0' });
    expect(sold.ok && sold.order).toMatchObject({ status: 3, filled: '1', avg_price: '101' });
    await market.idle();
  });
});
