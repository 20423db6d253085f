import type { FeesDesk } from '../../../../../domain/fees';

/** The desk as the server answers it: two tiers, a default and a pair's row, one override. */
export const FEES_DESK_FIXTURE: FeesDesk = {
  tiers: [
    { tier: 0, min_volume_usdt: '0' },
    { tier: 1, min_volume_usdt: '1000000' },
  ],
  schedule: [
    { product: 'futures', market: '*', tier: 0, maker: '0.0002', taker: '0.0005' },
    { product: 'spot', market: '*', tier: 0, maker: '0.001', taker: '0.001' },
    { product: 'spot', market: 'BTC_USDT', tier: 1, maker: '-0.0001', taker: '0.0005' },
  ],
  overrides: [{ user_id: 42, product: 'spot', market: 'BTC_USDT', maker: '-0.0002', taker: '0.0004', ends_ms: Date.UTC(2026, 11, 31), note: 'market maker programme' }],
  markets: [{ product: 'spot', market: 'BTC_USDT' }],
  volume_day_ms: Date.UTC(2026, 10, 27),
};
