import { numberVar } from '../../kernel/platform/i18n/messages.js';
import { NameStatus } from '../../../domain/api.js';
import type { FuturesAccount, FuturesConfig, FuturesOrder, FuturesOrderDetail, FuturesPlan, FuturesPlanCreate, FuturesPosition, MarginMode, PlanKind, PlanRequest, TriggerBy } from '../../../domain/futures/api.js';
import { FUTURES_FEES } from '../../../domain/futures/api.js';
import { maxLeverageOf } from '../../../domain/futures/brackets.js';
import { fx, fxText, type Fx } from '../../../domain/fx.js';
import { toFixedDecimal } from '../../../domain/decimal.js';
import { bankruptcyPrice, marginRatio, maxRemovableMargin, roe } from '../../../domain/futures/formulas.js';
import type { Page } from '../../../domain/wallet.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { decimalToUnits } from '../../kernel/exchange/market/units.js';
import { readBalance } from '../../kernel/platform/ledger/ledger.js';
import { refuse, type Outcome } from '../../kernel/platform/outcome.js';
import type { FuturesExchange } from './exchange.js';
import { liquidationCheck, positionRisk } from './margin.js';
import { ORDER_COLUMNS, orderFromRow, orderView, type OrderRow } from './orderState.js';
import { normaliseSymbol, ticksToFx, type FuturesPair } from './pairs.js';
import { firesAt, type PlanState } from './plans.js';
import { roeTriggerPrice } from '../../../domain/futures/planTrigger.js';
import { endPlan } from './store.js';
import type { Batch } from './batch.js';
import { planPrice, roeDecimal } from './engine/rules.js';
import { entryPrice, type Position } from './positions.js';
import { futuresStreamReads } from './streamReads.js';

export const MAX_PAGE_SIZE = 50;

/**
 * The futures product's reads and the calls that are not orders: config, account, positions,
 * order and plan lists, plan creation and cancelling, the trading permission (§6).
 */
