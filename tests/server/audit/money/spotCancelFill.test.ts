import { describe, expect, it } from 'vitest';
import { SPOT_PATHS, type SpotOrder } from '../../../../domain/spotOrders.js';
import { readBalance } from '../../../../server/kernel/platform/ledger/ledger.js';
import { auditBooks } from '../../../../server/products/audit.js';
import { expectOk, post } from '../../http.js';
import { trader, useSpotApp } from '../../spot/spotApp.js';

/**
 * A maker cancels a resting sell while a taker's buy fills it, both sent at once: the market's
 * sequencer carries one after the other, so either the cancel comes first (the taker's IOC buy
 * gets nothing) or the fill does (the cancel returns only the unfilled rest, or is refused when
 * nothing is left). Never both the whole order back and a fill: the LTC sold and the LTC received
 * agree, nothing is negative, the books stay clean.
 */
const t = useSpotApp();
const place = (headers: Record<string, string>, body: object) => post<SpotOrder>(t.app, SPOT_PATHS.place, body, headers);

describe('spot: cancel and fill at once', () => {
  it('twenty rounds, whole and partial fills: what the maker lost is what the taker got, once', async () => {
    for (let round = 0; round < 20; round++) {
      const buying = round % 2 ? '0.4' : '1';
      const maker = await trader(t.db, { LTC: '1' });
      const taker = await trader(t.db, { USDT: '1000' });
      const ask = expectOk(await place(maker.headers(), { symbol: 'LTC_USDT', side: 'sell', type: 'limit', price: '100', quantity: '1' }));
      // The buy sent first; the cancel after 0 to 18 ms, so that each reaches the sequencer first in some rounds.
      const [buy, cancel] = await Promise.all([
        place(taker.headers(), { symbol: 'LTC_USDT', side: 'buy', type: 'limit', price: '100', quantity: buying, time_in_force: 'IOC' }),
        new Promise((r) => setTimeout(r, (round % 5) * 4.5)).then(() => post<SpotOrder>(t.app, SPOT_PATHS.cancel, { id: ask.id }, maker.headers())),
      ]);
      expect([200, 400]).toContain(cancel.body.code);
      expect(buy.body.code).toBe(200);
      const filled = expectOk(buy).filled;
      expect(['0', buying]).toContain(filled);
      // The whole order filled: nothing left to cancel. Otherwise the cancel went through.
      expect(cancel.body.code).toBe(filled === '1' ? 400 : 200);
      const makerLtc = await readBalance(t.db, maker.id, 'LTC');
      const takerLtc = await readBalance(t.db, taker.id, 'LTC');
      // The maker keeps all that was not sold, none of it frozen (cancelled or filled).
      expect(makerLtc).toEqual({ available: String(1 - Number(filled)), frozen: '0' });
      // The taker received what was sold, less the 0.1 % fee in LTC.
      expect(Number(takerLtc.available)).toBeCloseTo(Number(filled) * 0.999, 10);
      expect(await readBalance(t.db, taker.id, 'USDT')).toEqual({ available: String(1000 - 100 * Number(filled)), frozen: '0' });
    }
    expect(await auditBooks(t.db)).toEqual([]);
  });
});
