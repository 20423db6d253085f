import { addDecimal, addScaled, compareDecimal, divDecimal, mulDecimal, mulScaled, parse, render, subDecimal, trimZeros, type Scaled } from '../../../domain/decimal.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import type { IndexPair } from './indexPrice.js';

/**
 * What the seconds index samples: a pair's book as it stands, reduced to two figures (docs/API.md
 * "How the settle price is made").
 *
 * - `mid`: the impact mid, halfway between the average price of selling IMPACT_NOTIONAL of quote
 *   into the bids and of buying it from the asks. A small order inside the spread, or a print,
 *   barely moves it: only size resting in the book, which anyone can trade against, does.
 * - `depth`: the quote resting within DEPTH_BAND of that mid on the thinner side, what the
 *   exposure of one expiry second is bounded by.
 * - `spread`: the impact ask less the impact bid. Half of it is as far as orders resting inside the
 *   spread, of any size, can carry the impact mid (it stays short of the impact ask), so the draw
 *   band is made of it (`IndexSampler.bandOf`). A feed that cannot tell leaves it out (the band is
 *   then the floor, MIN_DRAW_TICKS).
 */
export interface BookQuote {
  mid: string;
  depth: string;
  spread?: string;
}

/**
 * Where the samples come from. The server reads the spot markets' books from their engines' memory
 * where they run in its process, else their resting orders from the database (`memoryFirstBookSource`
 * over `spotBookSource`; the seconds product never imports spot); an operator with an external price feed
 * implements this interface and passes it to `createSeconds` (as `FiatRateSource` for fiat rates).
 * A pair left out of the answer has no quote now (empty or crossed book): no sample is taken.
 * `restedBy`: count only orders placed at or before this instant (ms), so a quote that rests for a
 * moment around a sample is never part of it (issue 49); a feed without order times ignores it.
 */
export interface BookSource {
  quotes(pairs: readonly IndexPair[], restedBy?: number): Promise<Map<string, BookQuote>>;
}

/** The quote the impact mid is the price of, on each side. */
export const IMPACT_NOTIONAL = '10000';
/** How near the mid resting quote counts as depth: 0.5 %. */
export const DEPTH_BAND = '0.005';

export interface BookLevel {
  price: string;
  quantity: string;
}

/**
 * The average price of trading `notional` of quote against `levels` (best first); with less quote
 * resting, the average of all of it. Undefined for an empty side.
 */
export function impactPrice(levels: readonly BookLevel[], notional: string, places: number): string | undefined {
  let quote = '0';
  let base = '0';
  for (const level of levels) {
    const levelQuote = mulDecimal(level.price, level.quantity);
    const missing = subDecimal(notional, quote);
    if (compareDecimal(levelQuote, missing) >= 0) {
      base = addDecimal(base, divDecimal(missing, level.price, 18));
      quote = notional;
      break;
    }
    quote = addDecimal(quote, levelQuote);
    base = addDecimal(base, level.quantity);
  }
  if (compareDecimal(base, '0') <= 0) return undefined;
  return divDecimal(quote, base, places);
}

/** The quote resting within `band` of `mid` on one side (best first). */
export function depthWithin(levels: readonly BookLevel[], mid: string, band: string, side: 'bid' | 'ask'): string {
  const reach = mulDecimal(mid, band);
  const limit = side === 'bid' ? subDecimal(mid, reach) : addDecimal(mid, reach);
  // Summed exactly as (units, scale) and written once: a decimal string per partial sum, parsed
  // again at the next level, was most of what the index sampler allocated (up to 200 levels a side,
  // four samples a second).
  let depth: Scaled = { units: 0n, scale: 0 };
  for (const level of levels) {
    if (side === 'bid' ? compareDecimal(level.price, limit) < 0 : compareDecimal(level.price, limit) > 0) break;
    depth = addScaled(depth, mulScaled(parse(level.price), parse(level.quantity)));
  }
  return trimZeros(render(depth));
}

