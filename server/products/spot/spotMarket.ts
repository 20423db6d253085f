import { priceBandAround } from '../../../domain/priceBand.js';
import type { KlineInterval } from '../../../domain/constants.js';
import type { SpotOrder } from '../../../domain/spotOrders.js';
import { depthChannel, klineChannel, tradeChannel, type KlineBar } from '../../../domain/market.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { sequenceIds, type SequenceIds } from '../../kernel/platform/db/sequenceIds.js';
import { forgetBatch } from '../../kernel/platform/idempotency.js';
import type { Candle } from '../../kernel/exchange/market/candles.js';
import { DEPTH_LEVELS, MarketData } from '../../kernel/exchange/marketData.js';
import type { EngineEvent, OrderBookEngine, RestingOrder } from '../../kernel/exchange/matching/types.js';
import type { PairSpec } from '../../kernel/exchange/pairSpec.js';
import type { MarketPublisher } from '../../kernel/exchange/publisher.js';
import { LINGER_FROM_RATE, LINGER_MS, Sequencer, type Staged } from '../../kernel/exchange/sequencer.js';
import { silentUserFeed, type UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import { intake, type PlaceIntent, type PlaceOrderRequest } from './pipeline/intake.js';
import { recordOrders } from './pipeline/record.js';
import { settle } from './pipeline/settlement.js';
import { watchMarket } from '../../kernel/platform/observability/metrics.js';
import { matchBatch, notifyUsers, refusedKeys, unlessError, withViews, type CancelOutcome, type CancelRestriction, type Command, type PlaceOutcome, type Result } from './spotBatch.js';
import { CandleBacklog } from './spotCandleBacklog.js';
import { ordersWrittenSince, replayOpenOrders, restoreCandles, restoreTrades } from './spotRestore.js';
import { PLACEMENTS_KEPT_MS, RecentPlacements, restedLevels, type RestedLevels } from './restedBook.js';

export { DEPTH_LEVELS } from '../../kernel/exchange/marketData.js';
export { FEE_EXTRA_DECIMALS } from './pipeline/settlement.js';
export type { PlaceOrderRequest } from './pipeline/intake.js';
export type { CancelOutcome, CancelRestriction, PlaceOutcome } from './spotBatch.js';

/**
 * Told after a batch is durable and published: the orders it settled (as written) and whether it
 * traded (the last price moved). Must not wait on the market: it runs inside the batch's finish.
 */
export type BatchWatcher = (views: ReadonlyMap<number, SpotOrder>, traded: boolean) => void;

/**
 * How far before its restore a market's new owner tells the users of the orders written
 * (`tellRestored`): an owner killed between a batch's commit and its push leaves notices nobody
 * sent, and its orders were written at most this long before the restore (the lease lapses with the
 * dead owner's connection, a standby asks every 100 ms, then starts and restores in a second or
 * two) — with room for the nodes' clocks to differ.
 */
export const RESTORED_WINDOW_MS = 10_000;

/**
 * One spot market as a staged pipeline (docs/ARCHITECTURE.md "The spot pipeline"):
 *
 *   intake (check, convert to units — once) → sequencer (queue, batches, stale/rebuild)
 *     → record (transaction 1: keys, freezes, order rows) → matching (the engine, in memory)
 *     → settlement (transaction 2: trades, fills, fees, releases, candles) → market data + user feed
 *
 * The sequencer carries whatever queued while the previous batch ran as one batch, so both
 * transactions are paid once per batch, not per order. After a crash between the two transactions
 * the recorded orders are open in the database with their funds frozen, and the restore replays
 * them; when settlement (or the engine step) fails while running, memory is ahead of the database,
 * so the market rebuilds itself from a fresh engine before it takes another batch, and every
 * caller of that batch gets the error.
 */
export class SpotMarket {
  private engine: OrderBookEngine;
  private readonly freshEngine: () => OrderBookEngine;
  private readonly sequencer: Sequencer<Command, Result>;
  private readonly data: MarketData;
  /** Ids for the rows the pipeline names before inserting them, fetched in blocks. */
  private readonly orderIds: SequenceIds;
  private readonly tradeIds: SequenceIds;
  /** The coarse candles changed since the last save. */
  private readonly candles: CandleBacklog;
  /** Told after each durable, published batch (stops.ts: triggers on the last price, OCO legs). */
  private batchWatcher: BatchWatcher | undefined;
  /** When the orders placed lately entered the book (the seconds index reads the book as of an instant). */
  private readonly placements = new RecentPlacements();
  /** When the last start or takeover restored the book, until `tellRestored` has told its users. */
  private restoredAt: number | undefined;

  constructor(
    readonly spec: PairSpec,
    private readonly db: Database,
    /**
     * Makes the (empty) engines the book runs on: one now, another for each rebuild. An engine
     * instance also works; rebuilds then make new ones with its class's no-argument constructor.
     */
    engine: OrderBookEngine | (() => OrderBookEngine),
    publisher: MarketPublisher,
    private readonly clock: () => number = Date.now,
    /** Told after each commit which users' orders and balances changed (the private channel). */
    private readonly userFeed: UserFeed = silentUserFeed,
  ) {
    if (typeof engine === 'function') {
      this.freshEngine = engine;
      this.engine = engine();
    } else {
      const kind = engine.constructor as new () => OrderBookEngine;
      this.freshEngine = () => new kind();
      this.engine = engine;
    }
    this.data = new MarketData(
      spec,
      { depth: depthChannel(spec.left, spec.right), trades: tradeChannel(spec.left, spec.right), kline: (interval) => klineChannel(spec.left, spec.right, interval) },
      publisher,
    );
    this.candles = new CandleBacklog(db, spec, this.data);
    this.orderIds = sequenceIds(db, 'spot_order');
    this.tradeIds = sequenceIds(db, 'spot_trade');
    this.sequencer = new Sequencer<Command, Result>(
      { run: (batch) => this.runBatch(batch), start: (batch) => this.startBatch(batch), rebuild: () => this.rebuild(true) },
      { lingerMs: LINGER_MS, lingerFromRate: LINGER_FROM_RATE },
    );
    watchMarket(`spot:${spec.left}_${spec.right}`, this.sequencer);
  }

  /** Places an order described in decimals: intake here, then the pipeline. */
  async place(request: PlaceOrderRequest): Promise<PlaceOutcome> {
    const taken = intake(this.spec, request);
    if (!taken.ok) return taken;
    return this.placeIntent(taken.intent);
  }

  /** Places an order that has been through intake (the HTTP path checks and converts it once, with its own messages). */
  placeIntent(intent: PlaceIntent): Promise<PlaceOutcome> {
    return this.sequencer.submit({ kind: 'place', intent }).then(unlessError) as Promise<PlaceOutcome>;
  }

  cancel(userId: number, orderId: number, restriction?: CancelRestriction): Promise<CancelOutcome> {
    return this.sequencer.submit({ kind: 'cancel', userId, orderId, ...(restriction ? { restriction } : {}) }).then(unlessError) as Promise<CancelOutcome>;
  }

  /** One listener for the batches this market settles (the spot stops); replaces any earlier one. */
  watchBatches(watcher: BatchWatcher): void {
    this.batchWatcher = watcher;
  }

  /** Waits for every queued command (used on shutdown and in tests). */
  idle(): Promise<void> {
    return this.sequencer.idle();
  }

  /** Batches carried, commands, largest batch and splits (benches). */
  pipelineStats() {
    return this.sequencer.stats;
  }

  /** One batch through every stage (the sequencer's unpipelined path: a split after a failed record). */
  private async runBatch(batch: Command[]): Promise<Result[]> {
    const staged = await this.startBatch(batch);
    const results = await staged.finish(() => undefined);
    // Unpipelined, nothing is in flight behind this batch: rebuild at once after a failed settlement.
    if (this.sequencer.stale) await this.sequencer.recover();
    return results;
  }

  /**
   * The first stages of a batch: record (transaction 1) and matching. Throws only if the record stage
   * failed (nothing committed), so the sequencer can split the batch. Answers the settlement to run
   * once the batch before it has settled: the sequencer records and matches the next batch meanwhile.
   */
  private async startBatch(batch: Command[]): Promise<Staged<Result>> {
    const now = this.clock();
    const intents = batch.flatMap((c) => (c.kind === 'place' ? [c.intent] : []));
    const recorded = await recordOrders(this.db, this.spec, intents, now, this.orderIds, this.priceBand());
    const results: Result[] = new Array(batch.length);
    const events: EngineEvent[] = [];
    const placed: Array<{ userId: number; orderId: number }> = [];
    // The record stage committed: from here on a failure leaves memory ahead of the database, so it
    // fails the batch's callers and marks the market stale (the rebuild replays the recorded orders).
    const failed = (error: unknown): Staged<Result> => {
      this.sequencer.stale = true;
      const failure = error instanceof Error ? error : new Error(String(error));
      return { finish: async () => batch.map(() => failure) };
    };
    try {
      matchBatch(this.engine, batch, recorded, results, events, placed);
      for (const p of placed) this.placements.add(p.orderId, now);
    } catch (error) {
      return failed(error);
    }
    // The views of the orders this batch recorded, as the record stage wrote them.
    const recordedViews = new Map<number, SpotOrder>();
    for (const r of recorded) if (r.kind === 'recorded') recordedViews.set(r.orderId, r.order);
    const unaffordable = refusedKeys(batch, recorded, results);
    return {
      finish: async (committed) => {
        try {
          // After the settlement: every answer carries its order as the batch's last statement wrote it.
          if (events.length > 0 || placed.length > 0) {
            const views = await this.settleAndPublish(events, placed, recordedViews, now, committed);
            // A balance-bound buy the engine refused was recorded with its key; freed, as the record
            // stage frees a refused order's, so that a retry after a deposit is a new submission.
            await forgetBatch(this.db, unaffordable);
            return withViews(batch, results, views, recordedViews);
          }
          // The writes committed without waiting for the disk: nobody hears of the batch before
          // it is there.
          if (intents.length > 0) {
            committed();
            await this.db.durable();
          }
          return results;
        } catch (error) {
          // The book moved, settlement did not commit: every caller gets the error (see `failed`).
          return failed(error).finish(() => undefined);
        }
      },
    };
  }

  /**
   * `committed`: told once the settlement has committed, so the next batch can settle while this one
   * waits for the disk. Answers the views of the orders the settlement wrote.
   */
  private async settleAndPublish(
    events: EngineEvent[],
    placed: Array<{ userId: number; orderId: number }>,
    recordedViews: ReadonlyMap<number, SpotOrder>,
    now: number,
    committed: () => void,
  ): Promise<ReadonlyMap<number, SpotOrder>> {
    const settled = await settle(this.db, this.spec, this.data, events, placed, now, this.tradeIds);
    committed();
    await this.db.durable();
    notifyUsers(this.userFeed, this.spec, settled.orders, settled.views, recordedViews);
    this.data.published(settled.trades, settled.candles.values());
    this.candles.add(settled.candles.values(), settled.trades[0]?.id);
    this.batchWatcher?.(settled.views, settled.trades.length > 0);
    return settled.views;
  }

  /**
   * Saves the coarse candles changed since the last save, in one statement (the market service's
   * timer, and on stop). They are as of durable batches only; if the save fails they wait for the
   * next, and a crash before it loses nothing: the restart adds the trades they missed.
   */
  saveCandles(): Promise<void> {
    return this.candles.save();
  }

  /** Publishes one depth delta for everything that changed since the last (the market service's timer). */
  flushDepth(): void {
    this.data.flushDepth(() => this.engine.depth(DEPTH_LEVELS), this.sequencer.stale);
  }

  depthSnapshot() {
    return this.data.depthSnapshot();
  }

  tradesSnapshot() {
    return this.data.tradesSnapshot();
  }

  liveBar(interval: KlineInterval): KlineBar | undefined {
    return this.data.liveBar(interval);
  }

  /** The first message of one of its channels (book, trades, a candle in progress) for a new subscriber. */
  snapshot(channel: string): object | undefined {
    return this.data.snapshot(channel);
  }

  bar(c: Candle): KlineBar {
    return this.data.bar(c);
  }

  /** The 24h figures of its tick; undefined before any trade. */
  dayTick(now = this.clock()) {
    return this.data.dayTick(now);
  }

  /** The limit prices (ticks) the price band lets an order name now (domain/priceBand.ts); undefined: no band yet. */
  priceBand(): { low: number; high: number } | undefined {
    const average = this.data.averagePrice(this.clock());
    return average === undefined ? undefined : priceBandAround(average);
  }

  lastTradePrice(): number | undefined {
    return this.data.lastTradePrice();
  }

  bestBid(): number | undefined {
    return this.engine.bestBid();
  }

  bestAsk(): number | undefined {
    return this.engine.bestAsk();
  }

  /**
   * The book as the orders placed by `restedBy` rest in it now (restedBook.ts), at most `perSide`
   * levels a side; undefined while it rebuilds or for an instant older than it remembers.
   */
  restedLevels(restedBy: number | undefined, perSide: number): RestedLevels | undefined {
    if (this.sequencer.stale) return undefined;
    const recent = this.placements.placedAfter(restedBy);
    return recent && restedLevels(this.engine, this.spec, recent, perSide);
  }

  /** The account of an order resting in this book now, if one does (the cancel route's routing). */
  restingOwner(orderId: number): number | undefined {
    return this.engine.ownerOf(orderId);
  }

  /** One account's resting orders (the market maker reconciles its ladder against these). */
  restingOrdersOf(accountId: number): RestingOrder[] {
    return this.engine.orders().filter((o) => o.accountId === accountId);
  }

  /**
   * Rebuilds memory from the database after a start: recent trades (24h statistics, the latest
   * trades list, candles in progress), then every open order replayed into the engine in id
   * order, which restores price-time priority. Orders that cross on replay (a crash between
   * recording and matching) trade now, and their events are settled like any others.
   */
  restore(): Promise<void> {
    return this.sequencer.exclusive(() => {
      this.restoredAt = this.clock();
      return this.rebuild(false);
    });
  }

  /**
   * After a restore, once the user channel knows who listens (MarketService.start): pushes every
   * order of the pair written in the RESTORED_WINDOW_MS before the restore and since, as it is now,
   * to its user with the pair's balances — what a previous owner committed and died before pushing
   * (issue 53 §4), and what the restore's own settlement changed. A notice told twice is harmless: the
   * client merges pushed orders by id. Run between batches, so no older view follows a newer push.
   * Costs no batch anything: one read, once per restore.
   */
  tellRestored(windowMs = RESTORED_WINDOW_MS): Promise<void> {
    return this.sequencer.exclusive(async () => {
      const restoredAt = this.restoredAt;
      if (restoredAt === undefined) return;
      this.restoredAt = undefined;
      const { byUser, views } = await ordersWrittenSince(this.db, this.spec, restoredAt - windowMs);
      const listening = this.userFeed.listening?.bind(this.userFeed);
      if (listening) for (const userId of byUser.keys()) if (!listening(userId)) byUser.delete(userId);
      notifyUsers(this.userFeed, this.spec, byUser, views);
    });
  }

  /**
   * The body of `restore`, also run by the sequencer after a failed batch. `publish`: a rebuild
   * while running, whose subscribers hold the book as of the last depth delta; the next flush sends
   * them the difference. On start nobody has subscribed yet, so the rebuilt book becomes the snapshot.
   */
  private async rebuild(publish: boolean): Promise<void> {
    this.sequencer.stale = true;
    this.engine = this.freshEngine();
    this.data.reset();
    const recent = await restoreTrades(this.db, this.spec, this.data, this.clock() - 86_400_000);
    // The coarse candles as last saved, then the trades their save did not include yet.
    await restoreCandles(this.db, this.spec, this.data, recent, this.candles.reset(Number(recent.at(-1)?.id ?? 0)));
    const rebuiltAt = this.clock();
    this.placements.reset(rebuiltAt);
    const events = await replayOpenOrders(this.db, this.spec, this.engine, (orderId, at) => {
      if (at >= rebuiltAt - PLACEMENTS_KEPT_MS) this.placements.add(orderId, at);
    });
    const settled = await settle(this.db, this.spec, this.data, events, [], this.clock(), this.tradeIds);
    if (events.length > 0) await this.db.durable();
    this.candles.add(settled.candles.values(), settled.trades[0]?.id);
    if (publish) {
      notifyUsers(this.userFeed, this.spec, settled.orders, settled.views);
      this.data.published(settled.trades, settled.candles.values());
    }
    this.sequencer.stale = false;
    if (publish) this.data.bookChanged();
    else this.data.adoptDepth(this.engine.depth(DEPTH_LEVELS));
  }
}
