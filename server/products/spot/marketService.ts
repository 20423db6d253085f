import type { Currency, MarketTick, Pair } from '../../../domain/api.js';
import { spotTickChannel } from '../../../domain/api.js';
import type { Database } from '../../kernel/platform/db/database.js';
import type { UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import { Loops } from '../../kernel/platform/loops.js';
import { onCacheChange } from '../../kernel/platform/caches.js';
import { PAIRS_CACHE } from '../../kernel/platform/catalogue.js';
import { createEngine } from '../../kernel/exchange/matching/index.js';
import { ensureMarketMakerAccounts } from './makers/marketAccounts.js';
import { DEFAULT_MM_CONFIG, MarketMaker, type MarketMakerConfig } from './makers/marketMaker.js';
import { foldMakerHistory, MAKER_HISTORY_KEPT_MS, MAKER_TRADES_KEPT_MS, type RetentionWindows } from './makers/retention.js';
import { pairSpec, priceText } from '../../kernel/exchange/pairSpec.js';
import { listedMakerConfig } from './makers/listedMakers.js';
import { defaultWalkConfig, SeededRandomWalk, type ReferencePriceSource } from './makers/priceModel.js';
import type { MarketPublisher } from '../../kernel/exchange/publisher.js';
import { seededRandom, seedFrom } from '../../kernel/exchange/random.js';
import { anchorPrice, baseUsdt, seedHistoryIfEmpty, seedOptionsFor } from '../../kernel/platform/marketHistory/seedHistory.js';
import { SpotMarket } from './spotMarket.js';
import type { MarketOwnership } from '../../kernel/cluster/shards/ownership.js';

export interface MarketServiceOptions {
  /** Run the market makers' loops (off in tests that want a quiet market). */
  marketMakers: boolean;
  /** Scales every pair's volatility (MARKET_VOLATILITY). */
  volatilityScale?: number;
  clock?: () => number;
  /** Replaces the seeded random walk, e.g. with a live feed. */
  prices?: ReferencePriceSource;
  log?: (message: string, error?: unknown) => void;
  /** Hears every committed change of a user's orders and balances (the private user channel). */
  userFeed?: UserFeed;
  /** How long the market makers' history is kept before it is folded, and their trades among themselves (makers/retention.ts). */
  makerRetention?: RetentionWindows;
  /**
   * Pairs ("NOVA_USDT") the demo's market makers leave alone, with no chart history seeded: real
   * markets that trade only what users bring (a listed ICO token; `pair.simulated` false).
   */
  unsimulated?: ReadonlySet<string>;
  /**
   * Which tradable pairs run in this process (default: all). With market processes
   * (kernel/cluster/shards) the server runs the pairs no process does, and a process the pairs it is given.
   */
  runsHere?: (symbol: string) => boolean;
  /** Takes each market's lock before its book is rebuilt, so that no other process runs it too. */
  ownership?: MarketOwnership;
}

const TICK_EVERY_MS = 1000;
const DEPTH_EVERY_MS = 100;
/** How often each market saves its coarse candles in progress (see pipeline/candleStore.ts). */
const CANDLE_SAVE_EVERY_MS = 1000;
const CURRENCY_PRICE_EVERY_MS = 10_000;
const REQUOTE_EVERY_MS = 2500;
const TAKE_EVERY_MS: [number, number] = [1500, 5000];
/** How often, at most, the market makers' old history is folded (makers/retention.ts). */
const FOLD_EVERY_MS = 10 * 60_000;
/**
 * How long after `start` the markets tell what was written just before their restore
 * (SpotMarket.tellRestored): the owner asked who listens as it announced itself, and the socket
 * processes answer within milliseconds (bus/publisher.ts reportListeners); a notice to nobody is dropped.
 */
export const TELL_RESTORED_AFTER_MS = 1000;

/**
 * All spot markets of the listed pairs, their market makers, and the periodic tick and index
 * pushes. Owns the timers; `stop` ends them and waits for queued commands.
 */
export class MarketService {
  readonly markets = new Map<string, SpotMarket>();
  private readonly loops: Loops;
  private stopped = false;
  private readonly clock: () => number;
  private readonly prices: ReferencePriceSource & Partial<Pick<SeededRandomWalk, 'setPrice'>>;
  private readonly anchors = new Map<string, number>();
  /**
   * The markets an operator halted (issue 52 §1), symbol → reason, read once a second for all of
   * them by every process that runs markets: their ticks carry it (`halted_reason`), so an open
   * trade page sees a halt and a resume within a second or two, and their makers stand still.
   */
  private readonly halted = new Map<string, string>();
  /** Reads of the halts started; only the latest one's answer is kept. */
  private haltReads = 0;
  /** Stops hearing of halts made by any process (kernel/platform/caches.ts). */
  private unhearHalts: (() => void) | undefined;
  private tellRestored: NodeJS.Timeout | undefined;
  /** The makers' accounts once `start` made them (a pair listed later starts its makers with them). */
  private makerAccounts: { quoter: number; taker: number } | undefined;

  constructor(
    private readonly db: Database,
    pairs: Pair[],
    private readonly currencies: Currency[],
    private readonly publisher: MarketPublisher,
    private readonly options: MarketServiceOptions,
  ) {
    this.clock = options.clock ?? Date.now;
    this.loops = new Loops((message, error) => options.log?.(message, error));
    for (const p of pairs.filter((x) => x.trade_status === 1)) {
      const spec = pairSpec(p);
      if (options.runsHere && !options.runsHere(spec.symbol)) continue;
      const anchor = anchorPrice(spec, currencies);
      if (anchor === undefined) continue;
      this.anchors.set(spec.symbol, anchor);
      this.markets.set(spec.symbol, new SpotMarket(spec, db, createEngine, publisher, this.clock, options.userFeed));
    }
    this.prices = options.prices ?? new SeededRandomWalk(this.anchors, (s) => defaultWalkConfig(s, options.volatilityScale ?? 1));
  }

  /** The market whose book rests the order now, if one does. */
  holding(orderId: number): SpotMarket | undefined {
    for (const market of this.markets.values()) if (market.restingOwner(orderId) !== undefined) return market;
    return undefined;
  }

  /** The live market of a listed, tradable pair ("BTC_USDT"), if it runs here. */
  market(symbol: string): SpotMarket | undefined {
    return this.markets.get(symbol);
  }

  /** Seeds chart history where none exists and rebuilds every book from the database. */
  async prepare(): Promise<void> {
    await this.options.ownership?.claim('spot', [...this.markets.keys()]);
    // A subscriber's first tick carries the halt too.
    await this.readHalts();
    const now = this.clock();
    for (const market of this.markets.values()) {
      // A market opened by a listing heard between create and prepare has no anchor: its history is not seeded.
      const anchor = this.anchors.get(market.spec.symbol);
      if (this.simulated(market.spec.symbol) && anchor !== undefined) {
        await seedHistoryIfEmpty(this.db, 'candle', market.spec, anchor, now, seedOptionsFor(market.spec, this.currencies));
      }
      await market.restore();
      const last = market.lastTradePrice();
      if (last !== undefined) this.prices.setPrice?.(market.spec.symbol, last, now);
    }
  }

  /** Starts the tick pushes and, if enabled, the market makers. */
  async start(tellRestoredAfterMs = TELL_RESTORED_AFTER_MS): Promise<void> {
    // Issue 53 §4: what a killed owner committed and never pushed reaches its users' sockets.
    this.tellRestored = setTimeout(() => {
      for (const m of this.markets.values()) m.tellRestored().catch((error) => this.options.log?.(`telling ${m.spec.symbol}'s restored orders failed`, error));
    }, tellRestoredAfterMs);
    this.tellRestored.unref();
    this.every(DEPTH_EVERY_MS, () => this.markets.forEach((m) => m.flushDepth()));
    this.every(CANDLE_SAVE_EVERY_MS, () => this.saveCandles());
    // Each second: the halted markets (one read for all of them), then every market's tick, which carries its halt.
    this.every(TICK_EVERY_MS, async () => {
      // A cluster node's web part runs no market here (each is a leased entry): nothing to read for.
      if (this.markets.size === 0) return;
      await this.readHalts();
      this.publishTicks();
    });
    this.every(CURRENCY_PRICE_EVERY_MS, () => this.updateCurrencyPrices());
    // A halt or resume on any process: the ticks and the makers follow it at once, not at the next second.
    this.unhearHalts = onCacheChange(this.db, PAIRS_CACHE, () => void this.readHalts());
    if (!this.options.marketMakers) return;
    const accounts = await ensureMarketMakerAccounts(this.db);
    this.makerAccounts = accounts;
    for (const market of this.markets.values()) {
      if (!this.simulated(market.spec.symbol)) continue;
      // A pair a risk operator listed keeps the spread and depth it was given (listedMakers.ts).
      this.startMakers(market, (await listedMakerConfig(this.db, market.spec)) ?? DEFAULT_MM_CONFIG, baseUsdt(market.spec, this.currencies));
    }
  }

  /**
   * The makers' history of every pair folded on time (makers/retention.ts): a duty, run by the one
   * process of a cluster holding the duties lease (kernel/cluster/shards/duties.ts), whichever
   * markets it runs.
   */
  async foldMakerHistoryOnTime(): Promise<void> {
    if (!this.options.marketMakers) return;
    const accounts = await ensureMarketMakerAccounts(this.db);
    const retention = this.options.makerRetention ?? {};
    const keptMs = Math.min(retention.keptMs ?? MAKER_HISTORY_KEPT_MS, retention.tradesKeptMs ?? MAKER_TRADES_KEPT_MS);
    // A sixth of the kept time, so a shortened retention (bench:storage) folds on time too.
    this.every(Math.min(FOLD_EVERY_MS, Math.max(10_000, keptMs / 6)), () => foldMakerHistory(this.db, [accounts.quoter, accounts.taker], this.clock(), retention));
  }

  private startMakers(market: SpotMarket, config: MarketMakerConfig, baseInUsdt: number): void {
    const random = seededRandom(seedFrom(market.spec.symbol, 99));
    const maker = new MarketMaker(market, market.spec, this.makerAccounts!, this.prices, baseInUsdt, random, config);
    // Requotes every 2.5 s ± 30 %; takes at random moments 1.5 to 5 s apart.
    // A halted market's makers neither quote nor take (their resting quotes stay, and nothing trades).
    const trading = () => !this.halted.has(market.spec.symbol);
    this.loops.every(() => REQUOTE_EVERY_MS * (1 + (Math.random() * 2 - 1) * 0.3), () => trading() && maker.requote(this.clock()), 'market loop failed');
    const [min, max] = TAKE_EVERY_MS;
    this.loops.every(() => min + random() * (max - min), () => trading() && maker.take(this.clock()), 'market maker order failed');
  }

  /**
   * Opens the market of a pair listed while the server runs (kernel `PairOpenings`): its book is
   * rebuilt from the database like any other at start, and the depth, tick and snapshot loops,
   * which go over `markets` each time, serve it from now on. No seeded history; market makers only
   * for a pair a risk operator listed with makers on (its `simulated` row, its spread, depth and
   * reference price: listedMakers.ts), else it trades what users bring. Opening a pair that runs
   * already does nothing.
   */
  async open(pair: Pair): Promise<SpotMarket | undefined> {
    const spec = pairSpec(pair);
    const running = this.markets.get(spec.symbol);
    if (running || this.stopped || pair.trade_status !== 1) return running;
    if (this.options.runsHere && !this.options.runsHere(spec.symbol)) return undefined;
    const market = new SpotMarket(spec, this.db, createEngine, this.publisher, this.clock, this.options.userFeed);
    await this.options.ownership?.claim('spot', [spec.symbol]);
    await market.restore();
    // Checked again: two announcements of one pair may have raced through the restore.
    if (this.markets.has(spec.symbol)) return this.markets.get(spec.symbol);
    this.markets.set(spec.symbol, market);
    // A pair listed while running has no earlier owner whose notices could be owed: its restore is told at once (nothing, or what a racing start wrote).
    market.tellRestored().catch((error) => this.options.log?.(`telling ${spec.symbol}'s restored orders failed`, error));
    const makers = this.options.marketMakers && this.makerAccounts && !this.stopped ? await listedMakerConfig(this.db, spec) : undefined;
    if (makers) {
      this.anchors.set(spec.symbol, makers.anchor);
      this.startMakers(market, makers, makers.baseUsdt);
    }
    return market;
  }

  private simulated(symbol: string): boolean {
    return !this.options.unsimulated?.has(symbol);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.tellRestored);
    this.unhearHalts?.();
    await this.loops.stop();
    await Promise.all([...this.markets.values()].map((m) => m.idle()));
    await this.saveCandles();
    await this.options.ownership?.release();
  }

  /**
   * Every market's coarse candles changed since its last save (SpotMarket.saveCandles). A save
   * that fails is logged and loses nothing: the market tries again next time, and a start adds
   * the trades a save missed; it keeps neither the other markets nor a stop from going on.
   */
  private async saveCandles(): Promise<void> {
    for (const market of this.markets.values()) {
      await market.saveCandles().catch((error) => this.options.log?.(`saving ${market.spec.symbol} candles failed`, error));
    }
  }

  /** Runs `work` every `ms`, never overlapping itself; errors are logged, not fatal. */
  private every(ms: number, work: () => unknown): void {
    this.loops.every(ms, work, 'market loop failed');
  }

  tick(market: SpotMarket): Omit<MarketTick, 'channel'> | undefined {
    const tick = market.dayTick();
    const reason = this.halted.get(market.spec.symbol);
    return tick && reason !== undefined ? { ...tick, halted_reason: reason } : tick;
  }

  /** The halted markets now; a failed read is logged and the last one known stays (the ticks go on). */
  private async readHalts(): Promise<void> {
    const read = ++this.haltReads;
    try {
      const rows = await this.db.query<{ symbol: string; halted_reason: string }>(
        `select left_symbol || '_' || right_symbol as symbol, halted_reason from pair where halted_reason is not null`,
      );
      // A read started later (a change heard meanwhile) answers instead: this one may predate it.
      if (read !== this.haltReads) return;
      this.halted.clear();
      for (const row of rows) this.halted.set(row.symbol, row.halted_reason);
    } catch (error) {
      this.options.log?.('reading the market halts failed', error);
    }
  }

  private publishTicks(): void {
    for (const market of this.markets.values()) {
      const tick = this.tick(market);
      if (!tick) continue;
      const { left, right } = market.spec;
      // The contract pairs' index ticks ({pair}_future_index_tick) are the futures product's: its
      // index (median of per-second VWAPs) and mark, not the spot close.
      this.publisher.publish(spotTickChannel(left, right), tick);
    }
  }

  /** The currency list's USDT price follows each coin's X/USDT market. */
  private async updateCurrencyPrices(): Promise<void> {
    for (const market of this.markets.values()) {
      const last = market.lastTradePrice();
      if (market.spec.right !== 'USDT' || last === undefined) continue;
      await this.db.query('update currency set price = $2 where symbol = $1', [market.spec.left, priceText(market.spec, last)]);
    }
  }

  /** The snapshot a new subscriber gets on a market-data channel, if it has one. */
  snapshot(channel: string): object | undefined {
    for (const market of this.markets.values()) {
      if (channel === spotTickChannel(market.spec.left, market.spec.right)) return this.tick(market);
      const snapshot = market.snapshot(channel);
      if (snapshot) return snapshot;
    }
    return undefined;
  }
}
