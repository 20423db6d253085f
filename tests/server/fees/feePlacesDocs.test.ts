import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FX_SCALE } from '../../../domain/fx.js';
import { bookTrades, FEE_EXTRA_DECIMALS, feePlaces, type Trade } from '../../../server/products/spot/pipeline/tradeBook.js';
import type { PairSpec } from '../../../server/kernel/exchange/pairSpec.js';

/**
 * docs/API.md "Fees" against the settlement's bookkeeping (tradeBook.ts): the page had said a fee
 * is cut to the pair's units, while the code keeps FEE_EXTRA_DECIMALS more places (at most the
 * ledger's 18), so an integrator reconciling fees to the pair's places was off by the rest.
 */
const documented = readFileSync(join(import.meta.dirname, '../../../docs/API.md'), 'utf8');
const feesSection = documented.slice(documented.indexOf('**Fees.**'), documented.indexOf('## Live push: socket.io'));

describe('the documented places of a spot fee', () => {
  it('are the code’s: the pair’s places and FEE_EXTRA_DECIMALS more, at most FX_SCALE, never fewer than the pair’s', () => {
    expect(feesSection).toContain(`A fee is kept ${FEE_EXTRA_DECIMALS} decimal places finer than the pair's units`);
    expect(feesSection).toContain(`base \`amount_precision + ${FEE_EXTRA_DECIMALS}\` places`);
    expect(feesSection).toContain(`quote\n\`price_precision + amount_precision + ${FEE_EXTRA_DECIMALS}\``);
    expect(feesSection).toContain(`at most ${FX_SCALE} (the ledger's scale)`);
    expect(feesSection).not.toContain('cut down to the pair');
    // The rule the text states, as feePlaces applies it.
    expect([feePlaces(0), feePlaces(5), feePlaces(15), feePlaces(16), feePlaces(FX_SCALE)]).toEqual([3, 8, 18, 18, FX_SCALE]);
  });

  it('a trade’s fees carry the extra places, rounded toward zero, as the text says', () => {
    const spec: PairSpec = { left: 'BTC', right: 'USDT', symbol: 'BTC_USDT', pricePrecision: 2, amountPrecision: 5, contract: true };
    const rate = { numerator: 1n, scale: 3 };
    const rates = () => ({ maker: rate, taker: rate, text: { maker: '0.001', taker: '0.001' } });
    // 0.00166 BTC at 30001.37, the buyer taking: the buyer's fee 0.00000166 BTC (8 places; 0 at the
    // pair's 5), the seller's 0.001 × 49.8022742 = 0.0498022742 USDT (10 places).
    const trade: Trade = { type: 'trade', price: 3_000_137, quantity: 166, takerSide: 'buy', makerAccountId: 1, takerAccountId: 2, makerOrderId: 10, takerOrderId: 11, makerDone: true };
    const booked = bookTrades(spec, [trade], [1], rates);
    expect({ maker: booked.tradeRows.makerFee[0], taker: booked.tradeRows.takerFee[0] }).toEqual({ maker: '0.0498022742', taker: '0.00000166' });
    const odd = { numerator: 7n, scale: 4 };
    const cut = bookTrades(spec, [trade], [1], () => ({ maker: odd, taker: odd, text: { maker: '0.0007', taker: '0.0007' } }));
    // 0.0007 × 0.00166 = 0.000001162 BTC → 0.00000116; 0.0007 × 49.8022742 = 0.03486159194 USDT → 0.0348615919.
    expect({ maker: cut.tradeRows.makerFee[0], taker: cut.tradeRows.takerFee[0] }).toEqual({ maker: '0.0348615919', taker: '0.00000116' });
  });
});
