import type { Currency, MarketTick, Pair } from './api';
import { futureTickChannel, spotTickChannel } from './api';
import { marketFigures, quoteUsdtPrice } from './marketFigures';

/** One row of the markets and home tables, built from the pair list, currency list and live ticks. */
export interface MarketRow {
  key: string;
  pair: Pair;
  symbol: string;
  /** Last price in the quote currency: the live close (the futures close on the futures market, else the spot one), else the reference price for USDT pairs. */
  price: string | undefined;
  /** `price` in USDT, for conversion into the pricing currency (through the quote's USDT price: ETH/BTC × BTC/USDT). */
  priceUsdt: string | undefined;
  /** The live tick of the market the row is for (spot or futures). */
  tick: MarketTick | undefined;
  /** Market value in USDT (USDT price × circulating supply of the base currency). */
  marketValueUsdt: string | undefined;
}

/**
 * The rows of one market: `spot` (the tradable pairs, spot ticks) or `futures` (those with contracts
 * enabled, futures ticks). The fiat price and market value follow the row's own price, so on the
 * futures market they are the futures price's.
 */
export function buildMarketRows(pairs: Pair[], currencies: Currency[], tickers: Record<string, MarketTick>, market: 'spot' | 'futures' = 'spot'): MarketRow[] {
  const bySymbol = new Map(currencies.map((c) => [c.symbol, c]));
  return pairs
    .filter((p) => p.trade_status === 1 && (market === 'spot' || p.contract_status === 1))
    .map((pair) => {
      const spotTick = tickers[spotTickChannel(pair.left_symbol, pair.right_symbol)];
      const tick = market === 'futures' ? tickers[futureTickChannel(pair.left_symbol, pair.right_symbol)] : spotTick;
      return {
        key: `${pair.left_symbol}_${pair.right_symbol}`,
        pair,
        symbol: `${pair.left_symbol}/${pair.right_symbol}`,
        tick,
        ...marketFigures(pair, bySymbol.get(pair.left_symbol), tick, spotTick, quoteUsdtPrice(pair, currencies, tickers)),
      };
    });
}
