import { compareDecimal } from '../../../domain/decimal.js';
import {
  canAppeal,
  CRYPTO_PLACES,
  FIAT_ACCOUNT,
  FIAT_PLACES,
  FIAT_TRANSITIONS,
  isAmount,
  MINUTE_MS,
  GRACE_MINUTES,
  nextStatus,
  orderFigures,
  type FiatAction,
  type FiatMethod,
  type FiatOrder,
  type FiatOrderStatus,
  type FiatTakeRequest,
} from '../../../domain/fiat.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { numberVar } from '../../kernel/platform/i18n/messages.js';
import { applyBalanceChanges, canSpend, lockBalances } from '../../kernel/platform/ledger/ledgerBatch.js';
import type { BalanceChange } from '../../kernel/platform/ledger/ledger.js';
import { AD_COLUMNS, normaliseAd, priceOf, type AdRow } from './ads.js';
import { lockUsers } from '../../kernel/platform/userLock.js';
import { requireOutflowUnlocked } from '../../kernel/platform/auth/outflow/outflow.js';
import { checkTrustLimits, legalTrade, Refusal, valueInUsdt } from './rules.js';
import { refuseIfOwnerSuspended, refuseIfSuspended } from './standing.js';

export interface OrderRow {
  id: number;
  order_no: string;
  ad_id: number;
  buyer_id: number;
  seller_id: number;
  taker_id: number;
  buyer_name: string;
  seller_name: string;
  crypto: string;
  fiat: string;
  price: string;
  quantity: string;
  amount: string;
  method: FiatMethod | null;
  status: FiatOrderStatus;
  created_ms: number;
  pay_deadline_ms: number;
  paid_ms: number | null;
  confirm_deadline_ms: number | null;
  finished_ms: number | null;
  graced: boolean;
  cancel_reason: string | null;
  appeal_by: 'buyer' | 'seller' | null;
  appeal_reason: string | null;
  resolution: string | null;
}

const nameOf = (alias: string) => `coalesce(nullif(${alias}.nickname, ''), split_part(${alias}.account, '@', 1))`;

export const ORDER_SELECT = `select o.id, o.order_no, o.ad_id, o.buyer_id, o.seller_id, o.taker_id, ${nameOf('b')} as buyer_name, ${nameOf('s')} as seller_name,
  o.crypto, o.fiat, trim_scale(o.price)::text as price, trim_scale(o.quantity)::text as quantity, trim_scale(o.amount)::text as amount,
  o.method, o.status, o.created_ms, o.pay_deadline_ms, o.paid_ms, o.confirm_deadline_ms, o.finished_ms, o.graced, o.cancel_reason,
  o.appeal_by, o.appeal_reason, o.resolution
  from fiat_order o join app_user b on b.id = o.buyer_id join app_user s on s.id = o.seller_id`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function normaliseOrder(r: OrderRow): OrderRow {
  return {
    ...r,
    id: Number(r.id),
    ad_id: Number(r.ad_id),
    buyer_id: Number(r.buyer_id),
    seller_id: Number(r.seller_id),
    taker_id: Number(r.taker_id),
    created_ms: Number(r.created_ms),
    pay_deadline_ms: Number(r.pay_deadline_ms),
    paid_ms: num(r.paid_ms),
    confirm_deadline_ms: num(r.confirm_deadline_ms),
    finished_ms: num(r.finished_ms),
  };
}

