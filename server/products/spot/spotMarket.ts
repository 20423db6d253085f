import { KLINE_INTERVALS } from '../../../src/domain/constants.js';
import { depthChannel, klineChannel, tradeChannel, type DepthMessage, type KlineBar, type Level, type PublicTrade } from '../../../src/domain/market.js';
import { claim, remember, type SubmissionKey } from '../../kernel/idempotency.js';
import { changeBalance, InsufficientFunds } from '../../kernel/ledger/ledger.js';
import { feeUnits, ratesFor, type FeeRates } from './fees.js';
import { systemAccountId } from '../../kernel/ledger/systemAccounts.js';
import type { Database, Queryable } from '../../kernel/db/database.js';
import { CandleBuilder, type Candle } from '../../kernel/exchange/market/candles.js';
import { RollingDayStats } from '../../kernel/exchange/market/rollingStats.js';
import { decimalToUnits, unitsToDecimal } from '../../kernel/exchange/market/units.js';
import { silentUserFeed, type UserFeed } from '../../kernel/realtime/userFeed.js';
import { validatePlace } from '../../kernel/exchange/matching/rules.js';
import { CancelReason, RejectReason, type BookLevel, type EngineEvent, type OrderBookEngine, type PlaceCommand, type RestingOrder, type SelfTradePrevention, type Side, type TimeInForce } from '../../kernel/exchange/matching/types.js';
import { amountText, priceText, quoteText, type PairSpec } from '../../kernel/exchange/pairSpec.js';
import type { MarketPublisher } from '../../kernel/exchange/publisher.js';

export const DEPTH_LEVELS = 50;
/** Decimal places a fee keeps beyond the pair's price/amount units. */
export const FEE_EXTRA_DECIMALS = 3;
const TRADE_HISTORY = 50;

export interface PlaceOrderRequest {
  userId: number;
  side: Side;
  type: 'limit' | 'market';
  /** Decimal strings in the pair's precision. */
  price?: string;
  quantity?: string;
  /** Market buys: the quote amount to spend (frozen up front). */
  quoteBudget?: string;
  tif?: TimeInForce;
  stp?: SelfTradePrevention;
  /**
   * The submission's idempotency key (server/kernel/idempotency.ts), claimed in the transaction that
   * records the order and freezes its funds: a repeat answers the first order and places nothing.
   */
  submission?: { scope: string; key: SubmissionKey };
}

export type PlaceOutcome =
  /** `repeated`: the key was already used; `orderId` is the first submission's order, `events` empty. */
  | { ok: true; orderId: number; events: EngineEvent[]; repeated?: boolean }
  | { ok: false; reason: 'invalidPrice' | 'invalidQuantity' | 'invalidBudget' | 'insufficientFunds' };

export type CancelOutcome = { ok: true } | { ok: false; reason: 'unknownOrder' };

interface OrderRow {
  id: number;
  user_id: number;
  side: Side;
  frozen: string;
}

/** What a trade owes the platform's fee account, credited at the end of the transaction. */
interface FeeIncome {
  currency: string;
  amount: string;
  tradeId: number;
}

/** Orders changed by one command, per user, for the private user channel. */
type TouchedOrders = Map<number, Set<number>>;

/**
 * One spot market. Commands run one at a time (a promise queue), each as: freeze funds and record
 * the order (transaction 1) → match in memory → apply the engine's events to orders, balances,
 * trades and candles (transaction 2) → publish. After a crash between the two transactions the
 * order is still open in the database with its funds frozen; `restore` replays open orders into a
 * fresh engine, so nothing acknowledged is lost. When transaction 2 (or the engine step) fails
 * while running, memory is ahead of the database (trades the engine made that were never written):
 * the market rebuilds itself the same way, from a fresh engine, before it takes another command.
 */
export class SpotMarket {
  private queue: Promise<unknown> = Promise.resolve();
  private candles = new CandleBuilder();
  private stats = new RollingDayStats();
  private engine: OrderBookEngine;
  private readonly freshEngine: () => OrderBookEngine;
  /**
   * Memory may disagree with the database (a failed transaction 2, or a rebuild under way or
   * failed): no depth goes out, and the next command rebuilds from the database first.
   */
  private stale = false;
  private trades: PublicTrade[] = [];
  private depthSeq = 0;
  private lastDepth: { bids: BookLevel[]; asks: BookLevel[] } = { bids: [], asks: [] };
  private lastPrice: number | undefined;
  /** The book changed since the last depth delta went out (see flushDepth). */
  private depthDirty = false;

