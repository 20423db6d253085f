import type { Currency, Pair } from './api';
import { price, quantity } from './figures';
import type { Level } from './market';
import { buildMarketRows } from './marketRows';

/**
 * The first screen before the app runs (issue 55): the server writes the latest prices (and, for a
 * trade page, the top of its book) into index.html, as markup the browser paints with the HTML and
 * the app's splash keeps until the app is shown with its live data. On a phone network the
 * app's code and its startup reads take seconds to arrive; these figures come with the page.
 * Figures only (pair names, prices, quantities): no text that needs a language.
 */
export interface FirstPaint {
  /** The pairs whose prices show: home's hot pairs, or the one pair of a trade page. */
  prices: { key: string; symbol: string; price: string }[];
  /** A trade page's best levels, already formatted, the asks from the highest to the best (as a book shows them). */
  book?: { asks: Level[]; bids: Level[] };
}

/**
 * The first screen's colours, by the theme token each one is (src/app/theme.ts holds the same
 * values; src/app/themeFirstPaint.test.ts holds them together): index.html and the first screen's
 * style are written in the dark ones, and for a light-theme trader the server swaps each for its
 * light one (server/kernel/platform/http/firstPaint.ts), so the page does not flash dark.
 */
export const FIRST_PAINT_COLOURS = {
  bg: { dark: '#0b0e11', light: '#f5f6f8' },
  textDim: { dark: '#9aa4b2', light: '#5e6673' },
  text: { dark: '#e8ebef', light: '#1e2329' },
  down: { dark: '#f6465d', light: '#bf2a43' },
  up: { dark: '#0ecb81', light: '#027550' },
} as const;

/** Levels a trade page's first screen shows on each side. */
export const FIRST_PAINT_LEVELS = 6;

/** The spot trade page's symbol in a path (`/markets/kline/btc_usdt` → `BTC_USDT`). */
export function tradePageSymbol(path: string): string | undefined {
  const match = /^\/markets\/kline\/([A-Za-z0-9]+_[A-Za-z0-9]+)\/?$/.exec(path);
  return match?.[1]!.toUpperCase();
}

/**
 * What the first screen of `path` shows: on /home its hot pairs (as home picks them: the first four
 * tradable pairs marked hot) with the currency list's last prices, on a spot trade page its pair
 * and the book `depth` gives; nothing for other pages, or when there is no price to show.
 */
export function firstPaintOf(path: string, pairs: Pair[], currencies: Currency[], depth?: { asks: Level[]; bids: Level[] }): FirstPaint | undefined {
  const rows = buildMarketRows(pairs, currencies, {});
  const symbol = tradePageSymbol(path);
  const shown = path === '/home' ? rows.filter((r) => r.pair.is_hot === 1).slice(0, 4) : symbol ? rows.filter((r) => r.key === symbol) : [];
  const prices = shown.flatMap((r) => (r.price ? [{ key: r.key, symbol: r.symbol, price: price(r.price, r.pair.price_precision) }] : []));
  const pair = symbol ? shown[0]?.pair : undefined;
  if (!pair) return prices.length ? { prices } : undefined;
  const level = ([p, q]: Level): Level => [price(p, pair.price_precision), quantity(q, pair.amount_precision)];
  const book = depth && (depth.asks.length || depth.bids.length) ? { asks: depth.asks.slice(0, FIRST_PAINT_LEVELS).map(level).reverse(), bids: depth.bids.slice(0, FIRST_PAINT_LEVELS).map(level) } : undefined;
  if (!prices.length && !book) return undefined;
  return book ? { prices, book } : { prices };
}