/** The order as `viewerId` sees it (an operator sees it as neither party). */
export function toOrder(r: OrderRow, viewerId: number | 'operator', now: number): FiatOrder {
  const role = viewerId === 'operator' ? 'operator' : r.buyer_id === viewerId ? 'buyer' : 'seller';
  return {
    id: r.id,
    order_no: r.order_no,
    ad_id: r.ad_id,
    side: role === 'seller' ? 'sell' : 'buy',
    role,
    buyer_id: r.buyer_id,
    seller_id: r.seller_id,
    buyer_name: r.buyer_name,
    seller_name: r.seller_name,
    crypto: r.crypto,
    fiat: r.fiat as FiatOrder['fiat'],
    price: r.price,
    quantity: r.quantity,
    amount: r.amount,
    method: r.method,
    status: r.status,
    pay_deadline: r.status === 'unpaid' ? r.pay_deadline_ms : null,
    confirm_deadline: r.confirm_deadline_ms,
    graced: r.graced,
    created_at: r.created_ms,
    paid_at: r.paid_ms,
    finished_at: r.finished_ms,
    cancel_reason: r.cancel_reason,
    appeal_by: r.appeal_by,
    appeal_reason: r.appeal_reason,
    resolution: r.resolution,
    server_now: now,
  };
}

export async function readOrder(q: Queryable, orderId: number, lock = false): Promise<OrderRow | undefined> {
  if (lock) await q.query('select 1 from fiat_order where id = $1 for update', [orderId]);
  const [row] = await q.query<OrderRow>(`${ORDER_SELECT} where o.id = $1`, [orderId]);
  return row ? normaliseOrder(row) : undefined;
}

export const recordEvent = (tx: Queryable, orderId: number, event: string, now: number) =>
  tx.query('insert into fiat_event (order_id, event, at_ms) values ($1, $2, $3)', [orderId, event, now]);

async function methodOf(tx: Queryable, userId: number, methodId: number | undefined): Promise<FiatMethod | undefined> {
  if (methodId === undefined) return undefined;
  const [m] = await tx.query<FiatMethod>(`select id, real_name, bank_name, card_number, currency, branch from collection_method where id = $1 and user_id = $2`, [methodId, userId]);
  return m ? { ...m, id: Number(m.id) } : undefined;
}

/**
 * Takes an ad (spec §2 buy-next / sell-next): one transaction holding the ad's row creates the
 * order and moves the seller's crypto into escrow — from the sell ad's frozen remaining, or from
 * the taker's available when the taker sells into a buy ad. Neither side may be suspended from
 * P2P; a taker who buys passes the trust limits first. The buyer's row is locked before their
 * limits are read, so takes of one buyer on different ads are serialised and each counts the
 * orders of the one before (locks in the order ad → user → balances, as everywhere in P2P).
 */
