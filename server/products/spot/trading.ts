import type { PlaceSpotOrder, SpotFeeRate, SpotOrder, SpotOrderDetail } from '../../../domain/spotOrders.js';
import type { Page, RecordDays } from '../../../domain/wallet.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { fail, PLACE_REFUSALS, placeRefusal, type SpotOutcome } from './outcome.js';
import type { CancelRestriction, SpotMarket } from './spotMarket.js';
import { decimalToUnits } from '../../kernel/exchange/market/units.js';
import type { TradableMarket } from './remoteMarket.js';
import { MarketUnavailable } from '../../kernel/cluster/shards/commandClient.js';
import { submissionKey } from '../../kernel/platform/idempotency.js';
import { userSpotRate } from './fees.js';
import { coalescedOrderReader, fillsInWindow, listCurrentOrders, listHistoryOrders, orderDetailOf, ordersInWindow, type ListWindow, type OrderFill } from './orderViews.js';
import { checkPlace, readPairMinimums, type PairMinimums } from './placeRequest.js';
import { cacheVersion } from '../../kernel/platform/caches.js';
import { PAIRS_CACHE } from '../../kernel/platform/catalogue.js';
import { intake, type PlaceIntent } from './pipeline/intake.js';
import { outsideBand } from './pipeline/record.js';
import type { SpotStops } from './stops.js';

/**
 * The running markets by symbol ("BTC_USDT"): here, or in a market process. A lazy view, since
 * markets start after the HTTP app is built.
 */
export interface SpotMarkets {
  market(symbol: string): TradableMarket | undefined;
  /** The market running here whose book rests the order now, if one does. */
  holding(orderId: number): SpotMarket | undefined;
}

export type { SpotOutcome } from './outcome.js';

/**
 * A market process that could not be asked (nothing changed) or did not answer (the order may have
 * been placed or cancelled): a refusal that says which, instead of a system error.
 */
async function orUnavailable<T>(work: () => Promise<SpotOutcome<T>>): Promise<SpotOutcome<T>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MarketUnavailable) return fail(error.maybeDone ? 'spotMarketNoAnswer' : 'spotMarketUnavailable');
    throw error;
  }
}

/** Idempotency scope of order placing (server/kernel/platform/idempotency.ts). */
export const PLACE_SCOPE = 'spot_place';

/** How a caller other than the browser places (the Binance dialect, products/binance, through the `spotTrading` offer). */
export interface PlaceOptions {
  /**
   * Deduplicate by `idempotencyKey` alone: without one every submission is a new order, as on
   * Binance, where only `newClientOrderId` deduplicates (a bot may mean two identical orders). The
   * browser's rule, a key derived from the body for 2 s, stays the default.
   */
  keyedOnly?: boolean;
  /** A market buy of the base `quantity`, bounded by the buyer's available quote, instead of an `amount` to spend (checkPlace). */
  marketBuyByQuantity?: boolean;
}

export interface SpotTrading {
  /** The user's own maker and taker rates in `symbol` (their tier's, or their override), or in the spot default. */
  feeRate(userId: number, symbol?: string): Promise<SpotFeeRate>;
  /** Places an order for `userId`; `idempotencyKey` is the request's Idempotency-Key header. */
  place(userId: number, body: PlaceSpotOrder, idempotencyKey: unknown, options?: PlaceOptions): Promise<SpotOutcome<SpotOrder>>;
  /**
   * Whether `place` would take the order, by its own checks and the price band, placing nothing:
   * no key claimed, nothing frozen; the balance is not checked (Binance's order/test).
   */
  check(userId: number, body: PlaceSpotOrder, options?: PlaceOptions): Promise<SpotOutcome<null>>;
  /**
   * Cancels an open order; `only`: only one untouched (`new`) or only one partly filled (`partial`),
   * judged by the market in the batch that cancels it (no fill between), else `spotCancelRestricted`.
   */
  cancel(userId: number, orderId: number, only?: CancelRestriction['only']): Promise<SpotOutcome<SpotOrder>>;
  current(userId: number, query: { page: number; size?: number; symbol?: string }): Promise<Page<SpotOrder>>;
  history(userId: number, query: { days: RecordDays; page: number; size?: number; symbol?: string; currency?: string }): Promise<Page<SpotOrder>>;
  detail(userId: number, orderId: number): Promise<SpotOutcome<SpotOrderDetail>>;
  /** The user's orders in one pair, any status and age, in a window (the Binance dialect's allOrders: orderViews.ts ListWindow). */
  ordersInWindow(userId: number, window: ListWindow): Promise<SpotOrder[]>;
  /** The fills of the user's orders in one pair, in a window of trade ids or times (the Binance dialect's myTrades). */
  fillsInWindow(userId: number, window: ListWindow & { orderId?: number }): Promise<OrderFill[]>;
  /** Stop-limit and OCO orders (stops.ts), where this process offers them. */
  stops?: SpotStops;
}

