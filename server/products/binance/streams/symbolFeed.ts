import { spotTickChannel, type MarketTick } from '../../../../domain/api.js';
import { compareDecimal } from '../../../../domain/decimal.js';
import { KLINE_INTERVALS } from '../../../../domain/constants.js';
import { depthChannel, klineChannel, tradeChannel, type DepthMessage, type KlineBar, type KlineMessage, type Level, type TradesMessage } from '../../../../domain/market.js';
import { aggTradeEvent, bookTickerEvent, diffDepthEvent, klineEvent, miniTickerEvent, partialDepthEvent, tickerEvent, tradeEvent } from './payloads.js';
import type { MarketStream } from './streamNames.js';

/** Where a feed's events go: to the connections subscribed to the stream (hub.ts). */
export type Emit = (stream: string, payload: object) => void;
export type Snapshot = (channel: string) => object | undefined | Promise<object | undefined>;

/** One side of a book by price text; sorted when read (at most the channel's 50 levels). */
type Side = Map<string, string>;

// Exact (domain/decimal): a float cannot tell two prices of 18 places, or two huge ones, apart.
const isZero = (quantity: string) => compareDecimal(quantity, '0') === 0;

function apply(side: Side, levels: Level[]): void {
  for (const [price, quantity] of levels) {
    if (isZero(quantity)) side.delete(price);
    else side.set(price, quantity);
  }
}

function sorted(side: Side, descending: boolean, limit: number): Level[] {
  const levels = [...side.entries()].sort((a, b) => (descending ? compareDecimal(b[0], a[0]) : compareDecimal(a[0], b[0])));
  return levels.slice(0, limit);
}

/**
 * The Binance streams of one spot market, made from the pushes of its channels on the gateway
 * (depth, trades, candles, tick) — the feed every socket.io subscriber sees, on any node. It keeps
 * the book those depth pushes describe (from the channel's snapshot, then each delta in `seq`
 * order; a gap reads the snapshot again), so bookTicker and the partial books show the book REST
 * /api/v3/depth answers, under the same update id (the depth channel's `seq`).
 */
export class SymbolFeed {
  readonly streams = new Map<string, MarketStream>();
  readonly channels: { depth: string; trades: string; tick: string; kline: (source: string) => string };
  private book: { seq: number; bids: Side; asks: Side } | undefined;
  /** Deltas heard while the snapshot is being read: applied after it, those past its seq. */
  private pending: DepthMessage[] | undefined;
  /** The slow (1000 ms) diff streams' changes since their last push. */
  private gathered: { first: number; last: number; bids: Side; asks: Side } | undefined;
  /** The update id each partial-depth stream last pushed (nothing new, nothing sent). */
  private readonly partialSent = new Map<string, number>();
  private bars = new Map<string, KlineBar>();
  private lastQty = '0';
  private best: { bid?: Level; ask?: Level } = {};

  constructor(
    readonly symbol: string,
    left: string,
    right: string,
    private readonly snapshot: Snapshot,
    private readonly emit: Emit,
    private readonly now: () => number = Date.now,
  ) {
    this.channels = {
      depth: depthChannel(left, right),
      trades: tradeChannel(left, right),
      tick: spotTickChannel(left, right),
      kline: (source) => klineChannel(left, right, source as never),
    };
  }

  add(stream: MarketStream): void {
    this.streams.set(stream.name, stream);
    if (stream.kind === 'bookTicker' || stream.kind === 'partialDepth' || stream.kind === 'ticker') this.loadBook();
  }

  remove(name: string): void {
    this.streams.delete(name);
    this.partialSent.delete(name);
  }

  /** A push on one of the gateway's channels (the hub hands this feed only its own). */
  heard(channel: string, payload: object): void {
    if (channel === this.channels.depth) this.depth(payload as DepthMessage);
    else if (channel === this.channels.trades) this.trades(payload as TradesMessage);
    else if (channel === this.channels.tick) this.ticked(payload as MarketTick);
    else this.kline(payload as KlineMessage);
  }

  /** Each 100 ms (`fast`) and each second: the partial books, and the slow diff streams' gathered changes. */
  interval(fast: boolean): void {
    const now = this.now();
    for (const stream of this.streams.values()) {
      if (stream.kind === 'partialDepth' && stream.fast === fast && this.book && this.partialSent.get(stream.name) !== this.book.seq) {
        this.partialSent.set(stream.name, this.book.seq);
        this.emit(stream.name, partialDepthEvent(this.book.seq, sorted(this.book.bids, true, stream.levels), sorted(this.book.asks, false, stream.levels)));
      }
    }
    if (!fast && this.gathered) {
      const { first, last, bids, asks } = this.gathered;
      this.gathered = undefined;
      const event = diffDepthEvent(this.symbol, first, last, [...bids.entries()], [...asks.entries()], now);
      for (const stream of this.streams.values()) if (stream.kind === 'diffDepth' && !stream.fast) this.emit(stream.name, event);
    }
  }

