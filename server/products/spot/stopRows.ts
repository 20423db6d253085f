import type { SpotStop } from '../../../domain/spotOrders.js';
import type { Page } from '../../../domain/wallet.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { MAX_PAGE_SIZE } from './orderViews.js';

/** A spot_stop row as read, and the stop as the wire carries it (stops.ts, the history below). */
export interface StopRow {
  id: string;
  user_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  trigger_price: string;
  price: string;
  quantity: string;
  frozen: string;
  freeze_currency: string;
  oco_order_id: string | null;
  order_id: string | null;
  status: number;
  created_ms: string;
  updated_ms: string;
}

export const STOP_COLUMNS = `s.id, s.user_id, s.left_symbol || '_' || s.right_symbol as symbol, s.side, trim_scale(s.trigger_price)::text as trigger_price,
  trim_scale(s.price)::text as price, trim_scale(s.quantity)::text as quantity, trim_scale(s.frozen)::text as frozen, s.freeze_currency,
  s.oco_order_id, s.order_id, s.status, s.created_ms, s.updated_ms`;

export const toStop = (r: StopRow): SpotStop => ({
  id: Number(r.id),
  symbol: r.symbol,
  side: r.side,
  trigger_price: r.trigger_price,
  price: r.price,
  quantity: r.quantity,
  frozen: r.frozen,
  status: r.status as SpotStop['status'],
  oco_order_id: r.oco_order_id === null ? null : Number(r.oco_order_id),
  order_id: r.order_id === null ? null : Number(r.order_id),
  created_at: Number(r.created_ms),
  updated_at: Number(r.updated_ms),
});

/**
 * Stops that are over (issue 50 M11): cancelled (by the user, or with their OCO's limit leg),
 * failed, or triggered with their order finished; placed in the last `days`; newest first.
 */
export async function stopHistoryPage(db: Queryable, userId: number, q: { page: number; size?: number; symbol?: string; days: number }, now: number): Promise<Page<SpotStop>> {
  const size = Math.min(Math.max(q.size ?? 20, 1), MAX_PAGE_SIZE);
  const page = Math.max(q.page, 1);
  const [left, right] = q.symbol ? q.symbol.toUpperCase().split('_') : [null, null];
  const where = `where s.user_id = $1 and ($2::text is null or (s.left_symbol = $2 and s.right_symbol = $3)) and s.created_ms >= $4
    and (s.status in (3, 4) or (s.status = 2 and s.order_id is not null and not exists (select 1 from spot_order o where o.id = s.order_id and o.status in (1, 2))))`;
  const params = [userId, left ?? null, right ?? null, now - q.days * 86_400_000];
  const [{ total }] = (await db.query<{ total: number }>(`select count(*)::int as total from spot_stop s ${where}`, params)) as [{ total: number }];
  const rows = await db.query<StopRow>(`select ${STOP_COLUMNS} from spot_stop s ${where} order by s.id desc limit $5 offset $6`, [...params, size, (page - 1) * size]);
  return { list: rows.map(toStop), total, page, size };
}