/** A book's quote: undefined when a side is empty or the book is crossed (an order caught between its record and its match). */
export function quoteOf(bids: readonly BookLevel[], asks: readonly BookLevel[], places: number): BookQuote | undefined {
  const [bestBid, bestAsk] = [bids[0], asks[0]];
  if (!bestBid || !bestAsk || compareDecimal(bestBid.price, bestAsk.price) >= 0) return undefined;
  const bid = impactPrice(bids, IMPACT_NOTIONAL, places + 4);
  const ask = impactPrice(asks, IMPACT_NOTIONAL, places + 4);
  if (bid === undefined || ask === undefined) return undefined;
  const mid = divDecimal(addDecimal(bid, ask), '2', places);
  const thinner = [depthWithin(bids, mid, DEPTH_BAND, 'bid'), depthWithin(asks, mid, DEPTH_BAND, 'ask')].sort(compareDecimal)[0]!;
  return { mid, depth: thinner, spread: subDecimal(ask, bid) };
}

/**
 * The spot market's book as committed: resting limit orders (GTC and post-only; immediate orders
 * never rest, though their rows are open for the instant between record and match) placed by
 * `restedBy` (`created_ms`, the market's clock at record), summed by price. One statement for every
 * pair, at most SIDE_LEVELS levels a side.
 */
export function spotBookSource(db: Queryable): BookSource {
  return {
    async quotes(pairs, restedBy) {
      if (pairs.length === 0) return new Map();
      const rows = await db.query<{ l: string; r: string; side: 'buy' | 'sell'; levels: BookLevel[] }>(
        `with levels as (
           select o.left_symbol as l, o.right_symbol as r, o.side, o.price, sum(o.quantity - o.filled) as quantity
           from spot_order o join unnest($1::text[], $2::text[]) as p(l, r) on o.left_symbol = p.l and o.right_symbol = p.r
           where o.status in (1, 2) and o.type = 'limit' and o.tif in ('GTC', 'POST_ONLY') and ($4::bigint is null or o.created_ms <= $4)
           group by 1, 2, 3, 4),
         ranked as (
           select *, row_number() over (partition by l, r, side order by case when side = 'buy' then -price else price end) as n from levels)
         select l, r, side, json_agg(json_build_object('price', trim_scale(price)::text, 'quantity', trim_scale(quantity)::text) order by n) as levels
         from ranked where n <= $3 group by l, r, side`,
        [pairs.map((p) => p.left), pairs.map((p) => p.right), SIDE_LEVELS, restedBy ?? null],
      );
      const quotes = new Map<string, BookQuote>();
      for (const pair of pairs) {
        const side = (s: 'buy' | 'sell') => rows.find((r) => r.l === pair.left && r.r === pair.right && r.side === s)?.levels ?? [];
        const quote = quoteOf(side('buy'), side('sell'), pair.pricePrecision);
        if (quote) quotes.set(pair.symbol, quote);
      }
      return quotes;
    },
  };
}

/** Levels read per side: far more than the impact notional and the depth band reach in any book a maker keeps. */
const SIDE_LEVELS = 200;

/**
 * A book kept in memory by the process that runs its market: spot offers its engines' (`spotBook`,
 * kernel/platform/offers.ts). Undefined for a pair it cannot tell: its market runs in another process, is
 * being rebuilt, or `restedBy` is older than it remembers.
 */
export interface MemoryBook {
  levels(symbol: string, restedBy: number | undefined, perSide: number): { bids: BookLevel[]; asks: BookLevel[] } | undefined;
}

/**
 * The pairs whose book `memory` holds quoted from it, the others from `fallback` (the database: one
 * statement for them all, none when every market runs here). Reading the resting orders from the
 * database four times a second was a third of its statement time under load (bench:pipeline).
 * `memory` is asked at each sample: the product offering it may come after this one.
 */
export function memoryFirstBookSource(memory: () => MemoryBook | undefined, fallback: BookSource): BookSource {
  return {
    async quotes(pairs, restedBy) {
      const book = memory();
      const quotes = new Map<string, BookQuote>();
      const elsewhere: IndexPair[] = [];
      for (const pair of pairs) {
        const levels = book?.levels(pair.symbol, restedBy, SIDE_LEVELS);
        if (!levels) {
          elsewhere.push(pair);
          continue;
        }
        const quote = quoteOf(levels.bids, levels.asks, pair.pricePrecision);
        if (quote) quotes.set(pair.symbol, quote);
      }
      if (elsewhere.length > 0) for (const [symbol, quote] of await fallback.quotes(elsewhere, restedBy)) quotes.set(symbol, quote);
      return quotes;
    },
  };
}
