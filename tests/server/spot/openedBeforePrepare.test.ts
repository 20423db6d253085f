import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCurrencies, listPairs } from '../../../server/kernel/platform/catalogue.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { MarketService } from '../../../server/products/spot/marketService.js';
import { openTestDatabase } from '../testDb.js';

/**
 * A pair whose listing is heard between spot's create and its prepare (a market process taking the
 * `*` entry while an operator lists a pair): `open` runs its market before `prepare` rebuilds the
 * books. prepare used to seed that market's chart history with no anchor price, and the walk's
 * NaN reached BigInt: the process failed to start, and the pool tried again every second, failing
 * each time (seen in clusterCaches.test.ts on the one cluster shape).
 */
describe('a market opened before the prepare', () => {
  let db: Database;
  let service: MarketService | undefined;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await service?.stop();
    await db.close();
  });

  it('is rebuilt with the others, its history not seeded without an anchor, and the prepare succeeds', async () => {
    const pairs = await listPairs(db);
    const late = pairs.find((p) => p.left_symbol === 'SOL' && p.right_symbol === 'USDT')!;
    // Created from the pairs before the listing: SOL_USDT is not among them.
    service = new MarketService(db, pairs.filter((p) => p !== late), await listCurrencies(db), { publish: () => undefined }, { marketMakers: false, unsimulated: new Set() });
    await service.open(late);
    expect(service.market('SOL_USDT')).toBeDefined();
    await expect(service.prepare()).resolves.toBeUndefined();
    const [seeded] = await db.query<{ n: number }>(`select count(*)::int as n from candle where left_symbol = 'SOL' and right_symbol = 'USDT'`);
    expect(seeded!.n).toBe(0);
    // The pairs it was created with got their history as before.
    const [btc] = await db.query<{ n: number }>(`select count(*)::int as n from candle where left_symbol = 'BTC' and right_symbol = 'USDT'`);
    expect(btc!.n).toBeGreaterThan(0);
  });
});
