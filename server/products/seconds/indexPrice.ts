import { compareDecimal, divDecimal } from '../../../domain/decimal.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';

/**
 * The per-second index price of a pair (docs/API.md "Seconds contracts", "How the settle price is made").
 *
 * The price of second S is fixed at the instant S begins, from the five seconds before it:
 *
 * 1. The book: the median of the impact mids sampled four times a second in [S-5 s, S)
 *    (`IndexSampler` over a `BookSource`, the spot book by default). Trades do not enter it, so
 *    prints between colluding accounts move nothing (issue 34).
 * 2. When too few samples exist (the server was down or had just started), the trades: each of
 *    the seconds S-5 … S-1 gives one sample, the volume-weighted average price of its trades cut to
 *    the pair's price precision (a second without trades repeats the previous sample; before the
 *    first, the last trade before the window, or the last one-minute candle's close), and the
 *    index is the median of the five. Trades in which either side holds an open contract on the
 *    pair are left out, from the window and from the price carried into it, and so is a candle
 *    such a trade is part of: those accounts have an interest in the price (issue 49).
 *
 * Each second also has a draw band (`IndexPoint.band`): half the median impact spread the book
 * showed over the minute before it, at least MIN_DRAW_TICKS ticks. A contract whose settle price
 * is within the wider of its buy second's and its expiry second's band of its buy price is a draw:
 * orders resting inside the spread, however long, cannot carry the impact mid that far (issue 49:
 * 96 USDT one tick inside the spread moved it by cents, and any move decided a contract).
 *
 * Once recorded (`seconds_index`), a second's price never changes: buying reads the acceptance
 * second's row, settlement the expiry second's, however late it runs. A second that was never
 * recorded (the server was down) is computed from the same trades, which are all committed by then.
 */
export const INDEX_WINDOW_SECONDS = 5;
/** The least draw band: this many ticks of the pair's price (all of it where the book is not sampled). */
export const MIN_DRAW_TICKS = 2;

/** A second's recorded index: its price and its draw band. */
export interface IndexPoint {
  price: string;
  band: string;
}

export interface IndexPair {
  symbol: string;
  left: string;
  right: string;
  pricePrecision: number;
}

/** Where the fallback's samples come from: the spot market's committed trades (tests give their own). */
export interface TradeSource {
  /** VWAP per epoch second of the pair's trades in [fromSecond, toSecond), cut to the pair's price precision. */
  secondVwaps(q: Queryable, pair: IndexPair, fromSecond: number, toSecond: number): Promise<Map<number, string>>;
  /** The price the pair last traded at before `ms` (or its reference close), if any. */
  priceBefore(q: Queryable, pair: IndexPair, ms: number): Promise<string | undefined>;
}

/** The book's price and band of a second, if enough of their windows were sampled (`IndexSampler`). */
export interface SampledPrices {
  priceOf(pair: IndexPair, second: number): string | undefined;
  bandOf?(pair: IndexPair, second: number): string | undefined;
}

/** MIN_DRAW_TICKS ticks of the pair's price. */
export const minimumBand = (pair: IndexPair) => divDecimal(String(MIN_DRAW_TICKS), `1${'0'.repeat(pair.pricePrecision)}`, pair.pricePrecision);

/** The median rule over the window's samples; undefined when the pair has no price at all yet. */
export function indexFromSamples(second: number, vwaps: ReadonlyMap<number, string>, carry: string | undefined): string | undefined {
  const samples: string[] = [];
  let last = carry;
  for (let s = second - INDEX_WINDOW_SECONDS; s < second; s++) {
    const v = vwaps.get(s);
    if (v !== undefined) last = v;
    if (last !== undefined) samples.push(last);
  }
  if (samples.length === 0) return undefined;
  samples.sort(compareDecimal);
  return samples[Math.floor((samples.length - 1) / 2)];
}

/** The users holding a contract of the pair that is not settled yet (their trades say nothing honest about the price). */
const HOLDERS = `select c.user_id from seconds_second s join seconds_contract c
  on c.left_symbol = s.left_symbol and c.right_symbol = s.right_symbol and c.expiry_second = s.second
  where s.left_symbol = $1 and s.right_symbol = $2 and s.settled_ms is null and c.settled_ms is null`;

/** A trade `t` of the pair in which a holder is maker or taker (needs `holders` in the statement). */
const BY_HOLDER = `(t.maker_user_id in (select user_id from holders) or t.taker_user_id in (select user_id from holders))`;

