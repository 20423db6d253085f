import type { KlineInterval } from '../../../domain/constants.js';
import type { SpotOrder } from '../../../domain/spotOrders.js';
import { depthChannel, klineChannel, tradeChannel, type KlineBar } from '../../../domain/market.js';
import type { Database } from '../../kernel/db/database.js';
import { sequenceIds, type SequenceIds } from '../../kernel/db/sequenceIds.js';
import type { Candle } from '../../kernel/exchange/market/candles.js';
import { readLiveCandles } from '../../kernel/exchange/market/klineHistory.js';
import { decimalToUnits } from '../../kernel/exchange/market/units.js';
import { DEPTH_LEVELS, MarketData } from '../../kernel/exchange/marketData.js';
import { CancelReason, type EngineEvent, type OrderBookEngine, type RestingOrder, type Side, type TimeInForce } from '../../kernel/exchange/matching/types.js';
import type { PairSpec } from '../../kernel/exchange/pairSpec.js';
import type { MarketPublisher } from '../../kernel/exchange/publisher.js';
import { LINGER_FROM_RATE, LINGER_MS, Sequencer, type Staged } from '../../kernel/exchange/sequencer.js';
import { silentUserFeed, type UserFeed } from '../../kernel/realtime/userFeed.js';
import { intake, type PlaceIntent, type PlaceOrderRequest } from './pipeline/intake.js';
import { recordOrders, type Recorded } from './pipeline/record.js';
import { settle } from './pipeline/settlement.js';
import { saveCandles, SETTLED_INTERVAL } from './pipeline/candleStore.js';
import { watchMarket } from '../../kernel/observability/metrics.js';

export { DEPTH_LEVELS } from '../../kernel/exchange/marketData.js';
export { FEE_EXTRA_DECIMALS } from './pipeline/settlement.js';
export type { PlaceOrderRequest } from './pipeline/intake.js';

export type PlaceOutcome =
  /**
   * `order`: the new order as its batch left it, as the batch's own statements wrote it (after
   * its record, and its settlement if it traded or ended). `repeated`: the key was already used;
   * `orderId` is the first submission's order, `events` empty, and no `order`.
   */
  | { ok: true; orderId: number; events: EngineEvent[]; repeated?: boolean; order?: SpotOrder }
  | { ok: false; reason: 'invalidPrice' | 'invalidQuantity' | 'invalidBudget' | 'insufficientFunds' };

/** `order`: the cancelled order as the settlement wrote it. */
export type CancelOutcome = { ok: true; order?: SpotOrder } | { ok: false; reason: 'unknownOrder' };

/**
 * Told after a batch is durable and published: the orders it settled (as written) and whether it
 * traded (the last price moved). Must not wait on the market: it runs inside the batch's finish.
 */
export type BatchWatcher = (views: ReadonlyMap<number, SpotOrder>, traded: boolean) => void;

