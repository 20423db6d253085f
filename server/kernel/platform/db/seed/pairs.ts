import type { Pair } from '../../../../../domain/api.js';

/**
 * A listed pair as /api/pair_list answers it (domain/api.ts): min_quantity one lot by default
 * (docs/API.md "Minimum order size"), min_notional about one US dollar of the quote currency.
 */
export type SeedPair = Pair;

const pair = (
  left: string,
  right: string,
  flags: { hot?: boolean; contract?: boolean; trade?: boolean },
  price_precision: number,
  amount_precision: number,
): SeedPair => ({
  left_symbol: left,
  right_symbol: right,
  is_hot: flags.hot ? 1 : 0,
  trade_status: flags.trade === false ? 0 : 1,
  contract_status: flags.contract ? 1 : 0,
  price_precision,
  amount_precision,
  min_quantity: amount_precision === 0 ? '1' : `0.${'1'.padStart(amount_precision, '0')}`,
  min_notional: right === 'BTC' ? '0.00001' : '1',
});

export const SEED_PAIRS: SeedPair[] = [
  pair('BTC', 'USDT', { hot: true, contract: true }, 2, 5),
  pair('ETH', 'USDT', { hot: true, contract: true }, 2, 4),
  pair('SOL', 'USDT', { hot: true, contract: true }, 3, 3),
  pair('BNB', 'USDT', { hot: true, contract: true }, 2, 3),
  pair('XRP', 'USDT', { contract: true }, 4, 1),
  pair('DOGE', 'USDT', { contract: true }, 5, 0),
  pair('ADA', 'USDT', {}, 4, 1),
  pair('TRX', 'USDT', {}, 5, 0),
  pair('LTC', 'USDT', {}, 2, 3),
  pair('ETH', 'BTC', {}, 6, 4),
];
