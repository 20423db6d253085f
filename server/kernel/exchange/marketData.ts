import { PRICE_BAND } from '../../../domain/priceBand.js';
import type { MarketTick } from '../../../domain/api.js';
import { KLINE_INTERVALS, type KlineInterval } from '../../../domain/constants.js';
import type { DepthMessage, KlineBar, Level, PublicTrade } from '../../../domain/market.js';
import { CandleBuilder, type Candle } from './market/candles.js';
import { RollingDayStats } from './market/rollingStats.js';
import { increaseFraction } from './market/units.js';
import type { BookLevel } from './matching/types.js';
import { amountText, priceText, quoteText, type PairSpec } from './pairSpec.js';
import type { MarketPublisher } from './publisher.js';

export const DEPTH_LEVELS = 50;
/** The latest trades a market keeps for a new subscriber (and writes to the cluster's snapshots: bus/owner.ts). */
export const TRADE_HISTORY = 50;

/** The public channels one market publishes on (spot and futures name theirs differently). */
export interface MarketChannels {
  depth: string;
  trades: string;
  kline(interval: KlineInterval): string;
}

/**
 * The market-data stage of a market pipeline: what subscribers see of it. It keeps the latest
 * trades, the candles in progress, rolling 24h statistics and the depth subscribers last saw, and
 * publishes after each committed batch — trades and candles at once, depth as one delta per flush
 * (a burst of orders costs a subscriber one message). Knows nothing of the database: the pipeline
 * tells it what was committed, and on a rebuild what the database holds.
 */
export class MarketData {
  private candles = new CandleBuilder();
  private stats = new RollingDayStats();
  private trades: PublicTrade[] = [];
  private lastPrice: number | undefined;
  private depthSeq = 0;
  private lastDepth: { bids: BookLevel[]; asks: BookLevel[] } = { bids: [], asks: [] };
  /** The book changed since the last depth delta went out. */
  private depthDirty = false;

  constructor(
    readonly spec: PairSpec,
    private readonly channels: MarketChannels,
    private readonly publisher: MarketPublisher,
  ) {}

  /** Forgets everything before a rebuild fills it again from the database. */
  reset(): void {
    this.candles = new CandleBuilder();
    this.stats = new RollingDayStats();
    this.lastPrice = undefined;
    this.trades = [];
  }

  /** A trade of the batch being settled: candles and statistics move; returns the candles it changed. */
  addTrade(time: number, price: number, quantity: number): Candle[] {
    const { updated } = this.candles.add({ time, price, quantity });
    this.stats.add({ time, price, quantity });
    this.lastPrice = price;
    return updated;
  }

  /** The average price (ticks) the price band is drawn around now (domain/priceBand.ts); undefined: never traded. */
  averagePrice(now: number): number | undefined {
    return this.stats.averagePrice(now, PRICE_BAND.minutes);
  }

  /** A trade read back on a rebuild (already in candles and history). */
  restoreTrade(time: number, price: number, quantity: number): void {
    this.stats.add({ time, price, quantity });
    this.lastPrice = price;
  }

  /**
   * A trade a restored candle of `interval` did not include yet (see CandleBuilder.addTo): answers
   * the candles it changed, the one it closed first, as copies to save.
   */
  replayCandleTrade(interval: KlineInterval, time: number, price: number, quantity: number): Candle[] {
    const { updated, closed } = this.candles.addTo(interval, { time, price, quantity });
    return [...(closed ? [{ ...closed }] : []), { ...updated }];
  }

  restoreCandle(candle: Candle): void {
    this.candles.restore(candle);
    if (this.lastPrice === undefined && candle.interval === '1min') this.lastPrice = candle.close;
  }

  /**
   * The last traded price as the trades table says it (undefined: never traded), over what a
   * restored candle implied: a market whose chart history was generated (seedHistory.ts) has
   * candles but no trade, and a generated close must not drive marks, triggers or the tick.
   */
  restoreLastPrice(price: number | undefined): void {
    this.lastPrice = price;
    // The tick too: a pair quiet for a day still shows its last price (zero volume), not nothing.
    if (price !== undefined) this.stats.knowClose(price);
  }

  restoreTradeList(newestFirst: PublicTrade[]): void {
    this.trades = newestFirst.slice(0, TRADE_HISTORY);
  }

