import { describe, expect, it } from 'vitest';
import type { Pair } from '../../domain/api';
import { FEATURES } from '../features';
import { tickChannelsOf } from './feature';

const pair = (left: string, right: string, trade: 0 | 1, contract: 0 | 1): Pair => ({
  left_symbol: left,
  right_symbol: right,
  is_hot: 0,
  trade_status: trade,
  contract_status: contract,
  price_precision: 2,
  amount_precision: 4,
  min_quantity: '0.0001',
  min_notional: '1',
});

/**
 * Issue 54 §2: the ticks the app keeps from startup (the home page's and the markets lists' prices)
 * are what the products declare (`tickers` on their feature.tsx), not channels the app machine names.
 */
describe("the app's tick channels", () => {
  const pairs = [pair('BTC', 'USDT', 1, 1), pair('ETH', 'BTC', 1, 0), pair('X', 'USDT', 0, 0)];

  it("are spot's per tradable market, then futures' per contract, as before the products declared them", () => {
    expect(tickChannelsOf(FEATURES)(pairs)).toEqual(['btc_usdt_tick', 'eth_btc_tick', 'btc_usdt_future_tick']);
  });

  it("take a new product's without a change to the shell", () => {
    const options = { tickers: (p: Pair) => (p.trade_status === 1 ? [`${p.left_symbol}_${p.right_symbol}_option_tick`.toLowerCase()] : []) };
    expect(tickChannelsOf([...FEATURES, options])(pairs.slice(0, 1))).toEqual(['btc_usdt_tick', 'btc_usdt_future_tick', 'btc_usdt_option_tick']);
  });
});
