import { futureIndexChannel, futureTickChannel } from '../../../domain/api.js';
import { fx, fxText, roundFx, type Fx } from '../../../domain/fx.js';
import { fundingRate, markPriceOf, nextBasis, premiumOf, PRICE_FEED_PLACES } from '../../../domain/futures/formulas.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import type { MarketPublisher } from '../../kernel/exchange/publisher.js';
import type { FuturesExchange } from './exchange.js';
import { checkMarginCall, dueMarginCalls } from './marginCalls.js';
import { ticksToFx, type FuturesPair } from './pairs.js';

/** Where the index price comes from: the spot market's committed trades (tests give their own). */
export interface IndexSource {
  index(q: Queryable, pair: FuturesPair, now: number): Promise<Fx | undefined>;
}

/** Seconds of spot trades the index samples. */
export const INDEX_SAMPLE_SECONDS = 5;

/**
 * The index price of a contract pair: the median of the spot pair's per-second VWAPs over the five
 * whole seconds before now (a second without trades repeats the previous sample; before the first,
 * the last trade before the window), cut to 4 decimals. One trade, however large, changes one
 * sample of five, so it cannot swing the index by itself.
 */
export function spotIndexSource(): IndexSource {
  return {
    async index(q, pair, now) {
      const to = Math.floor(now / 1000);
      const from = to - INDEX_SAMPLE_SECONDS;
      const rows = await q.query<{ s: string | number; vwap: string }>(
        `select created_ms / 1000 as s, (sum(price * quantity) / sum(quantity))::numeric(36, 18)::text as vwap from spot_trade
         where left_symbol = $1 and right_symbol = $2 and created_ms >= $3 and created_ms < $4 group by 1`,
        [pair.spec.left, pair.spec.right, from * 1000, to * 1000],
      );
      const vwaps = new Map(rows.map((r) => [Number(r.s), fx(r.vwap)]));
      let last: Fx | undefined;
      if (!vwaps.has(from)) {
        const [before] = await q.query<{ price: string }>(
          `select price::text as price from spot_trade where left_symbol = $1 and right_symbol = $2 and created_ms < $3 order by created_ms desc, id desc limit 1`,
          [pair.spec.left, pair.spec.right, from * 1000],
        );
        last = before ? fx(before.price) : undefined;
      }
      const samples: Fx[] = [];
      for (let s = from; s < to; s++) {
        last = vwaps.get(s) ?? last;
        if (last !== undefined) samples.push(last);
      }
      if (samples.length === 0) return undefined;
      samples.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      return roundFx(samples[Math.floor((samples.length - 1) / 2)]!, PRICE_FEED_PLACES, 'down');
    },
  };
}

/**
 * Publishes index and mark per contract pair and runs what a mark update drives: TP/SL triggers
 * and liquidations (through the exchange's sequencer). The mark state is persisted in
 * futures_mark, so the basis, the premium average of the funding interval and the last mark
 * survive a restart.
 */
export class PriceFeed {
  constructor(
    private readonly db: Database,
    private readonly exchange: FuturesExchange,
    private readonly source: IndexSource,
    private readonly publisher: MarketPublisher,
    private readonly clock: () => number,
  ) {}

  async load(): Promise<void> {
    const rows = await this.db.query<{ symbol: string; index_price: string; mark_price: string; basis: string }>(
      `select left_symbol || '_' || right_symbol as symbol, index_price::text as index_price, mark_price::text as mark_price, basis::text as basis from futures_mark`,
    );
    for (const r of rows) this.exchange.marks.set(r.symbol, { index: fx(r.index_price), mark: fx(r.mark_price), basis: fx(r.basis) });
  }

  /** One update of every pair (or one): index, mark, publish, then triggers and liquidations. */
  async update(only?: string): Promise<void> {
    for (const pair of this.exchange.pairs.values()) {
      if (only && pair.spec.symbol !== only) continue;
      // A contract listed at runtime on a pair whose spot market has not traded yet: its reference price.
      const index = (await this.source.index(this.db, pair, this.clock())) ?? pair.reference;
      if (index === undefined) continue;
      await this.setIndex(pair, index);
    }
  }

