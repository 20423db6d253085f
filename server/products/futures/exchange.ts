import type { MarginAdjustment, MarginMode } from '../../../domain/futures/api.js';
import type { Fx } from '../../../domain/fx.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { DEPTH_LEVELS } from '../../kernel/exchange/marketData.js';
import type { MarketPublisher } from '../../kernel/exchange/publisher.js';
import { Sequencer } from '../../kernel/exchange/sequencer.js';
import type { Outcome } from '../../kernel/platform/outcome.js';
import { silentUserFeed, type UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import { watchMarket } from '../../kernel/platform/observability/metrics.js';
import { adopt, reindexUser } from './adopt.js';
import type { Batch } from './batch.js';
import type { Command, OrderView, PlaceRequest, Placed, Result } from './commands.js';
import { closable } from './engine/engine.js';
import { closeContract, type ContractClose } from './delisting.js';
import type { FuturesAccounts } from './fills.js';
import { FuturesMemory } from './memory.js';
import { ticksToFx, type FuturesPair } from './pairs.js';
import { checkOrder, placeOrder } from './place.js';
import { planFires } from './plans.js';
import { flatPosition, positionKey, type Position } from './positions.js';
import { rebuildExchange } from './rebuild.js';
import { runBatch } from './runner.js';
import { cancelPlansOfFlat, contractAvailable } from './store.js';
import './messages.js';

// The command types and the submission-key scope live in commands.ts; re-exported, as callers import them from here.
export { PLACE_SCOPE, type PlaceRequest } from './commands.js';

/*
 * The exchange composes its stages over its memory (memory.ts), which is all they read: the
 * sequencer carries commands to the batch runner (runner.ts: prepare → each command → write →
 * publish), a command goes decide → match → settle (place.ts, handlers.ts, fills.ts, adl.ts) over
 * the pure engine (engine/engine.ts: the same steps the scenario tables drive), the batch's
 * working set and its writes are batch.ts, memory takes a committed batch in adopt.ts, and a
 * rebuild reads it all back (rebuild.ts). No stage imports this file.
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
export class FuturesExchange extends FuturesMemory {
  readonly sequencer: Sequencer<Command, Result>;

  constructor(
    db: Database,
    pairs: Map<string, FuturesPair>,
    accounts: FuturesAccounts,
    publisher: MarketPublisher,
    clock: () => number = Date.now,
    feed: UserFeed = silentUserFeed,
  ) {
    super(db, pairs, accounts, publisher, clock, feed);
    this.sequencer = new Sequencer<Command, Result>({ run: (batch) => runBatch(this, batch), rebuild: () => rebuildExchange(this) });
    watchMarket('futures', this.sequencer);
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
  /** Whether `request` would be placed now, by the place checks (balance included), placing nothing (place.ts checkOrder). */
  check(request: PlaceRequest) {
    return this.job((b, now) => checkOrder(this, b, request, now));
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

  /**
   * Opens the contracts listed while running (product.ts) that memory does not hold yet, between
   * batches; answers those it opened. `listed` is read inside the same exclusive job: a list read
   * before a delisting's batch committed, and acted on after `closeDelisted` dropped the contract,
   * opened it again (any pair's cache notice runs this, and one came during the close now and then).
   */
  openListed(listed: () => Promise<FuturesPair[]>): Promise<FuturesPair[]> {
    return this.sequencer.exclusive(async () => {
      const opened = (await listed()).filter((pair) => !this.pairs.has(pair.spec.symbol));
      for (const pair of opened) this.addMarket(pair);
      return opened;
    });
  }

  /**
   * Closes a contract whose delisting is due (delisting.ts: plans ended, orders cancelled, positions
   * closed at the mark, the pair row marked, in one batch); once committed, the contract leaves
   * memory between batches, so the config, marks, funding and new orders no longer know it (its
   * rows stay for the histories). Not closed when it was not due, has no mark yet, or the insurance
   * fund does not cover what the closes would take from it (then with both figures).
   */
  async closeDelisted(symbol: string): Promise<ContractClose> {
    const close = await this.job((b, now) => closeContract(this, b, symbol, now));
    if (!close.closed) return close;
    await this.sequencer.exclusive(async () => {
      this.pairs.delete(symbol);
      this.marks.delete(symbol);
      this.estimatedFunding.delete(symbol);
    });
    return close;
  }

  /** Places one order inside a batch: its stages (place.ts), or a refusal that changes nothing. */
  placeIn(b: Batch, r: PlaceRequest, now: number): Promise<Outcome<Placed>> {
    return placeOrder(this, b, r, now);
  }

  /** Position minus what the open close orders hold (engine/engine.ts). */
  closable(b: Batch, pos: Position): Fx {
    return closable(b, pos);
  }

  /** Ends the user's waiting plans on a pair: a close left the position flat. */
  cancelPlansOfFlat(b: Batch, userId: number, symbol: string, now: number): Promise<void> {
    return cancelPlansOfFlat(this.plans, b, userId, symbol, now);
  }

  /** After the commit: memory takes the batch's positions, orders and plans; pushes go out (adopt.ts). */
  adopt(b: Batch): void {
    adopt(this, b);
  }

  /** Users with an open cross position (on `symbol`, or on any pair); kept by reindexUser, so a mark update does not scan every position. */
  crossUsers(symbol?: string): number[] {
    if (symbol) return [...(this.crossBySymbol.get(symbol) ?? [])];
    const users = new Set<number>();
    for (const set of this.crossBySymbol.values()) for (const userId of set) users.add(userId);
    return [...users];
  }

  /**
   * Re-reads, as committed, the contract balances of cross accounts (`userIds`) whose funds may have
   * moved without a futures batch — a transfer, here or in another process — and re-indexes their
   * positions with it (adopt). An account the move changed is then checked at once: cross positions
   * are liquidated by the account's margin ratio, whatever the index said before. A job, so it is
   * ordered with the batches and never overwrites a newer figure.
   */
  async refreshCross(userIds: readonly number[] = this.crossUsers()): Promise<void> {
      const crossSymbol = (userId: number) => [...this.pairs.keys()].find((s) => {
      const p = this.positions.get(positionKey(userId, s));
      return p !== undefined && p.side !== 0 && p.mode === 'cross';
    });
    const wanted = userIds.filter((u) => crossSymbol(u) !== undefined);
    if (wanted.length === 0) return;
    const changed = await this.job(async (b) => {
      const found = await contractAvailable(b.tx, wanted);
      const out: number[] = [];
      for (const userId of wanted) {
        const available = found.get(userId) ?? 0n;
        if (this.crossAvailable.get(userId) === available) continue;
        b.freshAvailable.set(userId, available);
        out.push(userId);
      }
      return out;
    });
    await Promise.all(changed.flatMap((userId) => {
      const symbol = crossSymbol(userId);
      return symbol ? [this.liquidate(userId, symbol)] : [];
    }));
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

  /** Loads positions, open orders (replayed into fresh engines in id order), plans and recent trades (rebuild.ts). */
  restore(): Promise<void> {
    return this.sequencer.exclusive(() => rebuildExchange(this));
  }

  /** The position of a user on a pair (flat with the defaults when none). */
  positionOf(userId: number, symbol: string): Position {
    return this.positions.get(positionKey(userId, symbol)) ?? flatPosition(userId, symbol);
  }
}
