import { compareDecimal } from '../../../domain/decimal.js';
import type { Database, Queryable } from '../../kernel/db/database.js';

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
 *    pair are left out: those accounts have an interest in the price.
 *
 * Once recorded (`seconds_index`), a second's price never changes: buying reads the acceptance
 * second's row, settlement the expiry second's, however late it runs. A second that was never
 * recorded (the server was down) is computed from the same trades, which are all committed by then.
 */
export const INDEX_WINDOW_SECONDS = 5;

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

/** The book's price of a second, if enough of its window was sampled (`IndexSampler`). */
export interface SampledPrices {
  priceOf(pair: IndexPair, second: number): string | undefined;
}

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

/** The trades of the spot market as committed (spot_trade), with the candle history as a fallback. */
export function spotTradeSource(): TradeSource {
  return {
    async secondVwaps(db, pair, fromSecond, toSecond) {
      const rows = await db.query<{ s: string | number; vwap: string }>(
        `with holders as (${HOLDERS})
         select created_ms / 1000 as s, trim_scale(trunc(sum(price * quantity) / sum(quantity), $5))::text as vwap
         from spot_trade where left_symbol = $1 and right_symbol = $2 and created_ms >= $3 and created_ms < $4
           and maker_user_id not in (select user_id from holders) and taker_user_id not in (select user_id from holders)
         group by 1`,
        [pair.left, pair.right, fromSecond * 1000, toSecond * 1000, pair.pricePrecision],
      );
      return new Map(rows.map((r) => [Number(r.s), r.vwap]));
    },
    async priceBefore(db, pair, ms) {
      const [trade] = await db.query<{ price: string }>(
        `select trim_scale(price)::text as price from spot_trade
         where left_symbol = $1 and right_symbol = $2 and created_ms < $3 order by created_ms desc limit 1`,
        [pair.left, pair.right, ms],
      );
      if (trade) return trade.price;
      const [candle] = await db.query<{ price: string }>(
        `select trim_scale(close)::text as price from candle
         where left_symbol = $1 and right_symbol = $2 and interval = '1min' and open_time < $3 order by open_time desc limit 1`,
        [pair.left, pair.right, ms],
      );
      return candle?.price;
    },
  };
}

/**
 * Records and reads the index. `priceAt` answers the recorded price of a second, computing and
 * recording it first if it is missing; it never answers for a second that has not begun.
 */
export class SecondsIndex {
  constructor(
    private readonly db: Database,
    private readonly trades: TradeSource,
    private readonly clock: () => number,
    /** The sampled book (rule 1); without it, or without enough samples, the trades decide. */
    private readonly book?: SampledPrices,
  ) {}

  async compute(pair: IndexPair, second: number, q: Queryable = this.db): Promise<string | undefined> {
    const sampled = this.book?.priceOf(pair, second);
    if (sampled !== undefined) return sampled;
    const from = second - INDEX_WINDOW_SECONDS;
    const vwaps = await this.trades.secondVwaps(q, pair, from, second);
    const carry = await this.trades.priceBefore(q, pair, from * 1000);
    return indexFromSamples(second, vwaps, carry);
  }

  /** The recorded price of `second`, recorded now if missing; `q` may be the caller's transaction. */
  async priceAt(pair: IndexPair, second: number, q: Queryable = this.db): Promise<string | undefined> {
    if (second * 1000 > this.clock()) return undefined;
    const recorded = await readRecorded(q, pair, second);
    if (recorded !== undefined) return recorded;
    const price = await this.compute(pair, second, q);
    if (price === undefined) return undefined;
    await q.query(
      `insert into seconds_index (left_symbol, right_symbol, second, price) values ($1, $2, $3, $4) on conflict do nothing`,
      [pair.left, pair.right, second, price],
    );
    // Another writer may have recorded it first: the recorded row is the price.
    return (await readRecorded(q, pair, second)) ?? price;
  }

  /** Read only: the latest recorded second and price (the live figure on the trading page). */
  async latest(pair: IndexPair): Promise<{ second: number; price: string } | undefined> {
    const [row] = await this.db.query<{ second: string | number; price: string }>(
      `select second, trim_scale(price)::text as price from seconds_index where left_symbol = $1 and right_symbol = $2 order by second desc limit 1`,
      [pair.left, pair.right],
    );
    return row ? { second: Number(row.second), price: row.price } : undefined;
  }
}

async function readRecorded(q: Queryable, pair: IndexPair, second: number): Promise<string | undefined> {
  const [row] = await q.query<{ price: string }>(
    `select trim_scale(price)::text as price from seconds_index where left_symbol = $1 and right_symbol = $2 and second = $3`,
    [pair.left, pair.right, second],
  );
  return row?.price;
}
