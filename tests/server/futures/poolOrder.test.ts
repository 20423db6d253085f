import { describe, expect, it } from 'vitest';
import { expectOk } from '../http.js';
import { useFutures } from './harness.js';

/**
 * The margin pool holds every open position's margin, and a close is paid out of it: its margin
 * back and its profit, or its margin back less its loss. Two traders who close against each other
 * in one match must both get out even when the pool holds nothing else: before, the maker's side
 * was always settled first, so a winning maker took its margin and profit (part of the loser's
 * margin) before the losing taker's margin came back, and the taker's close was refused with "not
 * enough USDT in the contract account of <the pool>" — a trader who could not leave a losing position.
 */
const t = useFutures();
const BTC = 'BTC_USDT';

describe('closes against each other in one match, with nothing else in the pool', () => {
  it('the winning maker and the losing taker both close; the pool ends where it began', async () => {
    await t.clearBook();
    await t.mark(BTC, '30000');
    const poolBefore = await t.pool();
    const short = await t.user('1000');
    const long = await t.user('1000');
    await t.leverage(short, 10, 'isolated');
    await t.leverage(long, 10, 'isolated');
    // Each opens 0.2 at 30 000 against the other: 600 of margin each in the pool.
    expectOk(await t.order(short, { action: 'open_short', type: 'limit', price: '30000', quantity: '0.2' }));
    expectOk(await t.order(long, { action: 'open_long', type: 'market', quantity: '0.2' }));
    expect(t.position(short)).toMatchObject({ side: -1, quantity: t.fx('0.2') });
    expect(t.position(long)).toMatchObject({ side: 1, quantity: t.fx('0.2') });

    // At 29 000 the short wins 200 and the long loses 200; the short's close rests (the maker), the long's takes it.
    expectOk(await t.order(short, { action: 'close_short', type: 'limit', price: '29000', quantity: '0.2' }));
    const closed = expectOk(await t.order(long, { action: 'close_long', type: 'market', quantity: '0.2' }));
    expect(closed.order).toMatchObject({ status: 3, filled: '0.2', profit: '-200' });
    expect(t.position(short).side).toBe(0);
    expect(t.position(long).side).toBe(0);
    expect(await t.pool()).toEqual(poolBefore);
    await t.expectAuditClean();
  });
});