  private wants<K extends MarketStream['kind']>(kind: K): Array<Extract<MarketStream, { kind: K }>> {
    return [...this.streams.values()].filter((s): s is Extract<MarketStream, { kind: K }> => s.kind === kind);
  }

  private loadBook(): void {
    if (this.book || this.pending) return;
    this.pending = [];
    const done = (held: object | undefined) => {
      const pending = this.pending ?? [];
      this.pending = undefined;
      const snapshot = held as DepthMessage | undefined;
      this.book = { seq: snapshot?.seq ?? 0, bids: new Map(snapshot?.bids ?? []), asks: new Map(snapshot?.asks ?? []) };
      for (const delta of pending) this.applyDelta(delta);
      this.bestChanged();
    };
    try {
      const held = this.snapshot(this.channels.depth);
      if (held instanceof Promise) held.then(done, () => done(undefined));
      else done(held);
    } catch {
      done(undefined);
    }
  }

  private depth(message: DepthMessage): void {
    if (message.kind !== 'delta') return;
    const now = this.now();
    const diffs = this.wants('diffDepth');
    for (const stream of diffs) if (stream.fast) this.emit(stream.name, diffDepthEvent(this.symbol, message.seq, message.seq, message.bids, message.asks, now));
    if (diffs.some((s) => !s.fast)) {
      this.gathered ??= { first: message.seq, last: message.seq, bids: new Map(), asks: new Map() };
      this.gathered.last = message.seq;
      for (const [price, quantity] of message.bids) this.gathered.bids.set(price, quantity);
      for (const [price, quantity] of message.asks) this.gathered.asks.set(price, quantity);
    }
    if (this.pending) return void this.pending.push(message);
    if (!this.book) return;
    this.applyDelta(message);
    this.bestChanged();
  }

  private applyDelta(delta: DepthMessage): void {
    const book = this.book!;
    if (delta.seq <= book.seq) return;
    if (delta.seq !== book.seq + 1) {
      // A gap (a push lost, a rebuilt market): the book is read again.
      this.book = undefined;
      return this.loadBook();
    }
    apply(book.bids, delta.bids);
    apply(book.asks, delta.asks);
    book.seq = delta.seq;
  }

  private bestChanged(): void {
    if (!this.book) return;
    const bid = sorted(this.book.bids, true, 1)[0];
    const ask = sorted(this.book.asks, false, 1)[0];
    const same = (a?: Level, b?: Level) => a?.[0] === b?.[0] && a?.[1] === b?.[1];
    if (same(bid, this.best.bid) && same(ask, this.best.ask)) return;
    this.best = { bid, ask };
    for (const stream of this.wants('bookTicker')) this.emit(stream.name, bookTickerEvent(this.symbol, this.book.seq, bid, ask));
  }

  private trades(message: TradesMessage): void {
    if (message.kind !== 'update' || message.trades.length === 0) return;
    const now = this.now();
    // The channel lists the newest first; Binance sends each trade in the order it happened.
    const oldestFirst = [...message.trades].reverse();
    this.lastQty = oldestFirst.at(-1)!.quantity;
    for (const stream of this.streams.values()) {
      if (stream.kind === 'trade') for (const t of oldestFirst) this.emit(stream.name, tradeEvent(this.symbol, t, now));
      if (stream.kind === 'aggTrade') for (const t of oldestFirst) this.emit(stream.name, aggTradeEvent(this.symbol, t, now));
    }
  }

  private ticked(tick: MarketTick): void {
    const now = this.now();
    for (const stream of this.streams.values()) {
      if (stream.kind === 'ticker') this.emit(stream.name, tickerEvent(this.symbol, tick, this.best.bid, this.best.ask, this.lastQty, now));
      if (stream.kind === 'miniTicker') this.emit(stream.name, miniTickerEvent(this.symbol, tick, now));
    }
  }

  /** A candle's push; a newer bar first closes the one before it (Binance's final push, x: true). */
  private kline(message: KlineMessage): void {
    if (!message.bar) return;
    const channel = this.channels.kline(message.interval);
    const before = this.bars.get(channel);
    this.bars.set(channel, message.bar);
    const now = this.now();
    for (const stream of this.streams.values()) {
      if (stream.kind !== 'kline' || stream.source !== message.interval) continue;
      if (before && before.time < message.bar.time) this.emit(stream.name, klineEvent(this.symbol, stream.interval, before, true, now));
      this.emit(stream.name, klineEvent(this.symbol, stream.interval, message.bar, false, now));
    }
  }

  /** The gateway channels this market's streams are made from (the hub routes pushes by them). */
  listensTo(): string[] {
    return [this.channels.depth, this.channels.trades, this.channels.tick, ...KLINE_INTERVALS.map((i) => this.channels.kline(i))];
  }
}
