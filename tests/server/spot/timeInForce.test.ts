import { describe, expect, it } from 'vitest';
import { SPOT_PATHS, type SpotOrder } from '../../../domain/spotOrders.js';
import { readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { expectOk, post } from '../http.js';
import { orderCount, trader, useSpotApp } from './spotApp.js';

/** Issue 37: IOC and post-only as a limit order's time in force, where the engine already does them. */
const t = useSpotApp();
const place = (headers: Record<string, string>, body: object) => post<SpotOrder>(t.app, SPOT_PATHS.place, body, headers);
const en = MESSAGES.en_US;

/** A seller resting 1 ETH at `price`, and a buyer with 10 000 USDT. */
async function askAt(price: string) {
  const seller = await trader(t.db, { ETH: '10' });
  const buyer = await trader(t.db, { USDT: '10000' });
  expectOk(await place(seller.headers(), { symbol: 'ETH_USDT', side: 'sell', type: 'limit', price, quantity: '1' }));
  return { seller, buyer };
}

describe('time in force on spot limit orders', () => {
  it('IOC trades what it can at once and cancels the rest, giving its freeze back', async () => {
    const { buyer } = await askAt('2000');
    const ioc = await place(buyer.headers(), { symbol: 'ETH_USDT', side: 'buy', type: 'limit', price: '2000', quantity: '3', time_in_force: 'IOC' });
    expect(ioc.body.msg).toBe(en.spotIocRestCancelled);
    expect(expectOk(ioc)).toMatchObject({ filled: '1', status: 4 });
    expect((await readBalance(t.db, buyer.id, 'USDT')).frozen).toBe('0');
    const current = expectOk(await post<{ list: SpotOrder[] }>(t.app, SPOT_PATHS.current, { page: 1 }, buyer.headers()));
    expect(current.list).toEqual([]);
  });

  it('post-only rests as a maker, and one that would take is cancelled unfilled, in the trader’s language', async () => {
    const { seller, buyer } = await askAt('2100');
    const rests = await place(buyer.headers(), { symbol: 'ETH_USDT', side: 'buy', type: 'limit', price: '2050', quantity: '1', time_in_force: 'POST_ONLY' });
    expect(rests.body.msg).toBe(en.spotOrderPlaced);
    expect(expectOk(rests)).toMatchObject({ status: 1, filled: '0' });
    const takes = await place({ ...buyer.headers(), lang: 'de_DE' }, { symbol: 'ETH_USDT', side: 'buy', type: 'limit', price: '2100', quantity: '1', time_in_force: 'POST_ONLY' });
    expect(takes.body.msg).toBe(MESSAGES.de_DE.spotPostOnlyCancelled);
    expect(expectOk(takes)).toMatchObject({ status: 4, filled: '0' });
    // Only the resting one holds funds: 2050.
    expect(await readBalance(t.db, buyer.id, 'USDT')).toEqual({ available: '7950', frozen: '2050' });
    expect(await readBalance(t.db, seller.id, 'ETH')).toEqual({ available: '9', frozen: '1' });
  });

  it('a time in force on a market order or an unknown one is refused and places nothing', async () => {
    const buyer = await trader(t.db, { USDT: '10000' });
    const market = await place(buyer.headers(), { symbol: 'ETH_USDT', side: 'buy', type: 'market', amount: '100', time_in_force: 'IOC' });
    expect(market.body).toMatchObject({ code: 400, msg: en.spotTimeInForceLimitOnly });
    const unknown = await place(buyer.headers(), { symbol: 'ETH_USDT', side: 'buy', type: 'limit', price: '1', quantity: '1', time_in_force: 'FOREVER' });
    expect(unknown.body.code).toBe(400);
    expect(await orderCount(t.db, buyer.id)).toBe(0);
  });
});
