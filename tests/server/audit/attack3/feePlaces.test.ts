import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { LISTING_PRECISION_MAX } from '../../../../domain/marketsDesk.js';
import type { PairSpec } from '../../../../server/kernel/exchange/pairSpec.js';
import { ReferenceEngine } from '../../../../server/kernel/exchange/matching/reference.js';
import { forgetFeeRates } from '../../../../server/kernel/platform/fees/feeRates.js';
import { readBalance } from '../../../../server/kernel/platform/ledger/ledger.js';
import { SpotMarket } from '../../../../server/products/spot/spotMarket.js';
import { createTestUser } from '../../support/users.js';
import { useTestDatabase } from '../../testDb.js';
import { expectLedgerConsistent } from '../../wallet/harness.js';

/**
 * A pair an operator may list has up to LISTING_PRECISION_MAX (8) price and amount places, so its
 * quote amounts carry 16. The seller's fee was kept three places finer, at 19: past the ledger's 18,
 * the settlement threw on the first trade ("more than 18 decimals"), the market went stale, and its
 * rebuild replayed the same trade into the same throw — the pair wedged with every order's funds
 * frozen in it. The fee is now kept at most at 18 places, still rounded down.
 */
const PLACES = LISTING_PRECISION_MAX;
const ETH_BTC: PairSpec = { left: 'ETH', right: 'BTC', symbol: 'ETH_BTC', pricePrecision: PLACES, amountPrecision: PLACES, contract: false };
const t = useTestDatabase();
const clock = Date.parse('2026-11-27T10:00:00Z');

async function rate(maker: string, taker: string) {
  await t.db.query(`delete from fee_schedule where product = 'spot' and market = 'ETH_BTC'`);
  await t.db.query(`insert into fee_schedule (product, market, tier, maker, taker) values ('spot', 'ETH_BTC', 0, $1, $2)`, [maker, taker]);
  await t.db.query('update fee_state set version = version + 1 where id = 1');
  forgetFeeRates(t.db);
}

const user = async (funded: Record<string, string>) => (await createTestUser(t.db, { tag: 'fee-places', kind: 'user', funded })).id;

describe(`spot fees on a pair of ${PLACES} price and ${PLACES} amount places`, () => {
  for (const r of ['0.001', '0.0009']) {
    it(`rate ${r}: the trade settles, the seller pays the fee rounded down to 18 places, the books stay clean`, async () => {
      await t.db.query(`update pair set price_precision = $1, amount_precision = $1, min_quantity = 0.00000001, min_notional = 0.00000001 where left_symbol = 'ETH' and right_symbol = 'BTC'`, [PLACES]);
      await rate(r, r);
      const maker = await user({ ETH: '1' });
      const taker = await user({ BTC: '1' });
      const m = new SpotMarket(ETH_BTC, t.db, new ReferenceEngine(), { publish: () => undefined }, () => clock);
      const price = '0.03456789';
      const quantity = '0.12345677';
      const ask = await m.place({ userId: maker, side: 'sell', type: 'limit', price, quantity });
      const bid = await m.place({ userId: taker, side: 'buy', type: 'limit', price, quantity });
      expect([ask.ok, bid.ok], JSON.stringify([ask, bid])).toEqual([true, true]);
      const quote = new Decimal(price).times(quantity);
      const sellerFee = quote.times(r).toDecimalPlaces(18, Decimal.ROUND_DOWN);
      const buyerFee = new Decimal(quantity).times(r).toDecimalPlaces(PLACES + 3, Decimal.ROUND_DOWN);
      const sellerBtc = await readBalance(t.db, maker, 'BTC');
      const buyerEth = await readBalance(t.db, taker, 'ETH');
      expect(new Decimal(sellerBtc.available).toFixed()).toBe(quote.minus(sellerFee).toFixed());
      expect(new Decimal(buyerEth.available).toFixed()).toBe(new Decimal(quantity).minus(buyerFee).toFixed());
      await expectLedgerConsistent(t.db);
    });
  }
});