/** The trades of the spot market as committed (spot_trade), with the candle history as a fallback. */
export function spotTradeSource(): TradeSource {
  return {
    async secondVwaps(db, pair, fromSecond, toSecond) {
      const rows = await db.query<{ s: string | number; vwap: string }>(
        `with holders as (${HOLDERS})
         select created_ms / 1000 as s, trim_scale(trunc(sum(price * quantity) / sum(quantity), $5))::text as vwap
         from spot_trade t where left_symbol = $1 and right_symbol = $2 and created_ms >= $3 and created_ms < $4 and not ${BY_HOLDER}
         group by 1`,
        [pair.left, pair.right, fromSecond * 1000, toSecond * 1000, pair.pricePrecision],
      );
      return new Map(rows.map((r) => [Number(r.s), r.vwap]));
    },
    // Holders' trades carried no further than they are counted (issue 49: two holders' 0.0002 BTC
    // at 97000 with no book was the index for the next 9 s): the last trade without a holder, else
    // the close of the last one-minute candle no holder traded in.
    async priceBefore(db, pair, ms) {
      const [trade] = await db.query<{ price: string }>(
        `with holders as (${HOLDERS})
         select trim_scale(price)::text as price from spot_trade t
         where left_symbol = $1 and right_symbol = $2 and created_ms < $3 and not ${BY_HOLDER} order by created_ms desc limit 1`,
        [pair.left, pair.right, ms],
      );
      if (trade) return trade.price;
      const [candle] = await db.query<{ price: string }>(
        `with holders as (${HOLDERS})
         select trim_scale(close)::text as price from candle c
         where c.left_symbol = $1 and c.right_symbol = $2 and c.interval = '1min' and c.open_time < $3
           and not exists (select 1 from spot_trade t where t.left_symbol = $1 and t.right_symbol = $2
             and t.created_ms >= c.open_time and t.created_ms < c.open_time + 60000 and ${BY_HOLDER})
         order by c.open_time desc limit 1`,
        [pair.left, pair.right, ms],
      );
      return candle?.price;
    },
  };
}

/**
 * Records and reads the index. `pointAt` answers the recorded price and band of a second, computing
 * and recording them first if missing; it never answers for a second that has not begun.
 */
export class SecondsIndex {
  constructor(
    private readonly db: Database,
    private readonly trades: TradeSource,
    private readonly clock: () => number,
    /** The sampled book (rule 1); without it, or without enough samples, the trades decide and the band is the least. */
    private readonly book?: SampledPrices,
  ) {}

  async computePoint(pair: IndexPair, second: number, q: Queryable = this.db): Promise<IndexPoint | undefined> {
    const sampled = this.book?.bandOf?.(pair, second);
    const floor = minimumBand(pair);
    const band = sampled !== undefined && compareDecimal(sampled, floor) > 0 ? sampled : floor;
    const price = this.book?.priceOf(pair, second) ?? (await this.fromTrades(pair, second, q));
    return price === undefined ? undefined : { price, band };
  }

  async compute(pair: IndexPair, second: number, q: Queryable = this.db): Promise<string | undefined> {
    return (await this.computePoint(pair, second, q))?.price;
  }

  /** The recorded price and band of `second`, recorded now if missing; `q` may be the caller's transaction. */
  async pointAt(pair: IndexPair, second: number, q: Queryable = this.db): Promise<IndexPoint | undefined> {
    if (second * 1000 > this.clock()) return undefined;
    const recorded = await readRecorded(q, pair, second);
    if (recorded !== undefined) return recorded;
    const point = await this.computePoint(pair, second, q);
    if (point === undefined) return undefined;
    await q.query(
      `insert into seconds_index (left_symbol, right_symbol, second, price, band) values ($1, $2, $3, $4, $5) on conflict do nothing`,
      [pair.left, pair.right, second, point.price, point.band],
    );
    // Another writer may have recorded it first: the recorded row is the price.
    return (await readRecorded(q, pair, second)) ?? point;
  }

  async priceAt(pair: IndexPair, second: number, q: Queryable = this.db): Promise<string | undefined> {
    return (await this.pointAt(pair, second, q))?.price;
  }

  /** Read only: the latest recorded second and price (the live figure on the trading page). */
  async latest(pair: IndexPair): Promise<{ second: number; price: string } | undefined> {
    const [row] = await this.db.query<{ second: string | number; price: string }>(
      `select second, trim_scale(price)::text as price from seconds_index where left_symbol = $1 and right_symbol = $2 order by second desc limit 1`,
      [pair.left, pair.right],
    );
    return row ? { second: Number(row.second), price: row.price } : undefined;
  }

  private async fromTrades(pair: IndexPair, second: number, q: Queryable): Promise<string | undefined> {
    const from = second - INDEX_WINDOW_SECONDS;
    const vwaps = await this.trades.secondVwaps(q, pair, from, second);
    const carry = await this.trades.priceBefore(q, pair, from * 1000);
    return indexFromSamples(second, vwaps, carry);
  }
}

async function readRecorded(q: Queryable, pair: IndexPair, second: number): Promise<IndexPoint | undefined> {
  const [row] = await q.query<IndexPoint>(
    `select trim_scale(price)::text as price, trim_scale(band)::text as band from seconds_index where left_symbol = $1 and right_symbol = $2 and second = $3`,
    [pair.left, pair.right, second],
  );
  return row;
}