/** User spot trading over the live markets: the calls behind /api/spot/* (docs/API.md "Spot orders"). */
export function spotTrading({
  db,
  markets,
  clock = Date.now,
  pairStatusMs = 1000,
  stops,
}: {
  db: Database;
  markets: SpotMarkets;
  clock?: () => number;
  /** How long a pair's trading switch and minimums are remembered while changes may go unheard (0: read for every order). */
  pairStatusMs?: number;
  stops?: SpotStops;
}): SpotTrading {
  /**
   * A pair's trading switch and minimums: they can be changed at runtime (in the database), and
   * re-reading them for every order cost a round trip on the hot path, so they are held until a
   * change is heard (any process's, kernel/platform/caches.ts), or `pairStatusMs` where none can be.
   */
  const orderOf = coalescedOrderReader(db);
  const statuses = new Map<string, { readAt: number; version: number | undefined; row: PairMinimums | undefined }>();
  async function pairStatus(left: string, right: string): Promise<PairMinimums | undefined> {
    const key = `${left}_${right}`;
    const known = statuses.get(key);
    const now = Date.now();
    // Held until any process changes a pair (a halt, a delisting: kernel/platform/caches.ts); while
    // changes may go unheard, for pairStatusMs at most.
    const version = pairStatusMs > 0 ? cacheVersion(db, PAIRS_CACHE) : undefined;
    if (known && (version !== undefined ? known.version === version : now - known.readAt < pairStatusMs)) return known.row;
    const row = await readPairMinimums(db, { left, right });
    // Only listed pairs are remembered, so junk symbols cannot grow the map.
    if (markets.market(key)) statuses.set(key, { readAt: now, version, row });
    return row;
  }

  /** The market of a listed pair that is open for trading now, with its minimums. */
  async function tradable(symbol: string): Promise<{ market: TradableMarket; minimums: PairMinimums } | undefined> {
    const [left = '', right = ''] = symbol.toUpperCase().split('_');
    const market = markets.market(`${left}_${right}`);
    const row = market && (await pairStatus(left, right));
    return market && row ? { market, minimums: row } : undefined;
  }

  /**
   * What placing checks before it claims a key or freezes anything: the pair trading and not halted,
   * the order's own rules (checkPlace), and intake into the engine's units. Its balance is the
   * record stage's, under the batch's locks.
   */
  async function admit(userId: number, body: PlaceSpotOrder, options: PlaceOptions): Promise<SpotOutcome<{ market: TradableMarket; intent: PlaceIntent }>> {
    const open = await tradable(body.symbol);
    if (!open) return fail('spotPairNotTrading');
    const { market, minimums } = open;
    if (minimums.haltedReason) return fail('spotMarketHalted', { symbol: market.spec.symbol, reason: minimums.haltedReason });
    const checked = checkPlace(body, market.spec, minimums, options);
    if (!checked.ok) return fail(checked.key, checked.vars);
    const taken = intake(market.spec, { ...checked.request, userId });
    if (!taken.ok) return fail(PLACE_REFUSALS[taken.reason]);
    return { ok: true, data: { market, intent: taken.intent } };
  }

  /**
   * A cancel with a restriction: the row for the order's own quantity (it never changes), then the
   * market judges the restriction and cancels in one step of its batch; an order no longer open has
   * met neither restriction.
   */
  async function restrictedCancel(userId: number, orderId: number, only: CancelRestriction['only']): Promise<SpotOutcome<SpotOrder>> {
    const order = await orderOf(userId, orderId);
    if (!order) return fail('spotOrderNotFound');
    if (order.status !== 1 && order.status !== 2) return fail('spotCancelRestricted');
    const market = markets.market(order.symbol);
    const quantity = market && decimalToUnits(order.quantity, market.spec.amountPrecision);
    if (!market || quantity === undefined) return fail('spotPairNotTrading');
    // Not resting any more (filled or cancelled since the read above) meets neither restriction either.
    const cancelled = await market.cancel(userId, orderId, { only, quantity });
    if (!cancelled.ok) return fail('spotCancelRestricted');
    return { ok: true, data: cancelled.order ?? (await orderOf(userId, orderId))! };
  }

  return {
    ...(stops ? { stops } : {}),
    feeRate: (userId, symbol) => userSpotRate(db, userId, symbol ?? '*'),

    place: (userId, body, idempotencyKey, options = {}) => orUnavailable(async () => {
      const admitted = await admit(userId, body, options);
      if (!admitted.ok) return admitted;
      const { market, intent } = admitted.data;
      const unkeyed = options.keyedOnly && idempotencyKey === undefined;
      // A header key's body, as its fields read (not hashed: the hot path), for a repeat to match.
      const fingerprint =
        idempotencyKey === undefined ? undefined : JSON.stringify([market.spec.symbol, body.side, body.type, body.price, body.quantity, body.amount, body.time_in_force, options.marketBuyByQuantity === true]);
      const submission = unkeyed ? undefined : { scope: PLACE_SCOPE, key: submissionKey(PLACE_SCOPE, idempotencyKey, { ...body, symbol: market.spec.symbol }, fingerprint) };
      const outcome = await market.placeIntent(submission ? { ...intent, submission } : intent);
      if (!outcome.ok) return placeRefusal(market.spec, outcome);
      // The order as its batch's statements wrote it; a repeated submission's order is read.
      const order = outcome.order ?? (await orderOf(userId, outcome.orderId));
      return order ? { ok: true, data: order } : fail('spotOrderNotFound');
    }),

    async check(userId, body, options = {}) {
      const admitted = await admit(userId, body, options);
      if (!admitted.ok) return admitted;
      const { market, intent } = admitted.data;
      // The band as the record stage will judge it, where the market runs here (remoteMarket.ts).
      const band = market.priceBand?.();
      if (band && outsideBand(band, intent.command)) return placeRefusal(market.spec, { ok: false, reason: 'outsideBand', band });
      return { ok: true, data: null };
    },

    cancel: (userId, orderId, only) => orUnavailable(async () => {
      if (only) return restrictedCancel(userId, orderId, only);
      // An order resting in a book is open: it is cancelled there without reading its row first
      // (the engine checks the owner too). Any other case reads the row for its answer.
      const book = markets.holding(orderId);
      if (book?.restingOwner(orderId) === userId) {
        const cancelled = await book.cancel(userId, orderId);
        if (cancelled.ok) return { ok: true, data: cancelled.order ?? (await orderOf(userId, orderId))! };
      }
      const order = await orderOf(userId, orderId);
      if (!order) return fail('spotOrderNotFound');
      if (order.status !== 1 && order.status !== 2) return fail('spotOrderNotOpen');
      const market = markets.market(order.symbol);
      if (!market) return fail('spotPairNotTrading');
      // The engine refuses an order that finished since the read above (filled meanwhile).
      const cancelled = await market.cancel(userId, orderId);
      if (!cancelled.ok) return fail('spotOrderNotOpen');
      return { ok: true, data: cancelled.order ?? (await orderOf(userId, orderId))! };
    }),

    current: (userId, query) => listCurrentOrders(db, userId, { ...query, symbol: query.symbol?.toUpperCase() }),
    history: (userId, query) =>
      listHistoryOrders(db, userId, { ...query, symbol: query.symbol?.toUpperCase(), currency: query.currency?.toUpperCase() }, clock()),

    async detail(userId, orderId) {
      const detail = await orderDetailOf(db, userId, orderId);
      return detail ? { ok: true, data: detail } : fail('spotOrderNotFound');
    },
    ordersInWindow: (userId, window) => ordersInWindow(db, userId, { ...window, symbol: window.symbol.toUpperCase() }),
    fillsInWindow: (userId, window) => fillsInWindow(db, userId, { ...window, symbol: window.symbol.toUpperCase() }),
  };
}
