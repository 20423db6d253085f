import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorCurrency } from '../../../domain/marketsDesk.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { marketHalts } from '../../../server/products/markets/halts.js';
import { openTestDatabase } from '../testDb.js';

/**
 * Issue 52 §1 leftovers: the markets desk's list (halts.ts `list`, the route
 * MARKET_OPERATOR_PATHS.markets) carries the currencies after the markets, each with its announced
 * delisting, so the desk offers a currency's Delist and shows when it goes; a currency past its
 * delisting's end has left the lists and leaves the desk's too.
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

const currencies = async () => (await marketHalts(db).list()).filter((e): e is OperatorCurrency => e.market === 'currency');

describe("the markets desk's currencies", () => {
  it('lists every listed currency after the markets, with an announced delisting and without one past its end', async () => {
    const [{ symbol: first = '', name = '' } = {}] = await db.query<{ symbol: string; name: string }>('select symbol, name from currency order by sort, symbol limit 1');
    const all = await currencies();
    expect(all[0]).toEqual({ market: 'currency', symbol: first, name, delist_at: null, delist_reason: null });
    const listed = await marketHalts(db).list();
    // The markets first, then the currencies, none between them.
    expect(listed.findIndex((e) => e.market === 'currency')).toBe(listed.length - all.length);

    const end = Date.now() + 3_600_000;
    await db.query(`update currency set delist_announced_ms = $2, delist_at_ms = $3, delist_reason = 'Project discontinued' where symbol = $1`, ['DOGE', Date.now(), end]);
    await db.query(`update currency set delist_announced_ms = $2, delist_at_ms = $3, delist_reason = 'Gone' where symbol = $1`, ['XRP', Date.now() - 7_200_000, Date.now() - 3_600_000]);
    const after = await currencies();
    expect(after.find((c) => c.symbol === 'DOGE')).toMatchObject({ delist_at: end, delist_reason: 'Project discontinued' });
    expect(after.map((c) => c.symbol)).not.toContain('XRP');
    expect(after).toHaveLength(all.length - 1);
  });
});
