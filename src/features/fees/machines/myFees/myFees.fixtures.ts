import type { MyFees } from '../../../../../domain/fees';

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
    {
      product: 'spot',
      market: 'BTC_USDT',
      schedule: [
        { tier: 0, maker: '0.001', taker: '0.001' },
        { tier: 1, maker: '0.0008', taker: '0.0009' },
        { tier: 2, maker: '0.0008', taker: '0.0009' },
      ],
      mine: { maker: '-0.0002', taker: '0.0004', source: 'override', tier: 1 },
    },
    {
      product: 'futures',
      market: 'BTC_USDT',
      schedule: [
        { tier: 0, maker: '0.0002', taker: '0.0005' },
        { tier: 1, maker: '0.0002', taker: '0.0005' },
        { tier: 2, maker: '0.0002', taker: '0.0005' },
      ],
      mine: { maker: '0.0002', taker: '0.0005', source: 'schedule', tier: 1 },
    },
  ],
};