export function futuresService(ex: FuturesExchange, db: Database, fundingIntervalMs: number) {
  const pairOf = (symbol: string): FuturesPair | undefined => ex.pairs.get(normaliseSymbol(symbol));

  /**
   * Who may trade futures, remembered once true: a verified identity is final (kyc.ts refuses a
   * verified user's submission, and a review moves only pending ones), and so is an account's kind,
   * so a yes never goes stale. Without it every futures order asked the database first
   * (bench:futures: a query per order beside the batch's work).
   */
  const mayTrade = new Set<number>();
  async function canTrade(userId: number): Promise<boolean> {
    if (mayTrade.has(userId)) return true;
    const [row] = await db.query<{ name_status: number; kind: string }>('select name_status, kind from app_user where id = $1', [userId]);
    const can = !!row && (row.kind !== 'user' || row.name_status === NameStatus.verified);
    if (can) mayTrade.add(userId);
    return can;
  }

  /** The contract's last trade price, undefined before its first trade. */
  function lastPrice(pair: FuturesPair): Fx | undefined {
    const last = ex.data.get(pair.spec.symbol)?.lastTradePrice();
    return last === undefined ? undefined : ticksToFx(pair, last);
  }

  /** `available`: the account's contract balance as just read (the account call), else memory's last committed figure. */
  function positionView(p: Position, available = ex.crossAvailable.get(p.userId) ?? 0n): FuturesPosition {
    const pair = ex.pairs.get(p.symbol)!;
    const mark = ex.marks.get(p.symbol)?.mark ?? entryPrice(p);
    const risk = positionRisk(ex, p, mark);
    const check = liquidationCheck({ pairs: ex.pairs, marks: ex.marks, positions: ex.positions, crossAvailable: new Map([[p.userId, available]]) }, undefined, p);
    const balance = p.mode === 'isolated' ? p.margin + risk.pnl : available + p.margin + risk.pnl;
    const last = ex.data.get(p.symbol)!.lastTradePrice();
    const closeHeld = [...(ex.ordersByUser.get(p.userId) ?? [])].map((id) => ex.orders.get(id)!).filter((o) => o && o.symbol === p.symbol && o.action.startsWith('close'));
    const closable = p.quantity - closeHeld.reduce((s, o) => s + (o.quantity - o.filled), 0n);
    const ratio = marginRatio(risk.maintenance, balance);
    return {
      symbol: p.symbol,
      side: p.side as 1 | -1,
      margin_mode: p.mode,
      leverage: p.leverage,
      quantity: fxText(p.quantity),
      closable: fxText(closable > 0n ? closable : 0n),
      entry_price: fxText(entryPrice(p)),
      mark_price: fxText(mark),
      last_price: last === undefined ? null : fxText(ticksToFx(pair, last)),
      margin: fxText(p.margin),
      unrealised_pnl: fxText(risk.pnl),
      roe: fxText(roe(risk.pnl, p.margin)),
      maintenance_margin: fxText(risk.maintenance),
      margin_ratio: ratio === null ? null : fxText(ratio),
      liquidation_price: fxText(check.price),
      bankruptcy_price: fxText(bankruptcyPrice(p.side as 1 | -1, p.quantity, entryPrice(p), p.margin)),
      realised: fxText(p.realised),
      max_removable_margin: fxText(
        p.mode === 'isolated' ? maxRemovableMargin({ side: p.side as 1 | -1, quantity: p.quantity, entry: entryPrice(p), margin: p.margin, leverage: p.leverage, mark, brackets: pair.brackets }) : 0n,
      ),
    };
  }

  /** Ends (note 'replaced') the user's waiting plan of `p`'s kind on its pair: in memory, or stored earlier in this batch. */
  async function endReplaced(b: Batch, userId: number, p: Pick<PlanState, 'symbol' | 'kind'>, now: number): Promise<void> {
    const same = (o: PlanState) => o.userId === userId && o.symbol === p.symbol && o.kind === p.kind;
    for (const old of ex.plans.values()) {
      if (!same(old) || b.endedPlans.has(old.id)) continue;
      await endPlan(b.tx, old.id, 'replaced', now);
      b.endedPlans.add(old.id);
    }
    for (let i = b.newPlans.length - 1; i >= 0; i--) {
      if (!same(b.newPlans[i]!)) continue;
      await endPlan(b.tx, b.newPlans[i]!.id, 'replaced', now);
      b.newPlans.splice(i, 1);
    }
  }

  const openPositions = (userId: number) => [...ex.pairs.keys()].flatMap((s) => ex.positions.get(`${userId}:${s}`) ?? []).filter((p) => p.side !== 0);

  return {
    canTrade,
    pairOf,

    config(symbol: string, userId?: number): Outcome<FuturesConfig> {
      const pair = pairOf(symbol);
      if (!pair) return refuse('futuresUnknownPair');
      const marks = ex.marks.get(pair.spec.symbol);
      const last = ex.data.get(pair.spec.symbol)!.lastTradePrice();
      const now = ex.clock();
      const pos = userId === undefined ? undefined : ex.positionOf(userId, pair.spec.symbol);
      return {
        ok: true,
        data: {
          symbol: pair.spec.symbol,
          price_precision: pair.spec.pricePrecision,
          amount_precision: pair.spec.amountPrecision,
          max_leverage: maxLeverageOf(pair.brackets),
          brackets: pair.brackets,
          fees: FUTURES_FEES,
          index_price: marks ? fxText(marks.index) : null,
          mark_price: marks ? fxText(marks.mark) : null,
          last_price: last === undefined ? null : fxText(ticksToFx(pair, last)),
          funding_rate: ex.estimatedFunding.get(pair.spec.symbol) ?? '0.0001',
          next_funding_ms: (Math.floor(now / fundingIntervalMs) + 1) * fundingIntervalMs,
          funding_interval_ms: fundingIntervalMs,
          ...(pos ? { leverage: pos.leverage, margin_mode: pos.mode } : {}),
        },
      };
    },

    positions(userId: number): FuturesPosition[] {
      return openPositions(userId).map((p) => positionView(p));
    },

    async account(userId: number): Promise<FuturesAccount> {
      const balance = await readBalance(db, userId, 'USDT', 'contract');
      const available = fx(balance.available);
      const frozen = fx(balance.frozen);
      const positions = openPositions(userId);
      let margin = 0n;
      let pnl = 0n;
      let crossMaintenance = 0n;
      let crossBalance = available;
      for (const p of positions) {
        const risk = positionRisk(ex, p);
        margin += p.margin;
        pnl += risk.pnl;
        if (p.mode === 'cross') {
          crossMaintenance += risk.maintenance;
          crossBalance += p.margin + risk.pnl;
        }
      }
      const ratio = positions.some((p) => p.mode === 'cross') ? marginRatio(crossMaintenance, crossBalance) : null;
      return {
        can_trade: await canTrade(userId),
        equity: fxText(available + frozen + margin + pnl),
        available: fxText(available),
        frozen: fxText(frozen),
        margin: fxText(margin),
        unrealised_pnl: fxText(pnl),
        margin_ratio: ratio === null ? null : fxText(ratio),
        positions: positions.map((p) => positionView(p, available)),
      };
    },

    async orders(userId: number, q: { page: number; size?: number; symbol?: string; open: boolean; days?: number }): Promise<Page<FuturesOrder>> {
      const size = Math.min(q.size ?? 20, MAX_PAGE_SIZE);
      // By the symbol's name, not the contracts running: a delisted contract's orders stay in the history.
      const [left = null, right = null] = q.symbol ? normaliseSymbol(q.symbol).split('_') : [];
      const since = q.days ? ex.clock() - q.days * 86_400_000 : 0;
      const where = `user_id = $1 and ${q.open ? 'status in (0, 1, 2, 4)' : 'status in (3, 5, 6)'} and created_ms >= $2
        and ($3::text is null or (left_symbol = $3 and right_symbol = $4))`;
      const params = [userId, since, left, right ?? ''];
      const [count] = await db.query<{ n: string }>(`select count(*)::text as n from futures_order where ${where}`, params);
      const rows = await db.query<OrderRow>(`select ${ORDER_COLUMNS} from futures_order where ${where} order by id desc limit $5 offset $6`, [...params, size, (q.page - 1) * size]);
      return { list: rows.map((r) => orderView(orderFromRow(r))), total: Number(count!.n), page: q.page, size };
    },

    async order(userId: number, orderId: number): Promise<Outcome<FuturesOrderDetail>> {
      const [row] = await db.query<OrderRow>(`select ${ORDER_COLUMNS} from futures_order where id = $1 and user_id = $2`, [orderId, userId]);
      if (!row) return refuse('futuresUnknownOrder');
      // This order's side of each trade: its fee and rate (an order never trades against itself).
      const trades = await db.query<{ created_ms: string; price: string; quantity: string; fee: string | null; rate: string | null }>(
        `select created_ms, trim_scale(price)::text as price, trim_scale(quantity)::text as quantity,
           trim_scale(case when maker_order_id = $1 then maker_fee else taker_fee end)::text as fee,
           trim_scale(case when maker_order_id = $1 then maker_rate else taker_rate end)::text as rate
         from futures_trade where maker_order_id = $1 or taker_order_id = $1 order by id`,
        [orderId],
      );
      return { ok: true, data: { ...orderView(orderFromRow(row)), trades: trades.map((t) => ({ time: Number(t.created_ms), price: t.price, quantity: t.quantity, fee: t.fee, rate: t.rate })) } };
    },

    async plans(userId: number, q: { page: number; size?: number; waiting: boolean }): Promise<Page<FuturesPlan>> {
      const size = Math.min(q.size ?? 20, MAX_PAGE_SIZE);
      const where = `user_id = $1 and ${q.waiting ? 'status = 1' : 'status <> 1'}`;
      const [count] = await db.query<{ n: string }>(`select count(*)::text as n from futures_plan where ${where}`, [userId]);
      const rows = await db.query<{ id: string; symbol: string; kind: PlanKind; position_side: number; trigger_by: FuturesPlan['trigger_by']; trigger_value: string; exec_type: 'limit' | 'market'; exec_price: string | null; quantity: string | null; status: number; order_id: string | null; created_ms: string }>(
        `select id, left_symbol || '_' || right_symbol as symbol, kind, position_side, trigger_by, trim_scale(trigger_value)::text as trigger_value, exec_type,
           trim_scale(exec_price)::text as exec_price, trim_scale(quantity)::text as quantity, status, order_id, created_ms
         from futures_plan where ${where} order by id desc limit $2 offset $3`,
        [userId, size, (q.page - 1) * size],
      );
      return {
        list: rows.map((r) => ({
          id: Number(r.id), symbol: r.symbol, kind: r.kind, position_side: r.position_side === 1 ? 1 : -1, trigger_by: r.trigger_by,
          trigger_value: r.trigger_by === 'roe' ? fxText(fx(r.trigger_value) * 100n) : r.trigger_value, exec_type: r.exec_type, exec_price: r.exec_price,
          quantity: r.quantity, status: r.status as FuturesPlan['status'], order_id: r.order_id === null ? null : Number(r.order_id), created_ms: Number(r.created_ms),
        })),
        total: Number(count!.n),
        page: q.page,
        size,
      };
    },

    /**
     * Checks a TP/SL request against the pair; answers the plan to store or the refusal. A trigger by
     * ROE is turned into the mark price it means for `position` now (issue 50 M8: kept as a
     * percentage, adding margin silently moved the stop); without a position (a TP/SL sent with an
     * opening order) there is no price it could mean, so it is refused.
     */
    checkPlan(pair: FuturesPair, kind: PlanKind, positionSide: 1 | -1, r: PlanRequest, quantity?: string, position?: Position): Outcome<Omit<PlanState, 'id' | 'userId'>> {
      let triggerBy: TriggerBy = r.trigger_by;
      let value: Fx | null | undefined;
      if (r.trigger_by === 'roe') {
        if (!position || position.side === 0) return refuse('futuresPlanInvalid', { field: 'trigger_by' });
        const percent = roeDecimal(r.trigger_value);
        const basis = { side: position.side, quantity: fxText(position.quantity), entry_price: fxText(entryPrice(position)), margin: fxText(position.margin) };
        const price = percent === undefined ? undefined : roeTriggerPrice(basis, kind, fxText(percent), pair.spec.pricePrecision);
        value = price === undefined ? undefined : planPrice(pair, price);
        triggerBy = 'mark';
      } else value = planPrice(pair, r.trigger_value);
      if (value === undefined || value === null || value <= 0n) return refuse('futuresPlanInvalid', { field: 'trigger_value' });
      // Sent with a market plan it is not used, but it must still be a price: "NaN" or "-1" is refused, not ignored.
      const givenPrice = planPrice(pair, r.exec_price);
      if (givenPrice === undefined || (givenPrice !== null && givenPrice <= 0n) || (r.exec_type === 'limit' && givenPrice === null)) return refuse('futuresPlanInvalid', { field: 'exec_price' });
      const execPrice = r.exec_type === 'limit' ? givenPrice : null;
      // One that would trigger at once (a long's take-profit below the price, its stop-loss above)
      // closes the position the moment it opens: refused, with the price it is judged by.
      const current = triggerBy === 'mark' ? ex.marks.get(pair.spec.symbol)?.mark : lastPrice(pair);
      if (current !== undefined && firesAt(kind, positionSide, value, current)) return refuse('futuresPlanFiresNow', { price: numberVar(toFixedDecimal(fxText(current), pair.spec.pricePrecision, 'half-up')) });
      let q: Fx | null = null;
      if (quantity !== undefined) {
        const lots = decimalToUnits(quantity, pair.spec.amountPrecision);
        if (lots === undefined || lots <= 0) return refuse('futuresPlanInvalid', { field: 'quantity' });
        q = BigInt(lots) * pair.lotFx;
      }
      return { ok: true, data: { symbol: pair.spec.symbol, kind, positionSide, triggerBy, triggerValue: value, execType: r.exec_type, execPrice, quantity: q } };
    },

    /**
     * Stores plans (after an order's checks) and puts them in the exchange's memory once committed.
     * A position has at most one take-profit and one stop-loss: a new one replaces the waiting one
     * of its kind (issue 50 M8: a second stop-loss was added beside the first).
     */
    addPlans(userId: number, plans: Array<Omit<PlanState, 'id' | 'userId'>>) {
      return ex.job(async (b, now) => {
        const out: number[] = [];
        for (const p of plans) {
          await endReplaced(b, userId, p, now);
          const [left, right] = p.symbol.split('_');
          const [row] = await b.tx.query<{ id: string }>(
            `insert into futures_plan (user_id, left_symbol, right_symbol, kind, position_side, trigger_by, trigger_value, exec_type, exec_price, quantity, created_ms, updated_ms)
             values ($1, $2, $3, $4, $5, $6, $7::numeric, $8, $9::numeric, $10::numeric, $11, $11) returning id::text as id`,
            [userId, left, right, p.kind, p.positionSide, p.triggerBy, fxText(p.triggerValue), p.execType, p.execPrice === null ? null : fxText(p.execPrice), p.quantity === null ? null : fxText(p.quantity), now],
          );
          b.newPlans.push({ ...p, id: Number(row!.id), userId });
          out.push(Number(row!.id));
        }
        return out;
      });
    },

    /** A TP/SL on an existing position (u-plan). */
    async createPlan(userId: number, body: FuturesPlanCreate): Promise<Outcome<{ id: number }>> {
      const pair = pairOf(body.symbol);
      if (!pair) return refuse('futuresUnknownPair');
      const pos = ex.positionOf(userId, pair.spec.symbol);
      if (pos.side === 0) return refuse('futuresNoPosition');
      const checked = this.checkPlan(pair, body.kind, pos.side, body, body.quantity, pos);
      if (!checked.ok) return checked;
      const [id] = await this.addPlans(userId, [checked.data]);
      return { ok: true, data: { id: id! } };
    },

    cancelPlan(userId: number, planId: number): Promise<Outcome<{ id: number }>> {
      return ex.job(async (b, now) => {
        const plan = ex.plans.get(planId);
        if (!plan || plan.userId !== userId || b.endedPlans.has(planId)) return refuse('futuresUnknownPlan');
        const [row] = await b.tx.query(`update futures_plan set status = 3, note = 'cancelled', updated_ms = $2 where id = $1 and status = 1 returning id`, [planId, now]);
        if (!row) return refuse('futuresUnknownPlan');
        b.endedPlans.add(planId);
        return { ok: true, data: { id: planId } };
      });
    },

    setLeverage: (userId: number, symbol: string, leverage: number, mode: MarginMode) => ex.setLeverage(userId, normaliseSymbol(symbol), leverage, mode),

    /** Orders by id and their new trades, for the Binance user data stream (streamReads.ts). */
    streamReads: futuresStreamReads(db),
  };
}

export type FuturesService = ReturnType<typeof futuresService>;