export async function takeAd(tx: Queryable, takerId: number, body: FiatTakeRequest, now: number): Promise<OrderRow> {
  const [raw] = await tx.query<AdRow>(`select ${AD_COLUMNS} from fiat_ad a where a.id = $1 for update`, [body.ad_id]);
  if (!raw || raw.status !== 'online') throw new Refusal('fiatAdUnknown');
  const ad = normaliseAd(raw);
  if (ad.user_id === takerId) throw new Refusal('fiatOwnAd');
  if (!isAmount(body.value, body.by === 'amount' ? FIAT_PLACES : CRYPTO_PLACES)) throw new Refusal('fiatValueInvalid');
  const price = await priceOf(tx, ad);
  if (price === undefined) throw new Refusal('fiatNoRate', { fiat: ad.fiat });
  const { quantity, amount } = orderFigures(body.by, body.value, price);
  if (compareDecimal(quantity, '0') <= 0) throw new Refusal('fiatValueInvalid');
  if (compareDecimal(amount, ad.min_amount) < 0) throw new Refusal('fiatBelowMin', { min: numberVar(ad.min_amount), fiat: ad.fiat });
  if (compareDecimal(amount, ad.max_amount) > 0) throw new Refusal('fiatAboveMax', { max: numberVar(ad.max_amount), fiat: ad.fiat });
  if (compareDecimal(quantity, ad.remaining) > 0) throw new Refusal('fiatAdShort', { left: numberVar(ad.remaining), crypto: ad.crypto });

  const takerBuys = ad.side === 'sell';
  const buyerId = takerBuys ? takerId : ad.user_id;
  const sellerId = takerBuys ? ad.user_id : takerId;
  const rules = await legalTrade(tx);
  const value = await valueInUsdt(tx, ad.crypto, quantity, now);
  // The buyer's limits; a taker who sells also sends crypto: refused while their security lock
  // runs, read under their row lock here, in the sale's transaction (outflow.ts requireOutflowUnlocked).
  await lockUsers(tx, takerBuys ? [buyerId] : [buyerId, sellerId]);
  if (!takerBuys) await requireOutflowUnlocked(tx, sellerId, now);
  await refuseIfSuspended(tx, takerId, rules, now);
  await refuseIfOwnerSuspended(tx, ad.user_id, rules, now);
  // The trust limits bound what a taker buys; an advertiser's buy ad is bounded by its own total.
  if (takerBuys) await checkTrustLimits(tx, buyerId, value, now);
  // The buyer pays to one of the seller's collection methods: one of the sell ad's, or the taker's own.
  const methodId = takerBuys ? (body.method_id ?? ad.method_ids[0]) : body.method_id;
  if (!takerBuys && methodId === undefined) throw new Refusal('fiatMethodRequired');
  if (takerBuys && methodId !== undefined && !ad.method_ids.includes(methodId)) throw new Refusal('fiatMethodUnknown');
  const method = await methodOf(tx, sellerId, methodId);
  if (methodId !== undefined && !method) throw new Refusal('fiatMethodUnknown');

  const [seq] = await tx.query<{ id: string }>(`select nextval('fiat_order_id_seq')::text as id`);
  const id = Number(seq!.id);
  const orderNo = `P${new Date(now).toISOString().slice(2, 10).replaceAll('-', '')}${String(id).padStart(6, '0')}`;
  await tx.query(
    `insert into fiat_order (id, order_no, ad_id, buyer_id, seller_id, taker_id, crypto, fiat, price, quantity, amount, value_usdt, method, created_ms, pay_deadline_ms)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [id, orderNo, ad.id, buyerId, sellerId, takerId, ad.crypto, ad.fiat, price, quantity, amount, value, method ? JSON.stringify(method) : null, now, now + rules.payMs],
  );
  const [left] = await tx.query(`update fiat_ad set remaining = remaining - $2 where id = $1 and remaining >= $2 returning 1`, [ad.id, quantity]);
  if (!left) throw new Refusal('fiatAdShort', { left: numberVar(ad.remaining), crypto: ad.crypto });
  if (!takerBuys) {
    // The taker sells: their crypto goes into escrow now (a sell ad's was frozen when published).
    const key = { userId: sellerId, currency: ad.crypto, account: FIAT_ACCOUNT } as const;
    const states = await lockBalances(tx, [key]);
    if (!canSpend(states.values().next().value, quantity)) throw new Refusal('fiatInsufficient', { crypto: ad.crypto });
    await applyBalanceChanges(tx, states, [{ ...key, available: `-${quantity}`, frozen: quantity, kind: 'fiat_escrow', refType: 'fiat_order', refId: id }]);
  }
  await recordEvent(tx, id, 'created', now);
  return (await readOrder(tx, id))!;
}

/**
 * Gives an unfinished order's escrow back (cancel, expiry, an operator's return): into the sell
 * ad's frozen remaining while the ad is online, else to the seller's available; a buy ad (not
 * closed) gets its quantity back to fill.
 */
async function returnEscrow(tx: Queryable, order: OrderRow) {
  const [raw] = await tx.query<AdRow>(`select ${AD_COLUMNS} from fiat_ad a where a.id = $1 for update`, [order.ad_id]);
  const ad = normaliseAd(raw!);
  if (ad.status !== 'closed') await tx.query(`update fiat_ad set remaining = least(total, remaining + $2) where id = $1`, [ad.id, order.quantity]);
  if (ad.side === 'sell' && ad.status === 'online') return;
  const key = { userId: order.seller_id, currency: order.crypto, account: FIAT_ACCOUNT } as const;
  const states = await lockBalances(tx, [key]);
  await applyBalanceChanges(tx, states, [{ ...key, available: order.quantity, frozen: `-${order.quantity}`, kind: 'fiat_escrow_return', refType: 'fiat_order', refId: order.id }]);
}

/** Releases the escrow to the buyer's legal account. */
async function releaseEscrow(tx: Queryable, order: OrderRow) {
  const seller = { userId: order.seller_id, currency: order.crypto, account: FIAT_ACCOUNT } as const;
  const buyer = { userId: order.buyer_id, currency: order.crypto, account: FIAT_ACCOUNT } as const;
  const states = await lockBalances(tx, [seller, buyer]);
  const changes: BalanceChange[] = [
    { ...seller, available: '0', frozen: `-${order.quantity}`, kind: 'fiat_release', refType: 'fiat_order', refId: order.id },
    { ...buyer, available: order.quantity, frozen: '0', kind: 'fiat_receive', refType: 'fiat_order', refId: order.id },
  ];
  await applyBalanceChanges(tx, states, changes);
}

export interface TransitionInput {
  orderId: number;
  /** The user taking the step, or 'operator' / 'system'. */
  actor: number | 'operator' | 'system';
  action: FiatAction;
  reason?: string;
  operatorId?: number;
}

/**
 * Whether asking for the status the order is already in is a repeat to answer without a change,
 * not a refusal: only when this very step ended it (the row says which: a buyer's cancel, the
 * seller's release with no ruling). An operator's ruling is never a repeat: on an order that has
 * left its appeal (the seller released it, or another ruling came first) it is refused and audited
 * as refused, not answered "Appeal resolved" with no audit row.
 */
function endedBy(order: OrderRow, action: FiatAction): boolean {
  if (action === 'cancel') return order.cancel_reason === 'buyer';
  if (action === 'release') return order.resolution === null;
  if (action === 'resolveRelease' || action === 'resolveReturn') return false;
  return true;
}

/**
 * One step of the lifecycle, inside the caller's transaction: the order's row is locked, the step
 * is checked against FIAT_TRANSITIONS and the actor's role, and the update is guarded by the status
 * it leaves, so of two racing steps the second finds the order moved on and is refused (or, when it
 * asked for the state the order is already in by the same step, answered without a change).
 */
export async function transition(tx: Queryable, input: TransitionInput, now: number): Promise<{ order: OrderRow; changed: boolean }> {
  const order = await readOrder(tx, input.orderId, true);
  if (!order) throw new Refusal('fiatOrderUnknown');
  const { action, actor } = input;
  const role = actor === 'operator' || actor === 'system' ? actor : order.buyer_id === actor ? 'buyer' : order.seller_id === actor ? 'seller' : undefined;
  if (!role) throw new Refusal('fiatOrderUnknown');
  const rule = FIAT_TRANSITIONS[action];
  if (action !== 'appeal' && rule.by !== role) throw new Refusal(rule.by === 'buyer' ? 'fiatBuyerOnly' : rule.by === 'seller' ? 'fiatSellerOnly' : 'fiatNotAllowed');
  const target = nextStatus(order.status, action, role);
  if (!target) {
    if (order.status === rule.to && action !== 'appeal' && endedBy(order, action)) return { order, changed: false };
    throw new Refusal('fiatNotAllowed');
  }
  // Deadlines hold at the action, by this server's clock; the sweep only tidies up after them.
  if (action === 'markPaid' && now >= order.pay_deadline_ms) throw new Refusal('fiatPayDeadlinePassed');
  if (action === 'expire' && now < order.pay_deadline_ms) throw new Refusal('fiatNotAllowed');
  if (action === 'appeal') {
    if (role !== 'buyer' && role !== 'seller') throw new Refusal('fiatNotAllowed');
    if (!canAppeal({ status: order.status, confirm_deadline: order.confirm_deadline_ms }, role, now)) {
      throw new Refusal('fiatAppealTooEarly', { until: new Date(order.confirm_deadline_ms ?? now).toISOString().slice(0, 16).replace('T', ' ') });
    }
  }
  // The seller's release sends the escrow to the buyer: refused while the seller's security lock
  // runs, read in this transaction under their row lock, after the order's (outflow.ts).
  if (action === 'release') await requireOutflowUnlocked(tx, order.seller_id, now);
  const sets: string[] = ['status = $3'];
  const params: unknown[] = [order.id, rule.from, target];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (action === 'markPaid') {
    set('paid_ms', now);
    set('confirm_deadline_ms', now + (await legalTrade(tx)).confirmMs);
  }
  if (target === 'completed' || target === 'cancelled') set('finished_ms', now);
  if (action === 'cancel') set('cancel_reason', 'buyer');
  if (action === 'expire') set('cancel_reason', 'expired');
  if (action === 'resolveReturn') set('cancel_reason', 'operator');
  if (action === 'appeal') {
    set('appeal_by', role);
    set('appeal_reason', input.reason ?? '');
    set('appeal_ms', now);
  }
  if (action === 'resolveRelease' || action === 'resolveReturn') {
    set('resolution', input.reason ?? '');
    set('resolved_by', input.operatorId ?? null);
  }
  // A finishing step also counts in both parties' records (fiat_user_stats, the ad list's figures):
  // fiat_order's trigger does it at this transaction's commit (migration 074), whatever path wrote the status.
  const updated = await tx.query(`update fiat_order set ${sets.join(', ')} where id = $1 and status = any($2::text[]) returning 1`, params);
  if (updated.length === 0) throw new Refusal('fiatNotAllowed');
  if (target === 'completed') await releaseEscrow(tx, order);
  if (target === 'cancelled') await returnEscrow(tx, order);
  await recordEvent(tx, order.id, action, now);
  return { order: (await readOrder(tx, order.id))!, changed: true };
}

/**
 * An outage no longer than this — a standby taking over, a quick restart — costs a buyer at most
 * that much of a window of minutes: deadlines hold across it, and what fell due meanwhile is
 * expired by the first sweep (issue 38: "P2P deadlines honoured across kills").
 */
export const SHORT_OUTAGE_MS = 30_000;

/** Each sweep says when it ran: the next process to run P2P reads how long nothing did. */
export async function markSwept(q: Queryable, now: number): Promise<void> {
  await q.query(`insert into fiat_sweep (one, swept_ms) values (true, $1) on conflict (one) do update set swept_ms = excluded.swept_ms`, [now]);
}

/**
 * Pay deadlines that passed while the server was down: the buyer could not act, so instead of a
 * cancellation (which would count against max_unpaid_num) the deadline moves to GRACE_MINUTES
 * after the start, and the order says so (`graced`). Run once before the sweeper starts. Not after
 * a short outage (the last sweep within SHORT_OUTAGE_MS): then the deadlines hold.
 */
export async function graceOverdue(tx: Queryable, now: number): Promise<number[]> {
  const [last] = await tx.query<{ swept_ms: string }>(`select swept_ms::text from fiat_sweep`);
  if (last && now - Number(last.swept_ms) <= SHORT_OUTAGE_MS) return [];
  const rows = await tx.query<{ id: number }>(
    `update fiat_order set pay_deadline_ms = $2, graced = true where status = 'unpaid' and pay_deadline_ms <= $1 returning id`,
    [now, now + GRACE_MINUTES * MINUTE_MS],
  );
  for (const r of rows) await recordEvent(tx, Number(r.id), 'graced', now);
  return rows.map((r) => Number(r.id));
}

/** Unpaid orders past their deadline (while the server runs), each to be expired on its own. */
export async function dueOrders(q: Queryable, now: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>(`select id from fiat_order where status = 'unpaid' and pay_deadline_ms <= $1 order by pay_deadline_ms limit 200`, [now]);
  return rows.map((r) => Number(r.id));
}
