import { MINUTE_MS, type FiatAction } from '../../../domain/fiat.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { notify, type NotificationKind } from '../../kernel/platform/notifications/notify.js';
import type { OrderRow } from './orders.js';

/**
 * P2P notifications (issue 37): written in the transaction of the event they report, so a bell
 * never tells of a step that rolled back; the caller pushes `notice` to each returned user after
 * the commit. Texts are the kernel's notification catalogue, rendered in the reader's language at
 * read time.
 */

/** How long before a deadline both parties are told it is near. */
export const DEADLINE_NOTICE_MS = 5 * MINUTE_MS;

const paramsOf = (order: OrderRow, extra: Record<string, string> = {}) => ({
  order_no: order.order_no,
  quantity: order.quantity,
  crypto: order.crypto,
  amount: order.amount,
  fiat: order.fiat,
  ...extra,
});

async function tell(tx: Queryable, users: number[], kind: NotificationKind, params: Record<string, string>): Promise<number[]> {
  for (const userId of users) await notify(tx, userId, { kind, params });
  return users;
}

/** The ad's owner hears that it was taken: whoever of the two parties did not take it. */
export function orderTaken(tx: Queryable, order: OrderRow): Promise<number[]> {
  const owner = order.taker_id === order.buyer_id ? order.seller_id : order.buyer_id;
  return tell(tx, [owner], 'p2p_order_taken', paramsOf(order));
}

/** After a transition that changed the order: who is told what (none for most steps). */
export function afterTransition(tx: Queryable, action: FiatAction, order: OrderRow, reason: string | undefined): Promise<number[]> {
  if (action === 'markPaid') return tell(tx, [order.seller_id], 'p2p_order_paid', paramsOf(order));
  if (action === 'resolveRelease' || action === 'resolveReturn') {
    const kind = action === 'resolveRelease' ? 'p2p_appeal_released' : 'p2p_appeal_returned';
    return tell(tx, [order.buyer_id, order.seller_id], kind, paramsOf(order, { reason: reason ?? '' }));
  }
  return Promise.resolve([]);
}

/**
 * Deadlines near: unpaid orders within DEADLINE_NOTICE_MS of the pay deadline, paid ones within it
 * of the confirm deadline, each announced once to both parties (the flag is set by the same
 * statement that picks the order, so two sweeps never announce it twice).
 */
export async function deadlinesNear(tx: Queryable, now: number): Promise<number[]> {
  const told: number[] = [];
  const pay = await tx.query<OrderRow & { due_ms: string }>(
    `update fiat_order set pay_warned = true
     where status = 'unpaid' and not pay_warned and pay_deadline_ms > $1 and pay_deadline_ms <= $1 + $2
     returning id, order_no, buyer_id, seller_id, crypto, fiat, trim_scale(quantity)::text as quantity, trim_scale(amount)::text as amount, pay_deadline_ms as due_ms`,
    [now, DEADLINE_NOTICE_MS],
  );
  const confirm = await tx.query<OrderRow & { due_ms: string }>(
    `update fiat_order set confirm_warned = true
     where status = 'paid' and not confirm_warned and confirm_deadline_ms > $1 and confirm_deadline_ms <= $1 + $2
     returning id, order_no, buyer_id, seller_id, crypto, fiat, trim_scale(quantity)::text as quantity, trim_scale(amount)::text as amount, confirm_deadline_ms as due_ms`,
    [now, DEADLINE_NOTICE_MS],
  );
  const minutes = (due: string) => String(Math.max(1, Math.ceil((Number(due) - now) / MINUTE_MS)));
  for (const r of pay) told.push(...(await tell(tx, [Number(r.buyer_id), Number(r.seller_id)], 'p2p_pay_deadline_near', paramsOf(r, { minutes: minutes(r.due_ms) }))));
  for (const r of confirm) told.push(...(await tell(tx, [Number(r.buyer_id), Number(r.seller_id)], 'p2p_confirm_deadline_near', paramsOf(r, { minutes: minutes(r.due_ms) }))));
  return told;
}
