import { describe, expect, it } from 'vitest';
import { SPOT_PATHS, type SpotOrder, type SpotStop } from '../../../domain/spotOrders.js';
import { readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { auditBooks } from '../../../server/products/audit.js';
import { expectOk, expectRefusal, post } from '../http.js';
import { trader, useSpotApp } from './spotApp.js';

/**
 * Issue 49 §1: a decimal with trailing zeros was read 10^k times too large ("0.0010000" BTC at 5
 * places placed 0.1 BTC). Each spot input with trailing zeros beyond the pair's places is the number
 * it denotes; a non-zero digit beyond them is still refused with the precision message.
 */
const t = useSpotApp();
const place = (headers: Record<string, string>, body: object) => post<SpotOrder>(t.app, SPOT_PATHS.place, { symbol: 'BTC_USDT', ...body }, headers);
const settle = () => Promise.all([...t.markets.values()].map((m) => m.idle()));

describe('spot inputs with trailing zeros are the numbers they denote', () => {
  it('a limit buy of "0.0010000" at "20000.000" is 0.001 BTC at 20000, freezing 20 USDT', async () => {
    const buyer = await trader(t.db, { USDT: '1000' });
    const order = expectOk(await place(buyer.headers(), { side: 'buy', type: 'limit', price: '20000.000', quantity: '0.0010000' }));
    expect(order).toMatchObject({ price: '20000', quantity: '0.001', amount: '20' });
    expect(await readBalance(t.db, buyer.id, 'USDT')).toEqual({ available: '980', frozen: '20' });
  });

  it('a market sell of "0.0010000" sells 0.001 BTC; a market buy of "10.000000000" USDT spends at most 10', async () => {
    const maker = await trader(t.db, { BTC: '1', USDT: '100000' });
    expectOk(await place(maker.headers(), { side: 'buy', type: 'limit', price: '30000', quantity: '0.5' }));
    expectOk(await place(maker.headers(), { side: 'sell', type: 'limit', price: '30001', quantity: '0.5' }));
    const seller = await trader(t.db, { BTC: '1' });
    expectOk(await place(seller.headers(), { side: 'sell', type: 'market', quantity: '0.0010000' }));
    const buyer = await trader(t.db, { USDT: '1000' });
    expectOk(await place(buyer.headers(), { side: 'buy', type: 'market', amount: '10.000000000' }));
    await settle();
    expect(await readBalance(t.db, seller.id, 'BTC')).toEqual({ available: '0.999', frozen: '0' });
    const spent = await readBalance(t.db, buyer.id, 'USDT');
    expect(Number(spent.available)).toBeGreaterThanOrEqual(990);
    expect(spent.frozen).toBe('0');
    expect(await auditBooks(t.db)).toEqual([]);
  });

  it('a stop with trigger "25000.000" waits at 25000; a non-zero digit past the places is refused with the precision message', async () => {
    const user = await trader(t.db, { BTC: '1' });
    const stop = expectOk(await post<SpotStop>(t.app, SPOT_PATHS.stopPlace, { symbol: 'BTC_USDT', side: 'sell', trigger_price: '25000.000', price: '24990.00', quantity: '0.0010000' }, user.headers()));
    expect(stop).toMatchObject({ trigger_price: '25000', price: '24990', quantity: '0.001', frozen: '0.001' });
    expectRefusal(await place(user.headers(), { side: 'sell', type: 'limit', price: '40000', quantity: '0.0010001' }), 400, /5/);
    expectRefusal(await place(user.headers(), { side: 'sell', type: 'limit', price: '40000.001', quantity: '0.001' }), 400, /2/);
  });
});