type Command = { kind: 'place'; intent: PlaceIntent } | { kind: 'cancel'; userId: number; orderId: number };
type Result = PlaceOutcome | CancelOutcome | Error;

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
  /**
   * The coarse candles (every interval but SETTLED_INTERVAL) changed by published batches since the
   * last save, by interval and open time (a candle that closed meanwhile is saved too), and the
   * newest trade they include.
   */
  private unsavedCandles = new Map<string, Candle>();
  private candlesThrough = 0;
  /** Told after each durable, published batch (stops.ts: triggers on the last price, OCO legs). */
  private batchWatcher: BatchWatcher | undefined;

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

  cancel(userId: number, orderId: number): Promise<CancelOutcome> {
    return this.sequencer.submit({ kind: 'cancel', userId, orderId }).then(unlessError) as Promise<CancelOutcome>;
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
    const recorded = await recordOrders(this.db, this.spec, intents, now, this.orderIds);
    const recordedAt = new Map<Command, Recorded>();
    // The record stage numbers places among places; results are numbered among all commands.
    const batchIndexOfPlace: number[] = [];
    batch.forEach((c, i) => {
      if (c.kind !== 'place') return;
      recordedAt.set(c, recorded[batchIndexOfPlace.length]!);
      batchIndexOfPlace.push(i);
    });

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
      batch.forEach((c, i) => {
        const out: EngineEvent[] = [];
        if (c.kind === 'cancel') {
          this.engine.execute({ kind: 'cancel', orderId: c.orderId, accountId: c.userId }, out);
          if (out.some((e) => e.type === 'rejected')) {
            results[i] = { ok: false, reason: 'unknownOrder' };
            out.length = 0;
          } else results[i] = { ok: true };
          events.push(...out);
          return;
        }
        const r = recordedAt.get(c)!;
        if (r.kind === 'insufficientFunds') results[i] = { ok: false, reason: 'insufficientFunds' };
        else if (r.kind === 'repeated') results[i] = { ok: true, orderId: r.orderId, events: [], repeated: true };
        else if (r.kind === 'recorded') {
          this.engine.execute({ ...c.intent.command, orderId: r.orderId }, out);
          events.push(...out);
          placed.push({ userId: c.intent.userId, orderId: r.orderId });
          results[i] = { ok: true, orderId: r.orderId, events: out };
        }
      });
      // A key used twice in one batch: the second gets the first's order, as a repeat.
      batch.forEach((c, i) => {
        const r = recordedAt.get(c);
        if (r?.kind !== 'sameBatchAs') return;
        const first = results[batchIndexOfPlace[r.index]!];
        results[i] = first && 'orderId' in first ? { ok: true, orderId: first.orderId, events: [], repeated: true } : first!;
      });
    } catch (error) {
      return failed(error);
    }
    // The views of the orders this batch recorded, as the record stage wrote them.
    const recordedViews = new Map<number, SpotOrder>();
    for (const r of recorded) if (r.kind === 'recorded') recordedViews.set(r.orderId, r.order);
    // After the settlement: every answer carries its order as the batch's last statement wrote it.
    const withViews = (views: ReadonlyMap<number, SpotOrder>) => {
      const viewOf = (orderId: number) => views.get(orderId) ?? recordedViews.get(orderId);
      batch.forEach((c, i) => {
        const result = results[i];
        if (!result || result instanceof Error || !result.ok) return;
        if (c.kind === 'cancel') results[i] = { ok: true, ...optional(viewOf(c.orderId)) };
        else if ('orderId' in result && !result.repeated) results[i] = { ...result, ...optional(viewOf(result.orderId)) };
      });
      return results;
    };
    return {
      finish: async (committed) => {
        try {
          if (events.length > 0 || placed.length > 0) return withViews(await this.settleAndPublish(events, placed, recordedViews, now, committed));
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
    this.notify(settled.orders, settled.views, recordedViews);
    this.data.published(settled.trades, settled.candles.values());
    this.toSave(settled.candles.values(), settled.trades[0]?.id);
    this.batchWatcher?.(settled.views, settled.trades.length > 0);
    return settled.views;
  }

  /** Coarse candles of a durable batch (copies as of it), to be saved with the trades they include. */
  private toSave(candles: Iterable<Candle>, newestTradeId: number | undefined): void {
    if (newestTradeId === undefined) return;
    for (const c of candles) if (c.interval !== SETTLED_INTERVAL) this.unsavedCandles.set(`${c.interval}:${c.openTime}`, c);
    this.candlesThrough = Math.max(this.candlesThrough, newestTradeId);
  }

  /**
   * Saves the coarse candles changed since the last save, in one statement (the market service's
   * timer, and on stop). They are as of durable batches only; if the save fails they wait for the
   * next, and a crash before it loses nothing: the restart adds the trades they missed.
   */
  async saveCandles(): Promise<void> {
    if (this.unsavedCandles.size === 0) return;
    const candles = this.unsavedCandles;
    const through = this.candlesThrough;
    this.unsavedCandles = new Map();
    try {
      await saveCandles(this.db, this.spec, this.data, [...candles.values()], through);
    } catch (error) {
      for (const [key, c] of candles) if (!this.unsavedCandles.has(key)) this.unsavedCandles.set(key, c);
      throw error;
    }
  }

  /**
   * After a commit: each touched user's orders, as the batch's statements wrote them (the
   * settlement's view, else the record's), and the pair's two spot balances (never the fee account's).
   */
  private notify(byUser: Map<number, Set<number>>, views: ReadonlyMap<number, SpotOrder>, recordedViews: ReadonlyMap<number, SpotOrder> = new Map()): void {
    const rows = [
      { currency: this.spec.left, account: 'spot' as const },
      { currency: this.spec.right, account: 'spot' as const },
    ];
    for (const [userId, orderIds] of byUser) {
      const orders = [...orderIds].flatMap((id) => views.get(id) ?? recordedViews.get(id) ?? []);
      this.userFeed.ordersCommitted(userId, orders);
      this.userFeed.balancesChanged(userId, rows);
    }
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

  bar(c: Candle): KlineBar {
    return this.data.bar(c);
  }

  /** 24h figures for the tick, in integer units; undefined before any trade. */
  dayStats(now = this.clock()) {
    return this.data.dayStats(now);
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
    return this.sequencer.exclusive(() => this.rebuild(false));
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
    const { left, right, pricePrecision: pp, amountPrecision: ap } = this.spec;
    const since = this.clock() - 86_400_000;
    const recent = await this.db.query<{ id: number; price: string; quantity: string; taker_side: Side; created_ms: number }>(
      `select id, trim_scale(price)::text as price, trim_scale(quantity)::text as quantity, taker_side, created_ms
       from spot_trade where left_symbol = $1 and right_symbol = $2 and created_ms >= $3 order by id`,
      [left, right, since],
    );
    for (const t of recent) this.data.restoreTrade(Number(t.created_ms), decimalToUnits(t.price, pp)!, decimalToUnits(t.quantity, ap)!);
    // No trade in the day: the newest older one still gives the tick its last price (zero volume).
    // Read only then, and only a real trade's, never a generated chart's close.
    if (recent.length === 0) {
      const [newest] = await this.db.query<{ price: string }>(
        `select trim_scale(price)::text as price from spot_trade where left_symbol = $1 and right_symbol = $2 order by id desc limit 1`,
        [left, right],
      );
      if (newest) this.data.restoreLastPrice(decimalToUnits(newest.price, pp));
    }
    this.data.restoreTradeList(
      recent
        .slice(-50)
        .reverse()
        .map((t) => ({ id: Number(t.id), time: Number(t.created_ms), price: t.price, quantity: t.quantity, side: t.taker_side })),
    );
    // The coarse candles as last saved, then the trades their save did not include yet.
    this.unsavedCandles = new Map();
    this.candlesThrough = Number(recent.at(-1)?.id ?? 0);
    const restored = await readLiveCandles(this.db, 'candle', left, right, pp, ap);
    for (const candle of restored) this.data.restoreCandle(candle);
    for (const { interval, openTime, lastTradeId } of restored) {
      if (interval === SETTLED_INTERVAL) continue;
      for (const t of recent) {
        if (Number(t.id) <= (lastTradeId ?? 0) || Number(t.created_ms) < openTime) continue;
        for (const c of this.data.replayCandleTrade(interval, Number(t.created_ms), decimalToUnits(t.price, pp)!, decimalToUnits(t.quantity, ap)!)) {
          this.unsavedCandles.set(`${c.interval}:${c.openTime}`, c);
        }
      }
    }
    const open = await this.db.query<{ id: number; user_id: number; side: Side; type: 'limit' | 'market'; tif: TimeInForce; price: string; quantity: string; filled: string }>(
      `select id, user_id, side, type, tif, trim_scale(price)::text as price, trim_scale(quantity)::text as quantity, trim_scale(filled)::text as filled
       from spot_order where left_symbol = $1 and right_symbol = $2 and status in (1, 2) order by id`,
      [left, right],
    );
    const events: EngineEvent[] = [];
    for (const o of open) {
      const id = Number(o.id);
      const userId = Number(o.user_id);
      const remaining = decimalToUnits(o.quantity, ap)! - decimalToUnits(o.filled, ap)!;
      if (o.type === 'market' || o.tif !== 'GTC' || remaining <= 0) {
        // Never rests: it was interrupted mid-flight, so it ends now, giving back what it holds.
        events.push({ type: 'cancelled', orderId: id, accountId: userId, remaining, reason: CancelReason.unfilled });
        continue;
      }
      this.engine.execute(
        { kind: 'place', orderId: id, accountId: userId, side: o.side, type: 'limit', price: decimalToUnits(o.price, pp)!, quantity: remaining, tif: 'GTC', stp: 'cancelTaker' },
        events,
      );
    }
    const settled = await settle(this.db, this.spec, this.data, events, [], this.clock(), this.tradeIds);
    if (events.length > 0) await this.db.durable();
    this.toSave(settled.candles.values(), settled.trades[0]?.id);
    if (publish) {
      this.notify(settled.orders, settled.views);
      this.data.published(settled.trades, settled.candles.values());
    }
    this.sequencer.stale = false;
    if (publish) this.data.bookChanged();
    else this.data.adoptDepth(this.engine.depth(DEPTH_LEVELS));
  }
}

/** `{ order }` when there is one (the outcome types keep `order` optional, never undefined). */
const optional = (order: SpotOrder | undefined): { order?: SpotOrder } => (order ? { order } : {});

function unlessError<T>(result: T | Error): T {
  if (result instanceof Error) throw result;
  return result;
}
