import { futureDepthChannel, futureKlineChannel, futureTradeChannel, isOpening, type MarginAdjustment, type MarginMode } from '../../../domain/futures/api.js';
import type { Fx } from '../../../domain/fx.js';
import type { Database } from '../../kernel/db/database.js';
import { DEPTH_LEVELS, MarketData } from '../../kernel/exchange/marketData.js';
import { createEngine } from '../../kernel/exchange/matching/index.js';
import type { OrderBookEngine } from '../../kernel/exchange/matching/types.js';
import type { MarketPublisher } from '../../kernel/exchange/publisher.js';
import { Sequencer } from '../../kernel/exchange/sequencer.js';
import { sequenceIds, type SequenceIds } from '../../kernel/db/sequenceIds.js';
import type { Outcome } from '../../kernel/outcome.js';
import { silentUserFeed, type UserFeed } from '../../kernel/realtime/userFeed.js';
import { adopt, refreshCross, reindexUser } from './adopt.js';
import type { Batch, Memory } from './batch.js';
import type { Command, OrderView, PlaceRequest, Placed, Result } from './commands.js';
import type { FuturesAccounts } from './fills.js';
import { adjustMargin, cancelOrder, cancelPlansOfFlat, firePlan, liquidate, setLeverage } from './handlers.js';
import { LiquidationIndex } from './liquidationIndex.js';
import type { Marks } from './margin.js';
import { remainingOf, type OrderState } from './orderState.js';
import { ticksToFx, type FuturesPair } from './pairs.js';
import { placeOrder } from './place.js';
import { planFires, type PlanState } from './plans.js';
import { flatPosition, positionKey, type Position } from './positions.js';
import { rebuildExchange } from './rebuild.js';
import { closableOf } from './engine/rules.js';
import { runBatch } from './runner.js';
import './messages.js';
import { watchMarket } from '../../kernel/observability/metrics.js';

// The command types and the submission-key scope live in commands.ts; re-exported, as callers import them from here.
export { PLACE_SCOPE, type PlaceRequest } from './commands.js';

/*
 * The class holds the exchange's memory and its public calls; each job is in a file of its own:
 * the batch runner and key claims (runner.ts), placing an order (place.ts), the other commands
 * (handlers.ts), settling fills (fills.ts), funding (funding.ts) — the I/O layer — over the pure
 * engine that decides (engine/: rules, holds, fills, margin, liquidation triggers, funding, with
 * ledger movements returned as data), their plan statements (store.ts), and what memory adopts
 * after a commit (adopt.ts).
 */

/**
 * The futures exchange: one book per contract pair on the fast engine, carried by ONE kernel
 * sequencer for all pairs, so that an account's cross margin, its liquidation and the funding run
 * on one consistent view (docs/ARCHITECTURE.md "Futures"). Each batch is one transaction: orders
 * are checked against their margin and recorded, matched in the engines in queue order, and their
 * fills settled (positions, margin, PnL, fees through the ledger); memory adopts the batch only
 * after the commit. A failure after an engine moved marks the market stale and it is rebuilt
 * from the database before the next batch.
 */
export class FuturesExchange implements Memory {
  readonly engines = new Map<string, OrderBookEngine>();
  readonly data = new Map<string, MarketData>();
  readonly positions = new Map<string, Position>();
  readonly orders = new Map<number, OrderState>();
  readonly ordersByUser = new Map<number, Set<number>>();
  readonly plans = new Map<number, PlanState>();
  readonly index = new LiquidationIndex();
  /** Index and mark per pair, set by the price feed. */
  readonly marks: Marks = new Map();
  /** Each cross account's available contract balance as of its last commit (for liquidation prices). */
  readonly crossAvailable = new Map<number, Fx>();
  /** Accounts with cross positions on more than one pair (a mark move on one pair moves their others' liquidation prices). */
  readonly multiCross = new Set<number>();
  /** Per pair, the users with an open cross position on it (the accounts a mark update re-reads, refreshCross). */
  readonly crossBySymbol = new Map<string, Set<number>>();
  /** The funding rate the interval's premiums so far imply, per pair (shown on the trade page). */
  readonly estimatedFunding = new Map<string, string>();
  /** The contracts an operator halted, symbol → reason (halts.ts: read once a second; opening orders refused). */
  readonly halted = new Map<string, string>();
  readonly sequencer: Sequencer<Command, Result>;
  /** Ids for every order the batches create (placed, liquidation, ADL), fetched in blocks (kernel/db/sequenceIds.ts, as spot's). */
  readonly orderIds: SequenceIds;
  readonly stats = { liquidations: 0, liquidationChecks: 0, deleveraged: 0 };

  constructor(
    readonly db: Database,
    readonly pairs: Map<string, FuturesPair>,
    readonly accounts: FuturesAccounts,
    private readonly publisher: MarketPublisher,
    readonly clock: () => number = Date.now,
    private readonly feed: UserFeed = silentUserFeed,
  ) {
    for (const pair of pairs.values()) {
      const { left, right } = pair.spec;
      this.engines.set(pair.spec.symbol, createEngine());
      this.data.set(
        pair.spec.symbol,
        new MarketData(pair.spec, { depth: futureDepthChannel(left, right), trades: futureTradeChannel(left, right), kline: (i) => futureKlineChannel(left, right, i) }, publisher),
      );
    }
    this.sequencer = new Sequencer<Command, Result>({ run: (batch) => runBatch(this, batch, (b, c, now) => this.handle(b, c, now)), rebuild: () => this.rebuild() });
    watchMarket('futures', this.sequencer);
    this.orderIds = sequenceIds(db, 'futures_order');
  }

