import type { Pair } from '../../domain/api.js';

/** Spot pairs quoted in USDT, trading, for tests of the realtime gateway's channels. */
export function spotPairs(lefts: readonly string[]): Pair[] {
  return lefts.map((left) => ({
    left_symbol: left,
    right_symbol: 'USDT',
    is_hot: 0,
    trade_status: 1,
    contract_status: 0,
    price_precision: 2,
    amount_precision: 4,
    min_quantity: '0.0001',
    min_notional: '1',
  }));
}