  constructor(
    readonly spec: PairSpec,
    private readonly db: Database,
    /**
     * Makes the (empty) engines the book runs on: one now, another for each rebuild. An engine
     * instance also works; rebuilds then make new ones with its class's no-argument constructor.
     */
    engine: OrderBookEngine | (() => OrderBookEngine),
    private readonly publisher: MarketPublisher,
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
  }

  /** Runs `work` after every command queued before it. */
  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Runs a command after every one queued before it, on memory that agrees with the database. */
  private command<T>(work: () => Promise<T>): Promise<T> {
    return this.enqueue(async () => {
      // A rebuild failed earlier (the database was still unreachable): try again; if it fails
      // again this command fails with it rather than run against a book the database never saw.
      if (this.stale) await this.rebuild(true);
      return work();
    });
  }

  /**
   * Runs the part of a command that changes the book: the engine step and transaction 2. If
   * either throws, the engine may hold trades, fills or cancels the database rolled back, so the
   * market rebuilds itself from the database at once (or, if that fails too, before the next
   * command) and the caller gets the original error.
   */
  private async changeBook<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      this.stale = true;
      await this.rebuild(true).catch(() => undefined);
      throw error;
    }
  }

  place(request: PlaceOrderRequest): Promise<PlaceOutcome> {
    return this.command(() => this.doPlace(request));
  }

  cancel(userId: number, orderId: number): Promise<CancelOutcome> {
    return this.command(() =>
      this.changeBook(async (): Promise<CancelOutcome> => {
        const events: EngineEvent[] = [];
        this.engine.execute({ kind: 'cancel', orderId, accountId: userId }, events);
        if (events.some((e) => e.type === 'rejected')) return { ok: false, reason: 'unknownOrder' };
        await this.apply(events);
        return { ok: true };
      }),
    );
  }

  /** Waits for every queued command (used on shutdown and in tests). */
  idle(): Promise<void> {
    return this.enqueue(async () => undefined);
  }

  private toCommand(r: PlaceOrderRequest): { command: Omit<PlaceCommand, 'orderId'>; freeze: string; freezeCurrency: string } | PlaceOutcome {
    const { pricePrecision: pp, amountPrecision: ap } = this.spec;
    const tif = r.tif ?? (r.type === 'market' ? 'IOC' : 'GTC');
    const stp = r.stp ?? 'cancelTaker';
    const price = r.type === 'limit' ? decimalToUnits(r.price ?? '', pp) : 0;
    if (price === undefined || (r.type === 'limit' && price <= 0)) return { ok: false, reason: 'invalidPrice' };
    if (r.type === 'market' && r.side === 'buy') {
      const budget = decimalToUnits(r.quoteBudget ?? '', pp + ap);
      if (budget === undefined || budget <= 0) return { ok: false, reason: 'invalidBudget' };
      const quantity = r.quantity === undefined ? Number.MAX_SAFE_INTEGER : decimalToUnits(r.quantity, ap);
      if (quantity === undefined || quantity <= 0) return { ok: false, reason: 'invalidQuantity' };
      return {
        command: { kind: 'place', accountId: r.userId, side: 'buy', type: 'market', price: 0, quantity, tif, stp, quoteBudget: budget },
        freeze: quoteText(this.spec, budget),
        freezeCurrency: this.spec.right,
      };
    }
    const quantity = decimalToUnits(r.quantity ?? '', ap);
    if (quantity === undefined || quantity <= 0) return { ok: false, reason: 'invalidQuantity' };
    const command: Omit<PlaceCommand, 'orderId'> = { kind: 'place', accountId: r.userId, side: r.side, type: r.type, price, quantity, tif, stp };
    // The id is not known before the insert; any valid one lets the price and size checks run.
    const invalid = validatePlace({ ...command, orderId: 1 });
    if (invalid === RejectReason.invalidPrice || invalid === RejectReason.amountTooLarge) return { ok: false, reason: 'invalidPrice' };
    if (invalid === RejectReason.invalidQuantity) return { ok: false, reason: 'invalidQuantity' };
    return r.side === 'buy'
      ? { command, freeze: quoteText(this.spec, price * quantity), freezeCurrency: this.spec.right }
      : { command, freeze: amountText(this.spec, quantity), freezeCurrency: this.spec.left };
  }

  private async doPlace(request: PlaceOrderRequest): Promise<PlaceOutcome> {
    const prepared = this.toCommand(request);
    if ('ok' in prepared) return prepared;
    const { command, freeze, freezeCurrency } = prepared;
    const now = this.clock();
    const { submission } = request;
    let recorded: { orderId: number; repeated: boolean };
    try {
      recorded = await this.db.transaction(async (tx) => {
        if (submission) {
          const claimed = await claim<{ orderId: number }>(tx, request.userId, submission.scope, submission.key, now);
          if (!claimed.fresh) return { orderId: Number(claimed.response.orderId), repeated: true };
        }
        const [row] = await tx.query<{ id: number }>(
          `insert into spot_order (user_id, left_symbol, right_symbol, side, type, tif, price, quantity, quote_budget, frozen, created_ms, updated_ms, fee_currency)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12) returning id`,
          [
            request.userId,
            this.spec.left,
            this.spec.right,
            command.side,
            command.type,
            command.tif,
            priceText(this.spec, command.price),
            command.quantity === Number.MAX_SAFE_INTEGER ? unitsToDecimal(command.quantity, this.spec.amountPrecision) : amountText(this.spec, command.quantity),
            command.quoteBudget !== undefined ? quoteText(this.spec, command.quoteBudget) : null,
            freeze,
            now,
            command.side === 'buy' ? this.spec.left : this.spec.right,
          ],
        );
        const id = Number(row!.id);
        await changeBalance(tx, {
          userId: request.userId,
          currency: freezeCurrency,
          account: 'spot',
          available: `-${freeze}`,
          frozen: freeze,
          kind: 'order_freeze',
          refType: 'spot_order',
          refId: id,
        });
        if (submission) await remember(tx, request.userId, submission.key, { orderId: id });
        return { orderId: id, repeated: false };
      });
    } catch (error) {
      if (error instanceof InsufficientFunds) return { ok: false, reason: 'insufficientFunds' };
      throw error;
    }
    const { orderId } = recorded;
    if (recorded.repeated) return { ok: true, orderId, events: [], repeated: true };
    // Transaction 1 committed: from here on a failure leaves the order open with its funds frozen,
    // and the rebuild replays it like any other open order (a retry with the same key answers it).
    const events = await this.changeBook(async () => {
      const out: EngineEvent[] = [];
      this.engine.execute({ ...command, orderId }, out);
      await this.apply(out, true, new Map([[request.userId, new Set([orderId])]]));
      return out;
    });
    return { ok: true, orderId, events };
  }

  /**
   * Applies engine events to the database in one transaction, then publishes what changed and
   * tells the user feed whose orders and balances moved (`placed`: the order just recorded, which
   * changed even when the engine only rested it).
   */
  private async apply(events: EngineEvent[], publish = true, placed: TouchedOrders = new Map()): Promise<void> {
    const now = this.clock();
    const newTrades: PublicTrade[] = [];
    const touched = new Set<number>();
    const byUser: TouchedOrders = new Map(placed);
    const touch = (userId: number, orderId: number) => {
      touched.add(orderId);
      byUser.set(userId, (byUser.get(userId) ?? new Set()).add(orderId));
    };
    const candleUpdates = new Map<string, Candle>();
    const trades = events.filter((e): e is Extract<EngineEvent, { type: 'trade' }> => e.type === 'trade');
    const feeAccount = trades.length > 0 ? await systemAccountId(this.db, 'fees') : 0;
    await this.db.transaction(async (tx) => {
      await this.lockBalances(tx, events);
      const rates = trades.length > 0 ? await ratesFor(this.db, tx, trades.flatMap((t) => [t.makerAccountId, t.takerAccountId])) : new Map<number, FeeRates>();
      const incomes: FeeIncome[] = [];
      for (const e of events) {
        if (e.type === 'trade') {
          const trade = await this.applyTrade(tx, e, now, rates, incomes);
          newTrades.unshift(trade);
          touch(e.makerAccountId, e.makerOrderId);
          touch(e.takerAccountId, e.takerOrderId);
          const { updated } = this.candles.add({ time: now, price: e.price, quantity: e.quantity });
          for (const c of updated) candleUpdates.set(c.interval, c);
          this.stats.add({ time: now, price: e.price, quantity: e.quantity });
          this.lastPrice = e.price;
        } else if (e.type === 'cancelled' || e.type === 'rejected') {
          // A market buy that traded until less than one lot of its budget was left has spent it:
          // that is "fully traded" to the trader, not "cancelled" (the dust is released below).
          const budgetSpent = e.type === 'cancelled' && e.reason === CancelReason.budget;
          await tx.query(`update spot_order set status = case when $3::boolean and filled > 0 then 3 else 4 end, updated_ms = $2 where id = $1`, [e.orderId, now, budgetSpent]);
          touch(e.accountId, e.orderId);
        }
      }
      await this.releaseFinished(tx, [...touched], now);
      for (const c of candleUpdates.values()) await this.saveCandle(tx, c);
      await this.creditFees(tx, feeAccount, incomes);
    });
    if (!publish) return;
    this.notify(byUser);
    if (newTrades.length > 0) {
      this.trades = [...newTrades, ...this.trades].slice(0, TRADE_HISTORY);
      this.publisher.publish(tradeChannel(this.spec.left, this.spec.right), { kind: 'update', trades: newTrades });
      for (const c of candleUpdates.values()) {
        this.publisher.publish(klineChannel(this.spec.left, this.spec.right, c.interval), { interval: c.interval, bar: this.bar(c) });
      }
    }
    this.depthDirty = true;
  }

  /**
   * One trade: frozen quote and base change hands, then each side pays its fee out of what it
   * received (buyer in base, seller in quote, rounded down to the pair's units; see
   * app/spot/fees.ts). The fees are owed to the platform, credited once all trades are written.
   */
  private async applyTrade(
    tx: Queryable,
    e: Extract<EngineEvent, { type: 'trade' }>,
    now: number,
    rates: Map<number, FeeRates>,
    incomes: FeeIncome[],
  ): Promise<PublicTrade> {
    const { left, right, amountPrecision: ap, pricePrecision: pp } = this.spec;
    const lots = BigInt(e.quantity);
    const quoteUnits = BigInt(e.price) * lots;
    const base = unitsToDecimal(lots, ap);
    const quote = unitsToDecimal(quoteUnits, pp + ap);
    const takerBuys = e.takerSide === 'buy';
    const rate = (user: number, role: 'maker' | 'taker') => rates.get(user)?.[role] ?? { numerator: 0n, scale: 0 };
    const buyer = takerBuys ? { user: e.takerAccountId, order: e.takerOrderId, role: 'taker' as const } : { user: e.makerAccountId, order: e.makerOrderId, role: 'maker' as const };
    const seller = takerBuys ? { user: e.makerAccountId, order: e.makerOrderId, role: 'maker' as const } : { user: e.takerAccountId, order: e.takerOrderId, role: 'taker' as const };
    // Fees are kept FEE_EXTRA_DECIMALS finer than the pair's units, so a small fill still pays its
    // fee (0.1 % of 0.00166 BTC is 0.00000166 BTC, not 0); still rounded down, never up.
    const finer = 10n ** BigInt(FEE_EXTRA_DECIMALS);
    const buyerFee = unitsToDecimal(feeUnits(lots * finer, rate(buyer.user, buyer.role)), ap + FEE_EXTRA_DECIMALS);
    const sellerFee = unitsToDecimal(feeUnits(quoteUnits * finer, rate(seller.user, seller.role)), pp + ap + FEE_EXTRA_DECIMALS);
    const [row] = await tx.query<{ id: number }>(
      `insert into spot_trade (left_symbol, right_symbol, price, quantity, taker_side, maker_order_id, taker_order_id, maker_user_id, taker_user_id, created_ms, maker_fee, taker_fee)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
      [
        left,
        right,
        priceText(this.spec, e.price),
        base,
        e.takerSide,
        e.makerOrderId,
        e.takerOrderId,
        e.makerAccountId,
        e.takerAccountId,
        now,
        takerBuys ? sellerFee : buyerFee,
        takerBuys ? buyerFee : sellerFee,
      ],
    );
    const tradeId = Number(row!.id);
    const ref = { account: 'spot' as const, refType: 'spot_trade', refId: tradeId };
    await changeBalance(tx, { ...ref, userId: buyer.user, currency: right, available: '0', frozen: `-${quote}`, kind: 'trade_pay' });
    await changeBalance(tx, { ...ref, userId: buyer.user, currency: left, available: base, frozen: '0', kind: 'trade_receive' });
    await changeBalance(tx, { ...ref, userId: seller.user, currency: left, available: '0', frozen: `-${base}`, kind: 'trade_pay' });
    await changeBalance(tx, { ...ref, userId: seller.user, currency: right, available: quote, frozen: '0', kind: 'trade_receive' });
    if (buyerFee !== '0') {
      await changeBalance(tx, { ...ref, userId: buyer.user, currency: left, available: `-${buyerFee}`, frozen: '0', kind: 'trade_fee' });
      incomes.push({ currency: left, amount: buyerFee, tradeId });
    }
    if (sellerFee !== '0') {
      await changeBalance(tx, { ...ref, userId: seller.user, currency: right, available: `-${sellerFee}`, frozen: '0', kind: 'trade_fee' });
      incomes.push({ currency: right, amount: sellerFee, tradeId });
    }
    const fill = `update spot_order set filled = filled + $2::numeric, filled_quote = filled_quote + $3::numeric, frozen = frozen - $4::numeric,
                  fee = fee + $6::numeric, status = case when filled + $2::numeric >= quantity then 3 else 2 end, updated_ms = $5 where id = $1`;
    await tx.query(fill, [buyer.order, base, quote, quote, now, buyerFee]);
    await tx.query(fill, [seller.order, base, quote, base, now, sellerFee]);
    return { id: tradeId, time: now, price: priceText(this.spec, e.price), quantity: base, side: e.takerSide };
  }

  /**
   * Locks every spot balance row the events can touch (each involved user's base and quote), in
   * one canonical order (user, currency), before changing any. Without it two pairs trading between
   * the same users at once take their USDT rows in opposite orders and deadlock, and every
   * rolled-back apply costs a rebuild of the book from the database (see changeBook).
   */
  private async lockBalances(tx: Queryable, events: EngineEvent[]): Promise<void> {
    const users = new Set<number>();
    for (const e of events) {
      if (e.type === 'trade') users.add(e.makerAccountId).add(e.takerAccountId);
      else if (e.type === 'cancelled' || e.type === 'rejected') users.add(e.accountId);
    }
    if (users.size === 0) return;
    await tx.query(
      `select 1 from balance where account = 'spot' and user_id = any($1::bigint[]) and currency = any($2::text[])
       order by user_id, currency for update`,
      [[...users], [this.spec.left, this.spec.right]],
    );
  }

  /**
   * Credits the platform's fee account, last in the transaction and in currency order: every
   * transaction takes these shared rows in the same order and after its users' rows, so pairs
   * trading at once cannot deadlock on them.
   */
  private async creditFees(tx: Queryable, feeAccount: number, incomes: FeeIncome[]): Promise<void> {
    const ordered = [...incomes].sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : a.tradeId - b.tradeId));
    for (const income of ordered) {
      await changeBalance(tx, {
        userId: feeAccount,
        currency: income.currency,
        account: 'spot',
        available: income.amount,
        frozen: '0',
        kind: 'fee_income',
        refType: 'spot_trade',
        refId: income.tradeId,
      });
    }
  }

  /** After a commit: each touched user's orders and the pair's two spot balances (never the fee account's). */
  private notify(byUser: TouchedOrders): void {
    const rows = [
      { currency: this.spec.left, account: 'spot' as const },
      { currency: this.spec.right, account: 'spot' as const },
    ];
    for (const [userId, orderIds] of byUser) {
      this.userFeed.ordersChanged(userId, [...orderIds]);
      this.userFeed.balancesChanged(userId, rows);
    }
  }

  /**
   * An order that is done (fully traded, cancelled or refused) gives back whatever it still holds
   * frozen: the unused part of a buy's limit or budget, or a cancelled remainder.
   */
  private async releaseFinished(tx: Queryable, orderIds: number[], now: number): Promise<void> {
    if (orderIds.length === 0) return;
    const done = await tx.query<OrderRow>(
      `select id, user_id, side, trim_scale(frozen)::text as frozen from spot_order
       where id = any($1::bigint[]) and status in (3, 4) and frozen > 0 order by id`,
      [orderIds],
    );
    for (const o of done) {
      await changeBalance(tx, {
        userId: o.user_id,
        currency: o.side === 'buy' ? this.spec.right : this.spec.left,
        account: 'spot',
        available: o.frozen,
        frozen: `-${o.frozen}`,
        kind: 'order_unfreeze',
        refType: 'spot_order',
        refId: o.id,
      });
      await tx.query('update spot_order set frozen = 0, updated_ms = $2 where id = $1', [o.id, now]);
    }
  }

  private async saveCandle(tx: Queryable, c: Candle): Promise<void> {
    const bar = this.bar(c);
    await tx.query(
      `insert into candle (left_symbol, right_symbol, interval, open_time, open, high, low, close, amount, vol, count, source)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'trades')
       on conflict (left_symbol, right_symbol, interval, open_time) do update set
         high = greatest(candle.high, excluded.high), low = least(candle.low, excluded.low), close = excluded.close,
         amount = excluded.amount, vol = excluded.vol, count = excluded.count, source = 'trades'`,
      [this.spec.left, this.spec.right, c.interval, c.openTime, bar.open, bar.high, bar.low, bar.close, bar.amount, bar.vol, bar.count],
    );
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

  /**
   * Publishes one depth delta for everything that changed since the last one: the levels that
   * differ, with quantity "0" for levels that went away. Called on a short timer by the market
   * service, so a burst of orders costs subscribers one message, not one per order.
   */
  flushDepth(): void {
    // While stale the engine may show trades that never happened: publish nothing. After the
    // rebuild the delta is taken against `lastDepth`, the book subscribers last saw, so it
    // corrects whatever phantom levels went out in between.
    if (!this.depthDirty || this.stale) return;
    this.depthDirty = false;
    const next = this.engine.depth(DEPTH_LEVELS);
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
    this.publisher.publish(depthChannel(this.spec.left, this.spec.right), message);
  }

  depthSnapshot(): Omit<DepthMessage, 'channel'> {
    return { kind: 'snapshot', seq: this.depthSeq, bids: this.levels(this.lastDepth.bids), asks: this.levels(this.lastDepth.asks) };
  }

  tradesSnapshot(): { kind: 'snapshot'; trades: PublicTrade[] } {
    return { kind: 'snapshot', trades: this.trades };
  }

  liveBar(interval: (typeof KLINE_INTERVALS)[number]): KlineBar | undefined {
    const c = this.candles.live(interval);
    return c && this.bar(c);
  }

  /** 24h figures for the tick, in integer units; undefined before any trade. */
  dayStats(now = this.clock()) {
    return this.stats.at(now);
  }

  lastTradePrice(): number | undefined {
    return this.lastPrice;
  }

  bestBid(): number | undefined {
    return this.engine.bestBid();
  }

  /** One account's resting orders (the market maker reconciles its ladder against these). */
  restingOrdersOf(accountId: number): RestingOrder[] {
    return this.engine.orders().filter((o) => o.accountId === accountId);
  }

  bestAsk(): number | undefined {
    return this.engine.bestAsk();
  }

  /**
   * Rebuilds memory from the database after a start: recent trades (24h statistics, the latest
   * trades list, candles in progress), then every open order replayed into the engine in id
   * order, which restores price-time priority. Orders that cross on replay (a crash between
   * freezing and matching) trade now, and their events are applied like any others.
   */
  restore(): Promise<void> {
    return this.enqueue(() => this.rebuild(false));
  }

  /**
   * The body of `restore`, run inside the queue: a fresh engine, candles and statistics filled from
   * the database. `publish`: a rebuild while running, whose subscribers hold the book as of the
   * last depth delta; the next flush sends them the difference (and trades the replay makes go
   * out as usual). On start nobody has subscribed yet, so the rebuilt book becomes the snapshot.
   */
  private async rebuild(publish: boolean): Promise<void> {
    this.stale = true;
    this.engine = this.freshEngine();
    this.candles = new CandleBuilder();
    this.stats = new RollingDayStats();
    this.lastPrice = undefined;
    const since = this.clock() - 86_400_000;
    const recent = await this.db.query<{ id: number; price: string; quantity: string; taker_side: Side; created_ms: number }>(
      `select id, trim_scale(price)::text as price, trim_scale(quantity)::text as quantity, taker_side, created_ms
       from spot_trade where left_symbol = $1 and right_symbol = $2 and created_ms >= $3 order by id`,
      [this.spec.left, this.spec.right, since],
    );
    for (const t of recent) {
      const price = decimalToUnits(t.price, this.spec.pricePrecision)!;
      const quantity = decimalToUnits(t.quantity, this.spec.amountPrecision)!;
      this.stats.add({ time: Number(t.created_ms), price, quantity });
      this.lastPrice = price;
    }
    this.trades = recent
      .slice(-TRADE_HISTORY)
      .reverse()
      .map((t) => ({ id: t.id, time: Number(t.created_ms), price: t.price, quantity: t.quantity, side: t.taker_side }));
    const live = await this.db.query<{ interval: string; open_time: number; open: string; high: string; low: string; close: string; amount: string; vol: string; count: number }>(
      `select distinct on (interval) interval, open_time, trim_scale(open)::text as open, trim_scale(high)::text as high, trim_scale(low)::text as low,
         trim_scale(close)::text as close, trim_scale(amount)::text as amount, trim_scale(vol)::text as vol, count
       from candle where left_symbol = $1 and right_symbol = $2 order by interval, open_time desc`,
      [this.spec.left, this.spec.right],
    );
    const { pricePrecision: pp, amountPrecision: ap } = this.spec;
    for (const c of live) {
      this.candles.restore({
        interval: c.interval as Candle['interval'],
        openTime: Number(c.open_time),
        open: decimalToUnits(c.open, pp)!,
        high: decimalToUnits(c.high, pp)!,
        low: decimalToUnits(c.low, pp)!,
        close: decimalToUnits(c.close, pp)!,
        amount: decimalToUnits(c.amount, ap) ?? 0,
        vol: BigInt(decimalToUnits(c.vol, pp + ap) ?? 0),
        count: c.count,
      });
      if (this.lastPrice === undefined && c.interval === '1min') this.lastPrice = decimalToUnits(c.close, pp);
    }
    const open = await this.db.query<{ id: number; user_id: number; side: Side; type: 'limit' | 'market'; tif: TimeInForce; price: string; quantity: string; filled: string }>(
      `select id, user_id, side, type, tif, trim_scale(price)::text as price, trim_scale(quantity)::text as quantity, trim_scale(filled)::text as filled
       from spot_order where left_symbol = $1 and right_symbol = $2 and status in (1, 2) order by id`,
      [this.spec.left, this.spec.right],
    );
    const events: EngineEvent[] = [];
    for (const o of open) {
      const remaining = decimalToUnits(o.quantity, ap)! - decimalToUnits(o.filled, ap)!;
      if (o.type === 'market' || o.tif !== 'GTC' || remaining <= 0) {
        // Never rests: it was interrupted mid-flight, so it ends now, giving back what it holds.
        events.push({ type: 'cancelled', orderId: o.id, accountId: o.user_id, remaining, reason: CancelReason.unfilled });
        continue;
      }
      this.engine.execute(
        { kind: 'place', orderId: o.id, accountId: o.user_id, side: o.side, type: 'limit', price: decimalToUnits(o.price, pp)!, quantity: remaining, tif: 'GTC', stp: 'cancelTaker' },
        events,
      );
    }
    await this.apply(events, publish);
    this.stale = false;
    if (publish) this.depthDirty = true;
    else this.lastDepth = this.engine.depth(DEPTH_LEVELS);
  }
}
