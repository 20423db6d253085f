import type { Currency, MarketTick, Pair } from './api';
import { spotTickChannel } from './api';
import { compareDecimal, isDecimalString, mulDecimal } from './decimal';

/*
 * A market's figures from its live tick, apart from the rows of the market lists (marketRows.ts):
 * the shell's hooks read the quote currency's USDT price at startup, so what they import is in the
 * entry every page loads, and the lists' row building is not (bench:bundle, /home's budget).
 */

/**
 * One row's figures: its last price (the tick's close; before the first futures tick the spot
 * one, as the price column always showed; else a USDT pair's reference price), that price in USDT
 * through `quoteUsdt` (quoteUsdtPrice), and the base currency's market value at it (where its
 * circulating supply is known).
 */
export function marketFigures(
  pair: Pair,
  base: Currency | undefined,
  tick: MarketTick | undefined,
  spotTick: MarketTick | undefined,
  quoteUsdt: string | undefined,
): { price: string | undefined; priceUsdt: string | undefined; marketValueUsdt: string | undefined } {
  const price = tick?.close ?? spotTick?.close ?? (pair.right_symbol === 'USDT' ? base?.price : undefined);
  const priceUsdt = priceInUsdt(price, quoteUsdt);
  // A supply of 0 is one nobody entered (a token just listed from its ICO): unknown, shown as a dash, not as $0.00.
  const supplyKnown = base !== undefined && isDecimalString(base.circulating_supply) && compareDecimal(base.circulating_supply, '0') > 0;
  return { price, priceUsdt, marketValueUsdt: priceUsdt && supplyKnown ? mulDecimal(priceUsdt, base.circulating_supply) : undefined };
}

/**
 * The USDT price of a pair's quote currency: 1 for USDT, else the quote/USDT live close, else the
 * quote currency's reference price.
 */
export function quoteUsdtPrice(pair: Pair, currencies: Currency[], tickers: Record<string, MarketTick>): string | undefined {
  if (pair.right_symbol === 'USDT') return '1';
  return tickers[spotTickChannel(pair.right_symbol, 'USDT')]?.close ?? currencies.find((c) => c.symbol === pair.right_symbol)?.price;
}

/** A price in the pair's quote currency, in USDT (for display in the pricing currency); exact. */
export function priceInUsdt(price: string | undefined, quoteUsdt: string | undefined): string | undefined {
  return price && quoteUsdt ? mulDecimal(price, quoteUsdt) : undefined;
}