  /** Moves a pair's mark from a new index (tests call it with a price of their own). */
  async setIndex(pair: FuturesPair, index: Fx, options: { basis?: Fx } = {}): Promise<void> {
    const symbol = pair.spec.symbol;
    const engine = this.exchange.engines.get(symbol)!;
    const previous = this.exchange.marks.get(symbol);
    const bid = engine.bestBid();
    const ask = engine.bestAsk();
    const last = this.exchange.data.get(symbol)!.lastTradePrice();
    const reference = bid !== undefined && ask !== undefined ? (ticksToFx(pair, bid) + ticksToFx(pair, ask)) / 2n : last !== undefined ? ticksToFx(pair, last) : undefined;
    const basis = options.basis ?? (reference === undefined ? (previous?.basis ?? 0n) : nextBasis(previous?.basis ?? 0n, reference - index, index));
    const mark = markPriceOf(index, basis);
    const premium = premiumOf(mark, index);
    const now = this.clock();
    const [sums] = await this.db.query<{ premium_sum: string; premium_count: number }>(
      `insert into futures_mark (left_symbol, right_symbol, index_price, mark_price, basis, premium_sum, premium_count, updated_ms)
       values ($1, $2, $3::numeric, $4::numeric, $5::numeric, $6::numeric, 1, $7)
       on conflict (left_symbol, right_symbol) do update set index_price = excluded.index_price, mark_price = excluded.mark_price, basis = excluded.basis,
         premium_sum = futures_mark.premium_sum + excluded.premium_sum, premium_count = futures_mark.premium_count + 1, updated_ms = excluded.updated_ms
       returning premium_sum::text as premium_sum, premium_count`,
      [pair.spec.left, pair.spec.right, fxText(index), fxText(mark), fxText(basis), fxText(premium), now],
    );
    this.exchange.marks.set(symbol, { index, mark, basis });
    if (sums && sums.premium_count > 0) this.exchange.estimatedFunding.set(symbol, fxText(fundingRate(fx(sums.premium_sum) / BigInt(sums.premium_count))));
    this.publish(pair);
    // Funds that left a cross account without a futures batch — a transfer in another process, or
    // an in-process notice lost — reach the liquidation index before this mark is driven: the
    // backstop of the transfer's own refresh, for the accounts this mark can liquidate.
    await this.exchange.refreshCross(this.exchange.crossUsers(symbol));
    await this.drive(symbol, mark);
  }

  /** Fires the plans and liquidations a new mark (or a new last price) calls for. */
  async drive(symbol: string, mark = this.exchange.marks.get(symbol)?.mark): Promise<void> {
    const ex = this.exchange;
    for (const planId of ex.firingPlans(symbol)) await ex.firePlan(planId);
    if (mark === undefined) return;
    const users = new Set<number>();
    for (const key of ex.index.candidates(symbol, mark)) users.add(Number(key.split(':')[0]));
    // Cross accounts with positions on several pairs: a move here changes their other positions' prices too.
    for (const userId of ex.multiCross) if (ex.positions.get(`${userId}:${symbol}`)?.side) users.add(userId);
    // Submitted together, the checks ride the sequencer's batches (hundreds per transaction).
    await Promise.all([...users].map((userId) => ex.liquidate(userId, symbol)));
    // After the liquidations, so a position this mark closed is re-armed, not called.
    await Promise.all(dueMarginCalls(ex, symbol, mark).map((key) => ex.job((b, now) => checkMarginCall(ex, b, key, now))));
  }

  tick(pair: FuturesPair) {
    const day = this.exchange.data.get(pair.spec.symbol)!.dayTick(this.clock());
    const marks = this.exchange.marks.get(pair.spec.symbol);
    const halted = this.exchange.halted.get(pair.spec.symbol);
    // The halt rides the tick (absent while trading), so an open trade page shows it and its end.
    const feed = { ...(marks ? { mark: fxText(marks.mark), index: fxText(marks.index) } : {}), ...(halted !== undefined && { halted_reason: halted }) };
    if (!day) return marks ? { pair: pair.spec.symbol, close: fxText(marks.mark), open: fxText(marks.mark), high: fxText(marks.mark), low: fxText(marks.mark), amount: '0', vol: '0', count: 0, increase: '0', ...feed } : undefined;
    return { ...day, ...feed };
  }

  indexTick(pair: FuturesPair) {
    const marks = this.exchange.marks.get(pair.spec.symbol);
    return marks && { pair: pair.spec.symbol, close: fxText(marks.index), mark: fxText(marks.mark) };
  }

  publish(pair: FuturesPair): void {
    const { left, right } = pair.spec;
    const index = this.indexTick(pair);
    if (index) this.publisher.publish(futureIndexChannel(left, right), index);
    const tick = this.tick(pair);
    if (tick) this.publisher.publish(futureTickChannel(left, right), tick);
  }
}

export const ONE_USDT = fx('1');
