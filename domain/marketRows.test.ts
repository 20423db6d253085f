import { describe, expect, it } from 'vitest';
import type { Currency, MarketTick, Pair } from './api';
import { priceInUsdt, quoteUsdtPrice } from './marketFigures';
import { buildMarketRows } from './marketRows';

const currency = (symbol: string, price: string, supply = '0'): Currency => ({
  symbol,
  name: symbol,
  price,
  recharge_turn: 1,
  draw_turn: 1,
  legal_status: 0,
  circulating_supply: supply,
});
const pair = (l: string, r: string, trade: 0 | 1 = 1): Pair => ({
  left_symbol: l,
  right_symbol: r,
  is_hot: 0,
  trade_status: trade,
  contract_status: 0,
  price_precision: 2,
  amount_precision: 4,
  min_quantity: '0.0001',
  min_notional: '1',
});

describe('market rows', () => {
  const currencies = [currency('BTC', '96000', '20000000'), currency('ETH', '3400'), currency('USDT', '1')];
  it('uses the reference price for USDT pairs until a tick arrives, and the tick after', () => {
    const [btc] = buildMarketRows([pair('BTC', 'USDT')], currencies, {});
    expect(btc!.price).toBe('96000');
    expect(btc!.marketValueUsdt).toBe('1920000000000');
    const tick = { channel: 'btc_usdt_tick', pair: 'BTC_USDT', close: '97000', open: '96000', high: '97100', low: '95900', amount: '1', vol: '97000', count: 1, increase: '0.0104' };
    const [live] = buildMarketRows([pair('BTC', 'USDT')], currencies, { btc_usdt_tick: tick });
    expect(live!.price).toBe('97000');
  });
  it('shows no invented price for non-USDT pairs and skips pairs that are not tradable', () => {
    const rows = buildMarketRows([pair('ETH', 'BTC'), pair('BTC', 'USDT', 0)], currencies, {});
    expect(rows).toHaveLength(1);
    expect(rows[0]!.price).toBeUndefined();
  });
  it('prices a BTC-quoted pair in USDT through BTC (its live close, else its reference price), with a market value', () => {
    const withSupply = [currency('BTC', '96000', '20000000'), currency('ETH', '3400', '120000000'), currency('USDT', '1')];
    const ethBtc = { channel: 'eth_btc_tick', pair: 'ETH_BTC', close: '0.035', open: '0.035', high: '0.036', low: '0.034', amount: '1', vol: '0.035', count: 1, increase: '0' };
    const [before] = buildMarketRows([pair('ETH', 'BTC')], withSupply, { eth_btc_tick: ethBtc });
    expect(before!.priceUsdt).toBe('3360');
    expect(before!.marketValueUsdt).toBe('403200000000');
    const btcUsdt = { ...ethBtc, channel: 'btc_usdt_tick', pair: 'BTC_USDT', close: '100000' };
    const [live] = buildMarketRows([pair('ETH', 'BTC')], withSupply, { eth_btc_tick: ethBtc, btc_usdt_tick: btcUsdt });
    expect(live!.priceUsdt).toBe('3500');
  });
  it('the futures market lists the pairs with contracts, and its fiat price and market value follow the futures price', () => {
    const withContract = { ...pair('BTC', 'USDT'), contract_status: 1 as const };
    const spot = { channel: 'btc_usdt_tick', pair: 'BTC_USDT', close: '97000', open: '96000', high: '97100', low: '95900', amount: '1', vol: '97000', count: 1, increase: '0.0104' };
    const future = { ...spot, channel: 'btc_usdt_future_tick', close: '97500', increase: '0.02' };
    expect(buildMarketRows([pair('BTC', 'USDT'), pair('ETH', 'USDT')], currencies, {}, 'futures')).toEqual([]);
    // Before a futures tick: the spot price, as the price column shows it.
    const [waiting] = buildMarketRows([withContract], currencies, { btc_usdt_tick: spot }, 'futures');
    expect(waiting!.price).toBe('97000');
    const [row] = buildMarketRows([withContract], currencies, { btc_usdt_tick: spot, btc_usdt_future_tick: future }, 'futures');
    expect(row).toMatchObject({ price: '97500', priceUsdt: '97500', marketValueUsdt: '1950000000000', tick: future });
    const [spotRow] = buildMarketRows([withContract], currencies, { btc_usdt_tick: spot, btc_usdt_future_tick: future });
    expect(spotRow).toMatchObject({ price: '97000', priceUsdt: '97000', marketValueUsdt: '1940000000000', tick: spot });
  });
});

describe('prices in USDT through the quote currency', () => {
  const pair = (right: string) => ({ left_symbol: 'ETH', right_symbol: right }) as Pair;
  it('takes 1 for USDT, the quote/USDT close, else the quote currency reference price', () => {
    expect(quoteUsdtPrice(pair('USDT'), [], {})).toBe('1');
    expect(quoteUsdtPrice(pair('BTC'), [{ symbol: 'BTC', price: '60000' } as Currency], {})).toBe('60000');
    expect(quoteUsdtPrice(pair('BTC'), [{ symbol: 'BTC', price: '60000' } as Currency], { btc_usdt_tick: { close: '61000' } as MarketTick })).toBe('61000');
  });
  it('multiplies exactly, and gives nothing without both prices', () => {
    expect(priceInUsdt('0.1', '0.2')).toBe('0.02');
    expect(priceInUsdt(undefined, '1')).toBeUndefined();
    expect(priceInUsdt('1', undefined)).toBeUndefined();
  });
});
