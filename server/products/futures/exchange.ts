import { CLOSE_BOOK_LEVELS, isOpening, MARGIN_AMOUNT_PLACES, positionSideOf, bookSideOf, type FuturesAction, type FuturesOrderSource, type MarginAdjustment, type MarginMode } from '../../../domain/futures/api.js';
import { isPositiveDecimalInput } from '../../../domain/decimalRule.js';
import { bracketOf, maxLeverageOf, positionLimitOf } from '../../../domain/futures/brackets.js';
import { fx, fxText, maxFx, mulFx, type Fx } from '../../../domain/futures/fixed.js';
import { maxRemovableMargin, openCost } from '../../../domain/futures/formulas.js';
import { FuturesOrderStatus as S, statusAfterFill } from '../../../domain/futures/orderStatus.js';
import { futureDepthChannel, futureKlineChannel, futureTradeChannel, FUTURES_ACCOUNT, FUTURES_CURRENCY } from '../../../domain/futures/api.js';
import { toAtto } from '../../kernel/ledger/ledgerBatch.js';
import type { Database } from '../../kernel/db/database.js';
import { DEPTH_LEVELS, MarketData } from '../../kernel/exchange/marketData.js';
import { decimalToUnits } from '../../kernel/exchange/market/units.js';
import { createEngine } from '../../kernel/exchange/matching/index.js';
import type { EngineEvent, OrderBookEngine } from '../../kernel/exchange/matching/types.js';
import type { MarketPublisher } from '../../kernel/exchange/publisher.js';
import { Sequencer } from '../../kernel/exchange/sequencer.js';
import { sequenceIds, type SequenceIds } from '../../kernel/db/sequenceIds.js';
import { StatementParams } from '../../kernel/db/statementParams.js';
import { claim, claimAnswers, claimWrites, type SubmissionKey } from '../../kernel/idempotency.js';
import { refuse, type Outcome } from '../../kernel/outcome.js';
import { silentUserFeed, type UserFeed } from '../../kernel/realtime/userFeed.js';
import { Batch, type Memory } from './batch.js';
import { bookCloseDeficit, deleverage } from './adl.js';
import { rebuildExchange } from './rebuild.js';
import { applyEvents, finish, TAKER_RATE, type FuturesAccounts } from './fills.js';
import { LiquidationIndex } from './liquidationIndex.js';
import { liquidationCheck, type Marks } from './margin.js';
import { orderView, remainingOf, type OrderState } from './orderState.js';
import { fxToLots, fxToTicks, lotsToFx, ticksToFx, type FuturesPair } from './pairs.js';
import { planFires, type PlanState } from './plans.js';
import { entryPrice, flatPosition, positionKey, type Position } from './positions.js';
import type { FuturesMessageKey } from './messages.js';
import './messages.js';
import { watchMarket } from '../../kernel/observability/metrics.js';

export interface PlaceRequest {
  userId: number;
  symbol: string;
  action: FuturesAction;
  type: 'limit' | 'market';
  price?: string;
  /** Decimal quantity, or 'closable' for everything closable now (flash close, TP/SL, liquidation). */
  quantity: string;
  source: FuturesOrderSource;
  key?: SubmissionKey;
  triggerPrice?: Fx;
  /** Only reduce the position (never open or increase one): refused unless the order is opposite to it. */
  reduceOnly?: boolean;
}

type Command =
  | { kind: 'place'; request: PlaceRequest }
  | { kind: 'cancel'; userId: number; orderId: number; all?: false }
  | { kind: 'leverage'; userId: number; symbol: string; leverage: number; mode: MarginMode }
  | { kind: 'margin'; userId: number; symbol: string; type: MarginAdjustment; amount: string }
  | { kind: 'liquidate'; userId: number; symbol: string }
  | { kind: 'firePlan'; planId: number }
  | { kind: 'job'; work: (b: Batch, now: number) => Promise<unknown> };

type Result = Outcome<unknown> | Error;

