import { describe, expect, it } from 'vitest';
import { SPOT_PATHS, type SpotOrder } from '../../../domain/spotOrders.js';
import { IDEMPOTENCY_HEADER } from '../../../domain/walletAccounts.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { expectOk, expectRefusal, post } from '../http.js';
import { trader, useSpotApp } from './spotApp.js';

/**
 * The spot price band (domain/priceBand.ts, Binance's PERCENT_PRICE_BY_SIDE): the attacker's audit
 * printed a BTC trade at 100 USDT between two accounts of their own on a thin book. A limit price
 * must now lie within a fifth to five times the average price of the last five minutes; outside, it
 * is refused with the range, nothing frozen. A pair that never traded has no band.
 */
const t = useSpotApp();
const EN = MESSAGES.en_US;
const place = (headers: Record<string, string>, body: object, key?: string) =>
  post<SpotOrder>(t.app, SPOT_PATHS.place, { symbol: 'ETH_USDT', ...body }, { ...headers, ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}) });
const settle = () => Promise.all([...t.markets.values()].map((m) => m.idle()));

describe('the spot price band', () => {
  it('takes any price before the first trade, then only a fifth to five times the recent average', async () => {
    const maker = await trader(t.db, { ETH: '10', USDT: '100000' });
    const taker = await trader(t.db, { ETH: '10', USDT: '100000' });
    // No trade yet: no band (a new listing's first price is the market's to find).
    const far = expectOk(await place(maker.headers(), { side: 'sell', type: 'limit', price: '50000', quantity: '0.1' }, 'band-retry-1'));
    expectOk(await place(maker.headers(), { side: 'sell', type: 'limit', price: '2000', quantity: '1' }));
    expectOk(await place(taker.headers(), { side: 'buy', type: 'limit', price: '2000', quantity: '1' }));
    await settle();

    // The average is 2000 now: 400 to 10000.
    const before = await readBalance(t.db, taker.id, 'USDT');
    const low = await place(taker.headers(), { side: 'buy', type: 'limit', price: '399.99', quantity: '1' });
    expectRefusal(low, 400, EN.spotPriceOutsideBand.replace('{low}', '400').replace('{high}', '10,000'));
    expectRefusal(await place(maker.headers(), { side: 'sell', type: 'limit', price: '10000.01', quantity: '0.1' }), 400, /400.*10,000/);
    // In the reader's number style, as the pages write prices.
    expectRefusal(await place(maker.headers({ lang: 'de_DE' }), { side: 'sell', type: 'limit', price: '10000.01', quantity: '0.1' }), 400, /400 und 10\.000/);
    expect(await readBalance(t.db, taker.id, 'USDT')).toEqual(before);
    // On its edges, and a market order (no price), it is taken.
    expectOk(await place(taker.headers(), { side: 'buy', type: 'limit', price: '400', quantity: '0.01' }));
    expectOk(await place(maker.headers(), { side: 'sell', type: 'limit', price: '10000', quantity: '0.01' }));
    expectOk(await place(taker.headers(), { side: 'buy', type: 'market', amount: '50' }));

    // A retry of the order recorded before the band existed answers that order, though its price is outside the band now.
    expect(expectOk(await place(maker.headers(), { side: 'sell', type: 'limit', price: '50000', quantity: '0.1' }, 'band-retry-1')).id).toBe(far.id);
  });

  it('a stop-limit whose limit price the band refuses is refused when placed, not only when it fires', async () => {
    const user = await trader(t.db, { ETH: '1' });
    const stop = (price: string) => post(t.app, SPOT_PATHS.stopPlace, { symbol: 'ETH_USDT', side: 'sell', trigger_price: '1500', price, quantity: '0.1' }, user.headers());
    expectRefusal(await stop('100'), 400, /between/);
    expect(await readBalance(t.db, user.id, 'ETH')).toEqual({ available: '1', frozen: '0' });
    expectOk(await stop('1490'));
  });

  it('a refused order leaves its key free: the same key with a price inside the band places', async () => {
    const user = await trader(t.db, { ETH: '1' });
    expectRefusal(await place(user.headers(), { side: 'sell', type: 'limit', price: '20000', quantity: '0.1' }, 'band-retry-2'), 400, /between/);
    expectOk(await place(user.headers(), { side: 'sell', type: 'limit', price: '2600', quantity: '0.1' }, 'band-retry-2'));
  });
});
