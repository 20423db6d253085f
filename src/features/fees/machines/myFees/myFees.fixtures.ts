import type { MyFees } from '../../../../../domain/fees';

type FeeMarket = MyFees['markets'][number];

/** A BTC_USDT market of the fixture: its schedule's (maker, taker) from tier 0 up, and the user's own rate. */
function market(product: FeeMarket['product'], rates: Array<[maker: string, taker: string]>, mine: FeeMarket['mine']): FeeMarket {
  return { product, market: 'BTC_USDT', schedule: rates.map(([maker, taker], tier) => ({ tier, maker, taker })), mine };
}

/** A user at tier 1 of three, with a spot and a futures market: the model and view tests' answer. */
export const MY_FEES_FIXTURE: MyFees = {
  tier: 1,
  volume_usdt: '60000',
  volume_day_ms: Date.UTC(2026, 10, 27),
  next: { tier: 2, min_volume_usdt: '1000000', missing: '940000' },
  tiers: [
    { tier: 0, min_volume_usdt: '0' },
    { tier: 1, min_volume_usdt: '50000' },
    { tier: 2, min_volume_usdt: '1000000' },
  ],
  markets: [
    market('spot', [['0.001', '0.001'], ['0.0008', '0.0009'], ['0.0008', '0.0009']], { maker: '-0.0002', taker: '0.0004', source: 'override', tier: 1 }),
    market('futures', [['0.0002', '0.0005'], ['0.0002', '0.0005'], ['0.0002', '0.0005']], { maker: '0.0002', taker: '0.0005', source: 'schedule', tier: 1 }),
  ],
};