export const PLACE_SCOPE = 'futures_order';

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
    this.sequencer = new Sequencer<Command, Result>({ run: (batch) => this.runBatch(batch), rebuild: () => this.rebuild() });
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
    return this.submit<{ order: ReturnType<typeof orderView>; unfilled: string }>({ kind: 'place', request });
  }
  cancel(userId: number, orderId: number) {
    return this.submit<{ order: ReturnType<typeof orderView> }>({ kind: 'cancel', userId, orderId });
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

  private async runBatch(batch: Command[]): Promise<Result[]> {
    const now = this.clock();
    const results: Result[] = new Array(batch.length);
    let done: Batch;
    try {
      done = await this.db.transaction(async (tx) => {
        const b = new Batch(tx, this);
        await b.books.lock([this.accounts.pool, this.accounts.insurance, this.accounts.fees]);
        const repeats = await this.prepare(b, batch, now);
        // For a key sent several times in the batch: the command that carried it last (its first
        // command, or a later one carried out after an earlier refusal).
        const carrier = new Map<number, number>();
        for (let i = 0; i < batch.length; i++) {
          const first = repeats.get(i);
          const c = batch[i]!;
          if (first !== undefined && c.kind === 'place') {
            // The same key again in one batch: the answer of the command that carries it, unless
            // that was refused (its key freed), when this one is carried out as a new submission,
            // as a retry would be.
            const answer = results[carrier.get(first) ?? first];
            if (answer && !(answer instanceof Error) && answer.ok) {
              results[i] = answer;
              continue;
            }
            carrier.set(first, i);
            b.claims.set(c.request, { fresh: true });
            b.reclaim(c.request.userId, c.request.key!);
          }
          results[i] = await this.handle(b, c, now);
        }
        await b.write(now);
        return b;
      });
    } catch (error) {
      // Engines may have moved for a batch that never committed: rebuild before the next one.
      await this.sequencer.recover();
      const failure = error instanceof Error ? error : new Error(String(error));
      return batch.map(() => failure);
    }
    this.adopt(done);
    return results;
  }

  /**
   * What every batch's commands would otherwise each ask for in round trips of their own, inside
   * one transaction, one after another: the submission keys of its places, claimed in one
   * statement, and the contract balances of its users, locked in one. (bench:futures: the batch's
   * round trips per order were what bounded the order rate while the CPU had room.) Answers, by
   * command index, the places whose key an earlier command of the batch already carries.
   */
  private async prepare(b: Batch, batch: Command[], now: number): Promise<Map<number, number>> {
    const keyed = batch.flatMap((c, i) => (c.kind === 'place' && c.request.key ? [{ i, request: c.request }] : []));
    const repeats = new Map<number, number>();
    if (keyed.length > 0) {
      const params = new StatementParams();
      const writes = claimWrites(params, keyed.map((k) => ({ userId: k.request.userId, scope: PLACE_SCOPE, key: k.request.key! })), now);
      const inserted = writes.cte ? await b.tx.query<{ user_id: number; key: string }>(`with ${writes.cte} select user_id, key from claimed`, params.values) : [];
      const answers = await claimAnswers<unknown>(b.tx, writes, inserted, now);
      answers.forEach((answer, n) => {
        if ('sameBatchAs' in answer) repeats.set(keyed[n]!.i, keyed[answer.sameBatchAs]!.i);
        else b.claims.set(keyed[n]!.request, answer);
      });
    }
    const users = batch.flatMap((c) => (c.kind === 'place' ? [c.request.userId] : c.kind === 'cancel' || c.kind === 'leverage' || c.kind === 'margin' ? [c.userId] : []));
    await b.books.lock(users);
    return repeats;
  }

  private async handle(b: Batch, c: Command, now: number): Promise<Outcome<unknown>> {
    switch (c.kind) {
      case 'place':
        return this.placeIn(b, c.request, now);
      case 'cancel':
        return this.cancelIn(b, c.userId, c.orderId, now);
      case 'leverage':
        return this.leverageIn(b, c.userId, c.symbol, c.leverage, c.mode);
      case 'margin':
        return this.marginIn(b, c.userId, c.symbol, c.type, c.amount);
      case 'liquidate':
        return { ok: true, data: { liquidated: await this.liquidateIn(b, c.userId, c.symbol, now) } };
      case 'firePlan':
        return { ok: true, data: { fired: await this.firePlanIn(b, c.planId, now) } };
      case 'job':
        return (await c.work(b, now)) as Outcome<unknown>;
    }
  }

  /** Places one order: checks, holds, records, matches, settles — or refuses and changes nothing. */
  async placeIn(b: Batch, r: PlaceRequest, now: number): Promise<Outcome<{ order: ReturnType<typeof orderView>; unfilled: string }>> {
    const pair = this.pairs.get(r.symbol);
    if (!pair) return refuse('futuresUnknownPair');
    const engine = this.engines.get(r.symbol)!;
    if (r.key) {
      const claimed = b.claims.get(r) ?? (await claim<unknown>(b.tx, r.userId, PLACE_SCOPE, r.key, now));
      if (!claimed.fresh) return { ok: true, data: claimed.response as never };
    }
    const refused = async (key: FuturesMessageKey, vars?: Record<string, string>) => {
      if (r.key) b.forget(r.userId, r.key);
      return refuse(key, vars);
    };
    await b.books.lock([r.userId]);
    const pos = b.position(r.userId, r.symbol);
    // One-way mode: an order opposite to the position reduces it (it is that position's close);
    // reduce-only refuses anything else that would open or increase a position.
    let action = r.action;
    const reduces = isOpening(action) && pos.side === -positionSideOf(action);
    if (reduces) action = pos.side === 1 ? 'close_long' : 'close_short';
    else if (r.reduceOnly && isOpening(action)) return refused('futuresReduceOnlyIncreases');
    const side = bookSideOf(action);
    const opening = isOpening(action);

    let quantity: Fx;
    if (r.quantity === 'closable') quantity = this.closable(b, pos);
    else {
      const lots = decimalToUnits(r.quantity, pair.spec.amountPrecision);
      if (lots === undefined || lots <= 0) return refused('futuresQuantityInvalid', { places: String(pair.spec.amountPrecision) });
      quantity = lotsToFx(pair, lots);
    }
    let limit: Fx | undefined;
    if (r.type === 'limit') {
      const ticks = r.price === undefined ? undefined : decimalToUnits(r.price, pair.spec.pricePrecision);
      if (ticks === undefined || ticks <= 0) return refused('futuresPriceInvalid', { places: String(pair.spec.pricePrecision) });
      limit = ticksToFx(pair, ticks);
    }

    const book = engine.depth(CLOSE_BOOK_LEVELS);
    const opposite = side === 'buy' ? book.asks : book.bids;
    // A market order reaches at most the 30th level: it goes in as IOC at that level's price (§9).
    let enginePrice: Fx;
    if (r.type === 'market') {
      const worst = opposite[opposite.length - 1];
      if (!worst) return refused('futuresNoLiquidity');
      enginePrice = ticksToFx(pair, worst.price);
    } else enginePrice = limit!;

    let holdPrice: Fx | null = null;
    let held = 0n;
    if (opening) {
      const want = positionSideOf(action);
      // One pass over the user's open orders on the pair: any opening the other way, and what opening ones hold.
      let oppositeOrders = false;
      let pending = 0n;
      b.eachOpenOrder(r.userId, r.symbol, (o) => {
        if (!isOpening(o.action)) return;
        if (positionSideOf(o.action) === -want) oppositeOrders = true;
        pending += remainingOf(o);
      });
      if (oppositeOrders) return refused('futuresOppositeOrders');
      // The highest price this order can trade at: a buy its limit (or the 30th ask); a sell the best bid if above its limit.
      const bestBid = book.bids[0] ? ticksToFx(pair, book.bids[0].price) : 0n;
      holdPrice = side === 'buy' ? enginePrice : maxFx(r.type === 'market' ? bestBid : enginePrice, bestBid);
      const notional = mulFx(pos.quantity + pending + quantity, holdPrice, 'up');
      if (notional > positionLimitOf(pair.brackets)) return refused('futuresPositionLimit', { limit: fxText(positionLimitOf(pair.brackets)) });
      if (bracketOf(pair.brackets, notional).maxLeverage < pos.leverage) {
        return refused('futuresLeverageTooHighForSize', { max: String(bracketOf(pair.brackets, notional).maxLeverage) });
      }
      held = openCost(quantity, holdPrice, pos.leverage, TAKER_RATE);
      if (b.books.available(r.userId) < held) return refused('futuresInsufficientMargin', { needed: fxText(held) });
    } else {
      if (pos.side !== positionSideOf(action)) return refused('futuresNoPosition');
      const closable = this.closable(b, pos);
      if (quantity <= 0n || quantity > closable) return refused(reduces ? 'futuresReduceExceedsClosable' : 'futuresCloseExceedsClosable', { closable: fxText(closable) });
    }

    // Named now, written with the batch (one multi-row insert, Batch.write): a round trip an order less.
    const [id] = await this.orderIds.take(1, b.tx);
    const order: OrderState = {
      id: id!, userId: r.userId, symbol: r.symbol, action, type: r.type, price: limit ?? null, holdPrice, quantity, filled: 0n, filledValue: 0n,
      leverage: pos.leverage, mode: pos.mode, held, fee: 0n, profit: 0n, status: S.entrusted, storedStatus: S.entrusted, source: r.source,
      triggerPrice: r.triggerPrice ?? null, note: null, createdMs: now, updatedMs: now, isNew: true, unwritten: true,
    };
    b.addOrder(order);
    b.books.change(r.userId, -held, held, 'futures_order_hold', 'futures_order', order.id);

    const events: EngineEvent[] = [];
    engine.execute(
      { kind: 'place', orderId: order.id, accountId: r.userId, side, type: 'limit', price: fxToTicks(pair, enginePrice), quantity: fxToLots(pair, quantity), tif: r.type === 'market' ? 'IOC' : 'GTC', stp: 'cancelTaker' },
      events,
    );
    await applyEvents(b, pair, this.data.get(r.symbol)!, this.accounts, events, now);
    if (order.status === S.entrusted || order.status === S.partiallyTraded) order.status = statusAfterFill(order.filled, order.quantity, true);
    const unfilled = r.type === 'market' && !opening ? order.quantity - order.filled : 0n;
    if (unfilled > 0n) order.note = `unfilled:${fxText(unfilled)}`;
    if (!opening && pos.side === 0) await this.cancelPlansOfFlat(b, r.userId, r.symbol, now);
    const data = { order: orderView(order), unfilled: fxText(unfilled) };
    if (r.key) b.remember(r.userId, r.key, data);
    return { ok: true, data };
  }

  /** Position minus what the open close orders hold. */
  closable(b: Batch, pos: Position): Fx {
    if (pos.side === 0) return 0n;
    let held = 0n;
    b.eachOpenOrder(pos.userId, pos.symbol, (o) => {
      if (!isOpening(o.action)) held += remainingOf(o);
    });
    return maxFx(0n, pos.quantity - held);
  }

  private async cancelIn(b: Batch, userId: number, orderId: number, now: number): Promise<Outcome<{ order: ReturnType<typeof orderView> }>> {
    const o = b.order(orderId);
    if (!o || o.userId !== userId || o.status === S.allTraded || o.status === S.cancelled || o.status === S.invalid) return refuse('futuresUnknownOrder');
    await b.books.lock([userId]);
    const events: EngineEvent[] = [];
    this.engines.get(o.symbol)!.execute({ kind: 'cancel', orderId, accountId: userId }, events);
    if (!events.some((e) => e.type === 'cancelled')) finish(b, o, S.cancelled, now);
    else await applyEvents(b, this.pairs.get(o.symbol)!, this.data.get(o.symbol)!, this.accounts, events, now);
    return { ok: true, data: { order: orderView(o) } };
  }

  private async leverageIn(b: Batch, userId: number, symbol: string, leverage: number, mode: MarginMode): Promise<Outcome<{ leverage: number; margin_mode: MarginMode }>> {
    const pair = this.pairs.get(symbol);
    if (!pair) return refuse('futuresUnknownPair');
    if (!Number.isInteger(leverage) || leverage < 1 || leverage > maxLeverageOf(pair.brackets)) return refuse('futuresLeverageInvalid', { max: String(maxLeverageOf(pair.brackets)) });
    const pos = b.position(userId, symbol);
    const changesMode = pos.mode !== mode;
    if ((pos.side !== 0 || b.openOrdersOf(userId, symbol).length > 0) && (changesMode || leverage !== pos.leverage)) return refuse('futuresLeverageLocked');
    pos.leverage = leverage;
    pos.mode = mode;
    b.touch(userId, symbol);
    b.touchedPositions.add(positionKey(userId, symbol));
    return { ok: true, data: { leverage, margin_mode: mode } };
  }

  private marginIn(b: Batch, userId: number, symbol: string, type: MarginAdjustment, amount: string): Outcome<{ margin: string }> {
    const pair = this.pairs.get(symbol);
    if (!pair) return refuse('futuresUnknownPair');
    if (!isPositiveDecimalInput(amount, { places: MARGIN_AMOUNT_PLACES, integerDigits: 15 })) return refuse('futuresMarginAmountInvalid');
    const pos = b.position(userId, symbol);
    if (pos.side === 0) return refuse('futuresNoPosition');
    if (pos.mode !== 'isolated') return refuse('futuresMarginNotIsolated');
    const value = fx(amount);
    if (type === 'add') {
      const available = b.books.available(userId);
      if (value > available) return refuse('futuresMarginAddTooMuch', { available: fxText(available) });
      b.books.transfer(userId, this.accounts.pool, value, 'futures_margin', 'futures_position', null);
      pos.margin += value;
    } else {
      const max = maxRemovableMargin({ side: pos.side as 1 | -1, quantity: pos.quantity, entry: entryPrice(pos), margin: pos.margin, leverage: pos.leverage, mark: this.marks.get(symbol)?.mark ?? entryPrice(pos), brackets: pair.brackets });
      if (value > max) return refuse('futuresMarginRemoveTooMuch', { max: fxText(max) });
      b.books.transfer(this.accounts.pool, userId, value, 'futures_margin_release', 'futures_position', null);
      pos.margin -= value;
    }
    b.touch(userId, symbol);
    return { ok: true, data: { margin: fxText(pos.margin) } };
  }

  /** Ends the user's waiting plans on a pair: a close left the position flat. */
  async cancelPlansOfFlat(b: Batch, userId: number, symbol: string, now: number): Promise<void> {
    for (const plan of this.plans.values()) {
      if (plan.userId !== userId || plan.symbol !== symbol || b.endedPlans.has(plan.id)) continue;
      await b.tx.query(`update futures_plan set status = 3, note = 'position closed', updated_ms = $2 where id = $1 and status = 1`, [plan.id, now]);
      b.endedPlans.add(plan.id);
    }
  }

  /**
   * The liquidation of one account's position (isolated) or all its cross positions, if the mark
   * price says so: the account's open orders on the pair (cross: everywhere) are cancelled, then
   * each position is closed into the book by a liquidation order (market, ≤ 30 levels); what the
   * book could not take stays open and is tried again at the next mark update. A close whose
   * deficit neither the account (cross) nor the insurance fund could pay is auto-deleveraged
   * instead (adl.ts).
   */
  private async liquidateIn(b: Batch, userId: number, symbol: string, now: number): Promise<boolean> {
    await b.books.lock([userId]);
    const pos = b.peekPosition(userId, symbol);
    if (!pos || pos.side === 0) return false;
    this.stats.liquidationChecks += 1;
    const check = liquidationCheck(this, b, pos);
    if (!check.liquidate) return false;
    const targets = pos.mode === 'cross' ? b.positionsOf(userId).filter((p) => p.side !== 0 && p.mode === 'cross') : [pos];
    const symbols = new Set(targets.map((p) => p.symbol));
    for (const o of b.openOrdersOf(userId)) if (pos.mode === 'cross' || symbols.has(o.symbol)) await this.cancelIn(b, userId, o.id, now);
    for (const p of targets) {
      // A close the account (cross) and the insurance fund could not pay for: auto-deleverage.
      const coverable = b.books.available(this.accounts.insurance) + (p.mode === 'cross' ? b.books.available(userId) : 0n);
      if (bookCloseDeficit(this, p, this.closable(b, p)) > coverable) {
        await deleverage(this, b, p, now);
        continue;
      }
      const engine = this.engines.get(p.symbol)!;
      const book = engine.depth(CLOSE_BOOK_LEVELS);
      if ((p.side === 1 ? book.bids : book.asks).length === 0) continue;
      await this.placeIn(b, { userId, symbol: p.symbol, action: p.side === 1 ? 'close_long' : 'close_short', type: 'market', quantity: 'closable', source: 'liquidation' }, now);
    }
    this.stats.liquidations += 1;
    return true;
  }

  /** Fires a waiting plan if its trigger still holds: a close order for the plan's quantity (at most what is closable); the other plan of the pair ends with it. */
  private async firePlanIn(b: Batch, planId: number, now: number): Promise<boolean> {
    const plan = this.plans.get(planId);
    if (!plan || b.endedPlans.has(planId)) return false;
    const pos = b.peekPosition(plan.userId, plan.symbol);
    const mark = this.marks.get(plan.symbol)?.mark;
    const last = this.data.get(plan.symbol)?.lastTradePrice();
    const pair = this.pairs.get(plan.symbol)!;
    if (!planFires(plan, pos, mark, last === undefined ? undefined : ticksToFx(pair, last))) return false;
    const [claimed] = await b.tx.query(`update futures_plan set status = 2, updated_ms = $2 where id = $1 and status = 1 returning id`, [planId, now]);
    if (!claimed) return false;
    b.endedPlans.add(planId);
    for (const other of this.plans.values()) {
      if (other.id === planId || other.userId !== plan.userId || other.symbol !== plan.symbol || other.kind === plan.kind || b.endedPlans.has(other.id)) continue;
      // One-cancels-the-other: the take-profit and the stop-loss of a position.
      await b.tx.query(`update futures_plan set status = 3, note = 'other plan fired', updated_ms = $2 where id = $1 and status = 1`, [other.id, now]);
      b.endedPlans.add(other.id);
    }
    const closable = this.closable(b, b.position(plan.userId, plan.symbol));
    const quantity = plan.quantity === null || plan.quantity > closable ? closable : plan.quantity;
    const outcome =
      quantity > 0n
        ? await this.placeIn(
            b,
            {
              userId: plan.userId,
              symbol: plan.symbol,
              action: plan.positionSide === 1 ? 'close_long' : 'close_short',
              type: plan.execType,
              price: plan.execPrice === null ? undefined : fxText(plan.execPrice),
              quantity: fxText(quantity),
              source: plan.kind,
              triggerPrice: plan.triggerBy === 'roe' ? mark : plan.triggerValue,
            },
            now,
          )
        : refuse('futuresNoPosition');
    if (outcome.ok) await b.tx.query(`update futures_plan set order_id = $2 where id = $1`, [planId, outcome.data.order.id]);
    else await b.tx.query(`update futures_plan set status = 4, note = $2 where id = $1`, [planId, outcome.key]);
    return true;
  }

  /** After the commit: memory takes the batch's positions, orders and plans; pushes go out. */
  adopt(b: Batch): void {
    for (const p of b.positions.values()) this.positions.set(positionKey(p.userId, p.symbol), p);
    for (const o of b.orders.values()) {
      o.storedStatus = o.status;
      o.isNew = false;
      o.unwritten = false;
      const open = o.status === S.entrusted || o.status === S.submitted || o.status === S.partiallyTraded || o.status === S.cancelling;
      const mine = this.ordersByUser.get(o.userId) ?? new Set<number>();
      if (open) {
        this.orders.set(o.id, o);
        mine.add(o.id);
      } else {
        this.orders.delete(o.id);
        mine.delete(o.id);
      }
      this.ordersByUser.set(o.userId, mine);
    }
    for (const id of b.endedPlans) this.plans.delete(id);
    for (const plan of b.newPlans) this.plans.set(plan.id, plan);
    // Every change of a cross account's balance in the batch (fees, realised PnL, funding, another
    // position's liquidation) or outside it (a transfer, read by refreshCross) moves the liquidation
    // prices of all its cross positions: they are re-indexed with the commit that changed it.
    const reindex = new Set(b.touched.keys());
    for (const [userId, available] of b.freshAvailable) {
      if (b.books.touched.has(userId)) continue; // the batch's own figure is newer
      this.crossAvailable.set(userId, available);
      reindex.add(userId);
    }
    for (const userId of b.books.touched) {
      if (!b.positionsOf(userId).some((p) => p.mode === 'cross')) continue;
      this.crossAvailable.set(userId, b.books.available(userId));
      reindex.add(userId);
    }
    for (const userId of reindex) this.reindexUser(userId);
    for (const userId of b.books.touched) this.feed.balancesChanged(userId, [{ currency: 'USDT', account: 'contract' }]);
    for (const [userId, symbols] of b.touched) {
      const ids = [...b.orders.values()].filter((o) => o.userId === userId && symbols.has(o.symbol)).map((o) => o.id);
      this.feed.message?.(userId, { channel: 'user', kind: 'futures', symbols: [...symbols], orders: ids } as never);
    }
    for (const [symbol, data] of this.data) data.published(b.publicTrades.get(symbol) ?? [], (b.candles.get(symbol) ?? new Map()).values());
  }

  /** Users with an open cross position (on `symbol`, or on any pair); kept by reindexUser, so a mark update does not scan every position. */
  crossUsers(symbol?: string): number[] {
    if (symbol) return [...(this.crossBySymbol.get(symbol) ?? [])];
    const users = new Set<number>();
    for (const set of this.crossBySymbol.values()) for (const userId of set) users.add(userId);
    return [...users];
  }

  /**
   * Re-reads, as committed, the contract balances of cross accounts (`userIds`, or all of them)
   * whose funds may have moved without a futures batch — a transfer, here or in another process —
   * and re-indexes their positions with it (adopt). An account the move changed is then checked at
   * once: cross positions are liquidated by the account's margin ratio, whatever the index said
   * before. A job, so it is ordered with the batches and never overwrites a newer figure.
   */
  async refreshCross(userIds: readonly number[] = this.crossUsers()): Promise<void> {
    const crossSymbol = (userId: number) => [...this.pairs.keys()].find((s) => {
      const p = this.positions.get(positionKey(userId, s));
      return p !== undefined && p.side !== 0 && p.mode === 'cross';
    });
    const wanted = userIds.filter((u) => crossSymbol(u) !== undefined);
    if (wanted.length === 0) return;
    const changed = await this.job(async (b) => {
      const rows = await b.tx.query<{ user_id: string | number; available: string }>(
        `select user_id, available::text as available from balance where currency = $1 and account = $2 and user_id = any($3::bigint[])`,
        [FUTURES_CURRENCY, FUTURES_ACCOUNT, wanted],
      );
      const found = new Map(rows.map((r) => [Number(r.user_id), toAtto(r.available)]));
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
    let cross = 0;
    for (const pair of this.pairs.keys()) {
      const p = this.positions.get(positionKey(userId, pair));
      if (p && p.side !== 0 && p.mode === 'cross') cross += 1;
    }
    if (cross > 1) this.multiCross.add(userId);
    else this.multiCross.delete(userId);
    for (const symbol of this.pairs.keys()) {
      const p = this.positions.get(positionKey(userId, symbol));
      let crossHere = this.crossBySymbol.get(symbol);
      if (!crossHere) this.crossBySymbol.set(symbol, (crossHere = new Set()));
      if (p && p.side !== 0 && p.mode === 'cross') crossHere.add(userId);
      else crossHere.delete(userId);
      if (!p) continue;
      const key = positionKey(p.userId, p.symbol);
      if (p.side === 0) this.index.remove(key);
      else this.index.set(key, p.symbol, p.side, liquidationCheck(this, undefined, p).price);
    }
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