  /** After a batch committed: its trades (newest first) and the candles they changed go out now. */
  published(newTradesNewestFirst: PublicTrade[], candles: Iterable<Candle>): void {
    this.depthDirty = true;
    if (newTradesNewestFirst.length === 0) return;
    this.trades = [...newTradesNewestFirst, ...this.trades].slice(0, TRADE_HISTORY);
    this.publisher.publish(this.channels.trades, { kind: 'update', trades: newTradesNewestFirst });
    for (const c of candles) this.publisher.publish(this.channels.kline(c.interval), { interval: c.interval, bar: this.bar(c) });
  }

  /** The book changed without trades (a rebuild): the next flush sends the difference. */
  bookChanged(): void {
    this.depthDirty = true;
  }

  /** The rebuilt book becomes what a new subscriber's snapshot shows (on start nobody has subscribed yet). */
  adoptDepth(depth: { bids: BookLevel[]; asks: BookLevel[] }): void {
    this.lastDepth = depth;
  }

  /**
   * Publishes one depth delta for everything that changed since the last one: the levels that
   * differ, with quantity "0" for levels that went away. Skipped while the book may show trades
   * that never committed (`stale`); after the rebuild the delta is taken against the book
   * subscribers last saw, so it corrects whatever went out in between.
   */
  flushDepth(depth: () => { bids: BookLevel[]; asks: BookLevel[] }, stale: boolean): void {
    if (!this.depthDirty || stale) return;
    this.depthDirty = false;
    const next = depth();
    const diff = (before: BookLevel[], after: BookLevel[]): Level[] => {
      const old = new Map(before.map((l) => [l.price, l.quantity]));
      const now = new Map(after.map((l) => [l.price, l.quantity]));
      const changed: BookLevel[] = after.filter((l) => old.get(l.price) !== l.quantity);
      const gone: BookLevel[] = before.filter((l) => !now.has(l.price)).map((l) => ({ ...l, quantity: 0 }));
      return this.levels([...changed, ...gone]);
    };
    const bids = diff(this.lastDepth.bids, next.bids);
    const asks = diff(this.lastDepth.asks, next.asks);
    this.lastDepth = next;
    if (bids.length === 0 && asks.length === 0) return;
    this.depthSeq += 1;
    const message: Omit<DepthMessage, 'channel'> = { kind: 'delta', seq: this.depthSeq, bids, asks };
    this.publisher.publish(this.channels.depth, message);
  }

  depthSnapshot(): Omit<DepthMessage, 'channel'> {
    return { kind: 'snapshot', seq: this.depthSeq, bids: this.levels(this.lastDepth.bids), asks: this.levels(this.lastDepth.asks) };
  }

  tradesSnapshot(): { kind: 'snapshot'; trades: PublicTrade[] } {
    return { kind: 'snapshot', trades: this.trades };
  }

  liveBar(interval: KlineInterval): KlineBar | undefined {
    const c = this.candles.live(interval);
    return c && this.bar(c);
  }

  /** What a new subscriber to one of this market's channels gets first (the book, the trades, a candle in progress). */
  snapshot(channel: string): object | undefined {
    if (channel === this.channels.depth) return this.depthSnapshot();
    if (channel === this.channels.trades) return this.tradesSnapshot();
    const interval = KLINE_INTERVALS.find((i) => channel === this.channels.kline(i as KlineInterval)) as KlineInterval | undefined;
    const bar = interval && this.liveBar(interval);
    return bar && { interval, bar };
  }

  /** The 24h figures as a tick carries them (decimals; the change as a fraction); undefined before any trade. */
  dayTick(now: number): Omit<MarketTick, 'channel'> | undefined {
    const stats = this.stats.at(now);
    if (!stats) return undefined;
    const spec = this.spec;
    return {
      pair: spec.symbol,
      close: priceText(spec, stats.close),
      open: priceText(spec, stats.open),
      high: priceText(spec, stats.high),
      low: priceText(spec, stats.low),
      amount: amountText(spec, stats.amount),
      vol: quoteText(spec, stats.vol),
      count: stats.count,
      increase: increaseFraction(stats.open, stats.close),
    };
  }

  lastTradePrice(): number | undefined {
    return this.lastPrice;
  }

  bar(c: Candle): KlineBar {
    return {
      time: c.openTime,
      open: priceText(this.spec, c.open),
      high: priceText(this.spec, c.high),
      low: priceText(this.spec, c.low),
      close: priceText(this.spec, c.close),
      amount: amountText(this.spec, c.amount),
      vol: quoteText(this.spec, c.vol),
      count: c.count,
    };
  }

  private levels(levels: BookLevel[]): Level[] {
    return levels.map((l) => [priceText(this.spec, l.price), amountText(this.spec, l.quantity)]);
  }
}