  private submit<T>(command: Command): Promise<Outcome<T>> {
    return this.sequencer.submit(command).then((r) => {
      if (r instanceof Error) throw r;
      return r as Outcome<T>;
    });
  }

  place(request: PlaceRequest) {
    return this.submit<Placed>({ kind: 'place', request });
  }
  cancel(userId: number, orderId: number) {
    return this.submit<{ order: OrderView }>({ kind: 'cancel', userId, orderId });
  }
  setLeverage(userId: number, symbol: string, leverage: number, mode: MarginMode) {
    return this.submit<{ leverage: number; margin_mode: MarginMode }>({ kind: 'leverage', userId, symbol, leverage, mode });
  }
  /** Adds margin to or removes it from an isolated position (removal bounded by maxRemovableMargin). */
  adjustMargin(userId: number, symbol: string, type: MarginAdjustment, amount: string) {
    return this.submit<{ margin: string }>({ kind: 'margin', userId, symbol, type, amount });
  }
  liquidate(userId: number, symbol: string) {
    return this.submit<{ liquidated: boolean }>({ kind: 'liquidate', userId, symbol });
  }
  firePlan(planId: number) {
    return this.submit<{ fired: boolean }>({ kind: 'firePlan', planId });
  }
  /** Runs `work` inside a batch's transaction, in queue order (plans, funding). */
  job<T>(work: (b: Batch, now: number) => Promise<T>): Promise<T> {
    return this.submit<T>({ kind: 'job', work: async (b, now) => ({ ok: true, data: await work(b, now) }) }).then((o) => (o as { data: T }).data);
  }
  idle() {
    return this.sequencer.idle();
  }

  private async handle(b: Batch, c: Command, now: number): Promise<Outcome<unknown>> {
    switch (c.kind) {
      case 'place':
        return this.placeIn(b, c.request, now);
      case 'cancel':
        return cancelOrder(this, b, c.userId, c.orderId, now);
      case 'leverage':
        return setLeverage(this, b, c.userId, c.symbol, c.leverage, c.mode);
      case 'margin':
        return adjustMargin(this, b, c.userId, c.symbol, c.type, c.amount);
      case 'liquidate':
        return { ok: true, data: { liquidated: await liquidate(this, b, c.userId, c.symbol, now) } };
      case 'firePlan':
        return { ok: true, data: { fired: await firePlan(this, b, c.planId, now) } };
      case 'job':
        return (await c.work(b, now)) as Outcome<unknown>;
    }
  }

  /** Places one order: checks, holds, records, matches, settles — or refuses and changes nothing (place.ts). */
  placeIn(b: Batch, r: PlaceRequest, now: number): Promise<Outcome<Placed>> {
    return placeOrder(this, b, r, now);
  }

  /** Position minus what the open close orders hold. */
  closable(b: Batch, pos: Position): Fx {
    if (pos.side === 0) return 0n;
    let held = 0n;
    b.eachOpenOrder(pos.userId, pos.symbol, (o) => {
      if (!isOpening(o.action)) held += remainingOf(o);
    });
    return closableOf(pos, held);
  }

  /** Ends the user's waiting plans on a pair: a close left the position flat. */
  cancelPlansOfFlat(b: Batch, userId: number, symbol: string, now: number): Promise<void> {
    return cancelPlansOfFlat(this, b, userId, symbol, now);
  }

  /** After the commit: memory takes the batch's positions, orders and plans; pushes go out (adopt.ts). */
  adopt(b: Batch): void {
    adopt(this, b, this.feed);
  }

  /** Users with an open cross position (on `symbol`, or on any pair); kept by reindexUser, so a mark update does not scan every position. */
  crossUsers(symbol?: string): number[] {
    if (symbol) return [...(this.crossBySymbol.get(symbol) ?? [])];
    const users = new Set<number>();
    for (const set of this.crossBySymbol.values()) for (const userId of set) users.add(userId);
    return [...users];
  }

  /** Re-reads the committed balances of cross accounts (`userIds`, or all of them) and liquidates those the change puts under (adopt.ts). */
  refreshCross(userIds: readonly number[] = this.crossUsers()): Promise<void> {
    return refreshCross(this, userIds);
  }

  /** Puts a user's positions in the liquidation index at their current liquidation prices. */
  reindexUser(userId: number): void {
    reindexUser(this, userId);
  }

  /** Waiting plans of a pair that fire at the current prices. */
  firingPlans(symbol: string): number[] {
    const pair = this.pairs.get(symbol)!;
    const mark = this.marks.get(symbol)?.mark;
    const lastTicks = this.data.get(symbol)?.lastTradePrice();
    const last = lastTicks === undefined ? undefined : ticksToFx(pair, lastTicks);
    const out: number[] = [];
    for (const plan of this.plans.values()) {
      if (plan.symbol === symbol && planFires(plan, this.positions.get(positionKey(plan.userId, plan.symbol)), mark, last)) out.push(plan.id);
    }
    return out;
  }

  flushDepth(): void {
    for (const [symbol, data] of this.data) data.flushDepth(() => this.engines.get(symbol)!.depth(DEPTH_LEVELS), this.sequencer.stale);
  }

  /** Loads positions, open orders (replayed into fresh engines in id order), plans and recent trades. */
  restore(): Promise<void> {
    return this.sequencer.exclusive(() => this.rebuild());
  }

  private rebuild(): Promise<void> {
    return rebuildExchange(this);
  }

  /** The position of a user on a pair (flat with the defaults when none). */
  positionOf(userId: number, symbol: string): Position {
    return this.positions.get(positionKey(userId, symbol)) ?? flatPosition(userId, symbol);
  }
}
