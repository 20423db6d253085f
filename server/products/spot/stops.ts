import { priceText } from '../../kernel/exchange/pairSpec.js';
import { toFixedDecimal } from '../../../domain/decimal.js';
import { fx, fxText } from '../../../domain/fx.js';
import { SpotStopStatus, type PlaceSpotStop, type SpotOrder, type SpotStop } from '../../../domain/spotOrders.js';
import type { Page } from '../../../domain/wallet.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import { decimalToUnits } from '../../kernel/exchange/market/units.js';
import { once, submissionKey, type SubmissionKey } from '../../kernel/platform/idempotency.js';
import { changeBalance, InsufficientFunds } from '../../kernel/platform/ledger/ledger.js';
import { silentUserFeed, type UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import { notify } from '../../kernel/platform/notifications/notify.js';
import { NOTICE_PUSH } from '../../../domain/informHelp.js';
import { MAX_PAGE_SIZE } from './orderViews.js';
import { intake, type PlaceIntent } from './pipeline/intake.js';
import { checkPlace, checkTrigger, readPairMinimums } from './placeRequest.js';
import type { SpotMarket } from './spotMarket.js';
import { bandVars, fail, PLACE_REFUSALS, placeRefusal, type SpotOutcome } from './outcome.js';
import { STOP_COLUMNS, stopHistoryPage, toStop, type StopRow } from './stopRows.js';

/**
 * Spot stop-limit orders and OCO (docs/API.md "Stop-limit and OCO"), the spot counterpart of the
 * futures TP/SL plans (futures/plans.ts): a row per stop (spot_stop, migration 028), an index of
 * the waiting stops per pair in memory, checked after every batch that traded against the pair's
 * LAST trade price, and firing by placing the stop's limit order through the normal pipeline.
 *
 * Funds: a stop freezes what its order will need when it is placed (ledger `stop_freeze`), so they
 * cannot be spent twice while it waits; the order it places takes that freeze over (the intent's
 * `preFrozen`: the record stage moves nothing for it). An OCO's limit leg is an ordinary order with
 * its own freeze; its stop freezes only what the stop leg needs beyond that (a sell: nothing; a buy:
 * the difference of the prices), and on triggering cancels the leg first, so the leg's released
 * funds cover the rest.
 *
 * Exactly once: a stop is claimed (status 1 → 2) before it places, and it places under the
 * idempotency key `spot_stop:<id>`; a restart re-places a claimed stop without an order under the
 * same key, which answers the first placement if there was one. Stops are watched by the process
 * that runs their pair's market (`watch`), and rebuilt there from their committed rows on start.
 */
export interface SpotStops {
  place(userId: number, body: PlaceSpotStop, idempotencyKey: unknown): Promise<SpotOutcome<SpotStop>>;
  cancel(userId: number, stopId: number): Promise<SpotOutcome<SpotStop>>;
  /** Waiting stops, and triggered ones whose order is not placed yet or still open; newest first. */
  current(userId: number, query: { page: number; size?: number; symbol?: string }): Promise<Page<SpotStop>>;
  /**
   * Stops that are over (issue 50 M11): cancelled (by the user, or with their OCO's limit leg),
   * failed, or triggered with their order finished; placed in the last `days`; newest first.
   */
  history(userId: number, query: { page: number; size?: number; symbol?: string; days: number }): Promise<Page<SpotStop>>;
  /** Watches a market running here: loads its stops from the database and fires what its last price has reached. */
  watch(market: SpotMarket): Promise<void>;
  /** Waits for the stop work queued so far (firing, OCO cancels); tests and shutdown. */
  idle(): Promise<void>;
}

export const STOP_SCOPE = 'spot_stop';

interface Waiting {
  id: number;
  userId: number;
  side: 'buy' | 'sell';
  /** In the pair's price units. */
  trigger: number;
  price: string;
  quantity: string;
  frozen: string;
  ocoOrderId: number | null;
}



/** Whether a stop fires at this last price: a buy at or above its trigger, a sell at or below. */
export const stopFires = (side: 'buy' | 'sell', trigger: number, last: number | undefined): boolean =>
  last !== undefined && (side === 'buy' ? last >= trigger : last <= trigger);

/** The key a stop places its order (or an OCO its limit leg) under: the same on every attempt. */
const derivedKey = (kind: 'order' | 'leg', stopId: number): SubmissionKey => ({ key: `${STOP_SCOPE}:${kind}:${stopId}`, windowMs: undefined });

export function spotStops({ db, local, clock = Date.now, log = () => undefined, userFeed = silentUserFeed }: {
  db: Database;
  /** Where a stop's freeze and release are told to its owner's sockets, after the commit. */
  userFeed?: UserFeed;
  /** The market of a pair running in this process (stops are offered only there). */
  local: (symbol: string) => SpotMarket | undefined;
  clock?: () => number;
  log?: (error: unknown) => void;
}): SpotStops {
  /** Waiting stops by pair, then by id; OCO limit legs to their stop. */
  const waiting = new Map<string, Map<number, Waiting>>();
  const legs = new Map<number, { symbol: string; stopId: number }>();
  let queue: Promise<void> = Promise.resolve();
  const later = (work: () => Promise<void>) => {
    queue = queue.then(work).catch(log);
  };

  const index = (symbol: string, w: Waiting) => {
    let pair = waiting.get(symbol);
    if (!pair) waiting.set(symbol, (pair = new Map()));
    pair.set(w.id, w);
    if (w.ocoOrderId !== null) legs.set(w.ocoOrderId, { symbol, stopId: w.id });
  };
  const unindex = (symbol: string, id: number): Waiting | undefined => {
    const w = waiting.get(symbol)?.get(id);
    if (!w) return undefined;
    waiting.get(symbol)!.delete(id);
    if (w.ocoOrderId !== null) legs.delete(w.ocoOrderId);
    return w;
  };

  async function rowOf(q: Queryable, stopId: number, userId?: number): Promise<SpotStop | undefined> {
    const [row] = await q.query<StopRow>(`select ${STOP_COLUMNS} from spot_stop s where s.id = $1 and ($2::bigint is null or s.user_id = $2)`, [stopId, userId ?? null]);
    return row && toStop(row);
  }

  /** Ends a stop that is still `from` (waiting, or triggered without an order), giving its freeze back. */
  async function end(stopId: number, from: 1 | 2, status: 3 | 4, note: string): Promise<boolean> {
    let released: { userId: number; currency: string } | undefined;
    const ended = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ user_id: string; frozen: string; freeze_currency: string }>(
        `update spot_stop set status = $2, note = $3, updated_ms = $4 where id = $1 and status = $5 returning user_id, trim_scale(frozen)::text as frozen, freeze_currency`,
        [stopId, status, note, clock(), from],
      );
      if (!row) return false;
      if (fx(row.frozen) > 0n) {
        await changeBalance(tx, { userId: Number(row.user_id), currency: row.freeze_currency, account: 'spot', available: row.frozen, frozen: `-${row.frozen}`, kind: 'stop_unfreeze', refType: 'spot_stop', refId: stopId });
        released = { userId: Number(row.user_id), currency: row.freeze_currency };
      }
      return true;
    });
    // The released funds reach the owner's pages once committed, as every balance change does.
    if (released) userFeed.balancesChanged(released.userId, [{ currency: released.currency, account: 'spot' }]);
    return ended;
  }

  /** The stop's limit order through the pipeline, taking the stop's freeze over; the stop is claimed (status 2). */
  async function placeClaimed(market: SpotMarket, stop: { id: number; userId: number; side: 'buy' | 'sell'; price: string; quantity: string; frozen: string }): Promise<void> {
    const taken = intake(market.spec, { userId: stop.userId, side: stop.side, type: 'limit', price: stop.price, quantity: stop.quantity, submission: { scope: STOP_SCOPE, key: derivedKey('order', stop.id) } });
    if (!taken.ok) {
      await end(stop.id, 2, 4, taken.reason);
      return;
    }
    // A market halted since the trigger (issue 52 §1) takes no new order, a stop's neither: it fails and its freeze comes back.
    if ((await readPairMinimums(db, market.spec))?.haltedReason) {
      await end(stop.id, 2, 4, 'market halted');
      return;
    }
    const intent: PlaceIntent = { ...taken.intent, preFrozen: stop.frozen };
    const outcome = await market.placeIntent(intent);
    if (!outcome.ok) {
      await end(stop.id, 2, 4, outcome.reason);
      return;
    }
    // The stop's order is placed: the stop names it, and its owner hears it fired (issue 50 M10),
    // in one transaction, so a bell never tells of a stop that did not place.
    await db.transaction(async (tx) => {
      const [row] = await tx.query<{ user_id: string; symbol: string; trigger: string; price: string; quantity: string }>(
        `update spot_stop set order_id = $2, updated_ms = $3 where id = $1
         returning user_id, left_symbol || '/' || right_symbol as symbol, trim_scale(trigger_price)::text as trigger, trim_scale(price)::text as price, trim_scale(quantity)::text as quantity`,
        [stop.id, outcome.orderId, clock()],
      );
      // Its figures at the pair's places, as the order pages show them ("100.00", not "100": issue 50 M4).
      const { pricePrecision: pp, amountPrecision: ap } = market.spec;
      if (row) await notify(tx, Number(row.user_id), { kind: 'spot_stop_triggered', params: { symbol: row.symbol, trigger: toFixedDecimal(row.trigger, pp), price: toFixedDecimal(row.price, pp), quantity: toFixedDecimal(row.quantity, ap, 'down') } });
      // The order's push went out before the stop named it: told again with its trigger (issue 50 M11).
      if (row && outcome.order && outcome.order.status <= 2) {
        const told: SpotOrder = { ...outcome.order, stop_trigger: row.trigger, oco: false };
        userFeed.ordersCommitted(stop.userId, [told]);
      }
    });
    userFeed.message?.(stop.userId, NOTICE_PUSH);
  }

  /** Fires a waiting stop whose trigger the last price reached (already out of the index). */
  async function fire(market: SpotMarket, w: Waiting): Promise<void> {
    const [claimed] = await db.query(`update spot_stop set status = 2, updated_ms = $2 where id = $1 and status = 1 returning id`, [w.id, clock()]);
    if (!claimed) return;
    if (w.ocoOrderId !== null) {
      // The other leg goes first; one that traded meanwhile (or ended) wins, and the stop ends.
      const cancelled = await market.cancel(w.userId, w.ocoOrderId);
      if (!cancelled.ok || (cancelled.order && fx(cancelled.order.filled) > 0n)) {
        await end(w.id, 2, 3, 'oco limit leg traded');
        return;
      }
    }
    await placeClaimed(market, w);
  }

  /** After a batch of a watched market: OCO legs that traded or ended end their stop; then the triggers. */
  function onBatch(market: SpotMarket, views: ReadonlyMap<number, SpotOrder>, traded: boolean): void {
    const symbol = market.spec.symbol;
    for (const [orderId, view] of views) {
      const leg = legs.get(orderId);
      if (!leg || (view.status !== 3 && view.status !== 4 && fx(view.filled) === 0n)) continue;
      const w = unindex(leg.symbol, leg.stopId);
      if (w) later(async () => void (await end(w.id, 1, 3, view.status === 4 ? 'oco limit leg cancelled' : 'oco limit leg traded')));
    }
    if (!traded) return;
    const pair = waiting.get(symbol);
    if (!pair || pair.size === 0) return;
    const last = market.lastTradePrice();
    for (const w of [...pair.values()]) {
      if (!stopFires(w.side, w.trigger, last)) continue;
      unindex(symbol, w.id);
      later(() => fire(market, w));
    }
  }

  return {
    async place(userId, body, header) {
      const symbol = body.symbol.toUpperCase();
      const market = local(symbol);
      const minimums = market && (await readPairMinimums(db, market.spec));
      if (!market || !minimums) return fail('spotPairNotTrading');
      if (minimums.haltedReason) return fail('spotMarketHalted', { symbol, reason: minimums.haltedReason });
      const { spec } = market;
      const wrongTrigger = checkTrigger(body.trigger_price, spec);
      if (wrongTrigger) return fail(wrongTrigger.key, wrongTrigger.vars);
      const trigger = decimalToUnits(body.trigger_price, spec.pricePrecision)!;
      const leg = (price: string) => checkPlace({ symbol, side: body.side, type: 'limit', price, quantity: body.quantity }, spec, minimums);
      const checked = leg(body.price);
      if (!checked.ok) return fail(checked.key, checked.vars);
      const stopIntent = intake(spec, { ...checked.request, userId });
      if (!stopIntent.ok) return fail(PLACE_REFUSALS[stopIntent.reason]);
      let legIntent: PlaceIntent | undefined;
      if (body.limit_price !== undefined) {
        const limit = leg(body.limit_price);
        if (!limit.ok) return fail(limit.key, limit.vars);
        const taken = intake(spec, { ...limit.request, userId });
        if (!taken.ok) return fail(PLACE_REFUSALS[taken.reason]);
        // A sell OCO takes profit above and stops below; a buy the other way round.
        const limitUnits = taken.intent.command.price;
        if (body.side === 'sell' ? limitUnits <= trigger : limitUnits >= trigger) return fail('spotOcoPricesInvalid');
        legIntent = taken.intent;
      }
      if (stopFires(body.side, trigger, market.lastTradePrice())) return fail('spotStopWouldTrigger');
      // A limit price the band refuses now is refused now, not when the stop fires (it is checked again then).
      const band = market.priceBand();
      const outside = [stopIntent.intent, legIntent].find((i) => band && i && (i.command.price < band.low || i.command.price > band.high));
      if (band && outside) return fail('spotPriceOutsideBand', bandVars(spec, band));
      const needed = fx(stopIntent.intent.freeze) - (legIntent ? fx(legIntent.freeze) : 0n);
      const frozen = fxText(needed > 0n ? needed : 0n);
      const currency = stopIntent.intent.freezeCurrency;
      const now = clock();
      let stopId: number;
      try {
        ({ id: stopId } = await once(db, userId, STOP_SCOPE, submissionKey(STOP_SCOPE, header, { ...body, symbol }), async (tx) => {
          const [row] = await tx.query<{ id: string }>(
            `insert into spot_stop (user_id, left_symbol, right_symbol, side, trigger_price, price, quantity, frozen, freeze_currency, created_ms, updated_ms)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) returning id`,
            [userId, spec.left, spec.right, body.side, priceText(spec, trigger), stopIntent.intent.row.price, stopIntent.intent.row.quantity, frozen, currency, now],
          );
          const id = Number(row!.id);
          if (needed > 0n) {
            await changeBalance(tx, { userId, currency, account: 'spot', available: `-${frozen}`, frozen, kind: 'stop_freeze', refType: 'spot_stop', refId: id });
          }
          return { id };
        }, now));
      } catch (error) {
        if (error instanceof InsufficientFunds) return fail('spotInsufficientBalance');
        throw error;
      }
      // The freeze is committed: the owner's pages see the spot balance move now, not at the next trade.
      if (needed > 0n) userFeed.balancesChanged(userId, [{ currency, account: 'spot' }]);
      let stop = (await rowOf(db, stopId))!;
      if (legIntent && stop.status === SpotStopStatus.waiting && stop.oco_order_id === null) {
        // The limit leg, under a key of the stop's own: a repeated submission places it once.
        const outcome = await market.placeIntent({ ...legIntent, submission: { scope: STOP_SCOPE, key: derivedKey('leg', stopId) } });
        if (!outcome.ok) {
          await end(stopId, 1, 3, 'oco limit leg refused');
          return placeRefusal(market.spec, outcome);
        }
        await db.query(`update spot_stop set oco_order_id = $2 where id = $1`, [stopId, outcome.orderId]);
        stop = { ...stop, oco_order_id: outcome.orderId };
        const legOrder = outcome.order;
        // The leg's push went out before the stop named it: told again as the OCO's leg (issue 50 M11).
        if (legOrder && legOrder.status <= 2) {
          const told: SpotOrder = { ...legOrder, oco: true };
          userFeed.ordersCommitted(userId, [told]);
        }
        // The leg traded at once: the stop is done before it waits.
        if (legOrder && (fx(legOrder.filled) > 0n || legOrder.status === 3 || legOrder.status === 4)) {
          await end(stopId, 1, 3, 'oco limit leg traded');
          return { ok: true, data: (await rowOf(db, stopId))! };
        }
      }
      if (stop.status === SpotStopStatus.waiting) {
        index(symbol, { id: stopId, userId, side: body.side, trigger, price: stop.price, quantity: stop.quantity, frozen: stop.frozen, ocoOrderId: stop.oco_order_id });
        // A trade between the check above and now: the trigger is looked at once more.
        if (stopFires(body.side, trigger, market.lastTradePrice())) {
          const w = unindex(symbol, stopId);
          if (w) later(() => fire(market, w));
        }
      }
      return { ok: true, data: stop };
    },

    async cancel(userId, stopId) {
      const stop = await rowOf(db, stopId, userId);
      if (!stop) return fail('spotStopNotFound');
      if (stop.status !== SpotStopStatus.waiting) return fail('spotStopNotWaiting');
      const w = unindex(stop.symbol, stopId);
      if (!(await end(stopId, 1, 3, 'cancelled'))) {
        if (w) index(stop.symbol, w);
        return fail('spotStopNotWaiting');
      }
      // Cancelling one leg of an OCO cancels both.
      if (stop.oco_order_id !== null) await local(stop.symbol)?.cancel(userId, stop.oco_order_id);
      return { ok: true, data: (await rowOf(db, stopId))! };
    },

    async current(userId, q) {
      const size = Math.min(Math.max(q.size ?? 20, 1), MAX_PAGE_SIZE);
      const page = Math.max(q.page, 1);
      const [left, right] = q.symbol ? q.symbol.toUpperCase().split('_') : [null, null];
      const where = `where s.user_id = $1 and ($2::text is null or (s.left_symbol = $2 and s.right_symbol = $3))
        and (s.status = 1 or (s.status = 2 and (s.order_id is null or exists (select 1 from spot_order o where o.id = s.order_id and o.status in (1, 2)))))`;
      const params = [userId, left ?? null, right ?? null];
      const [{ total }] = (await db.query<{ total: number }>(`select count(*)::int as total from spot_stop s ${where}`, params)) as [{ total: number }];
      const rows = await db.query<StopRow>(`select ${STOP_COLUMNS} from spot_stop s ${where} order by s.id desc limit $4 offset $5`, [...params, size, (page - 1) * size]);
      return { list: rows.map(toStop), total, page, size };
    },

    history: (userId, q) => stopHistoryPage(db, userId, q, clock()),

    async watch(market) {
      const { spec } = market;
      market.watchBatches((views, traded) => onBatch(market, views, traded));
      const rows = await db.query<StopRow & { leg_open: boolean | null }>(
        `select ${STOP_COLUMNS}, (select o.status in (1, 2) and o.filled = 0 from spot_order o where o.id = s.oco_order_id) as leg_open
         from spot_stop s where s.left_symbol = $1 and s.right_symbol = $2 and (s.status = 1 or (s.status = 2 and s.order_id is null)) order by s.id`,
        [spec.left, spec.right],
      );
      for (const r of rows) {
        const stop = toStop(r);
        // An OCO whose limit leg traded or ended while nobody watched: the stop ends with it.
        if (stop.status === SpotStopStatus.waiting && r.leg_open === false) {
          later(async () => void (await end(stop.id, 1, 3, 'oco limit leg ended')));
          continue;
        }
        const w: Waiting = { id: stop.id, userId: Number(r.user_id), side: stop.side, trigger: decimalToUnits(stop.trigger_price, spec.pricePrecision) ?? 0, price: stop.price, quantity: stop.quantity, frozen: stop.frozen, ocoOrderId: stop.oco_order_id };
        // Claimed before a restart but not placed: placed now, under the same key (at most once).
        if (stop.status === SpotStopStatus.triggered) later(() => placeClaimed(market, w));
        else index(spec.symbol, w);
      }
      // What the last price reached while nobody watched (a crash after the trade, before the fire).
      const last = market.lastTradePrice();
      for (const w of [...(waiting.get(spec.symbol)?.values() ?? [])]) {
        if (!stopFires(w.side, w.trigger, last)) continue;
        unindex(spec.symbol, w.id);
        later(() => fire(market, w));
      }
    },

    idle: async () => {
      // Work queued by work: wait until the queue stops growing.
      for (let seen: Promise<void> | undefined; seen !== queue; ) {
        seen = queue;
        await seen;
      }
    },
  };
}
