import type { FuturesFill, FuturesOrder } from '../../../domain/futures/api.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { ORDER_COLUMNS, orderFromRow, orderView, type OrderRow } from './orderState.js';


/**
 * Reads for programs that follow a user's futures pushes (the Binance user data stream): the
 * private channel names the orders a commit changed by id, these read them and their new trades.
 * Only ever called for a user who has such a stream open, never on the batch's own path.
 */
export function futuresStreamReads(db: Queryable) {
  return {
    /** The user's orders of these ids as committed now (another user's ids read nothing). */
    async ordersById(userId: number, ids: readonly number[]): Promise<FuturesOrder[]> {
      if (ids.length === 0) return [];
      const rows = await db.query<OrderRow>(`select ${ORDER_COLUMNS} from futures_order where user_id = $1 and id = any($2::bigint[]) order by id`, [userId, [...ids]]);
      return rows.map((r) => orderView(orderFromRow(r)));
    },
    /**
     * The order's trades after trade `afterId`, oldest first, at most `limit`: found by the order's
     * id (migration 071's two indexes), the order the user's own.
     */
    async fillsAfter(userId: number, orderId: number, afterId: number, limit: number): Promise<FuturesFill[]> {
      const rows = await db.query<{ id: string; created_ms: string; price: string; quantity: string; fee: string | null; maker: boolean }>(
        `select t.id::text as id, t.created_ms::text as created_ms, trim_scale(t.price)::text as price, trim_scale(t.quantity)::text as quantity,
           trim_scale(case when t.maker_order_id = o.id then t.maker_fee else t.taker_fee end)::text as fee, t.maker_order_id = o.id as maker
         from futures_trade t join futures_order o on o.id = $1 and o.user_id = $2
         where (t.maker_order_id = $1 or t.taker_order_id = $1) and t.id > $3 order by t.id limit $4`,
        [orderId, userId, afterId, limit],
      );
      return rows.map((r) => ({ id: Number(r.id), time: Number(r.created_ms), price: r.price, quantity: r.quantity, fee: r.fee ?? '0', maker: r.maker }));
    },
  };
}
