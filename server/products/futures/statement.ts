import { FuturesOrderStatus as S } from '../../../domain/futures/orderStatus.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import type { StatementSource } from '../../kernel/platform/http/statementRoute.js';

const HEADER = [
  'time_utc', 'contract', 'action', 'type', 'source', 'price', 'average_price', 'quantity', 'filled', 'fee', 'realised_profit', 'status', 'leverage', 'margin_mode', 'order_id', 'placed_utc',
] as const;

/** What a finished order's status reads as in the file. */
const STATUS_WORD: Partial<Record<number, string>> = { [S.allTraded]: 'filled', [S.cancelled]: 'cancelled', [S.invalid]: 'invalid' };

interface OrderRow {
  updated_ms: string;
  created_ms: string;
  contract: string;
  action: string;
  type: string;
  source: string;
  price: string | null;
  average_price: string;
  quantity: string;
  filled: string;
  fee: string;
  profit: string;
  status: number;
  leverage: number;
  margin_mode: string;
  id: string;
}

/**
 * The trader's finished futures orders that traded (docs/API.md "Statements"), oldest first by
 * when they finished: what each filled, at what average price, its fees and the profit it
 * realised — a position's result is realised by the orders that close it. Funding payments are
 * ledger entries (the wallet's statement). Found by the user's index; an order's last write is when
 * it finished (`updated_ms`). `db` is read at each call: the routes are registered before the
 * exchange is built.
 */
export function futuresOrdersStatement(db: () => Queryable): StatementSource {
  return {
    kind: 'futures-orders',
    header: HEADER,
    async rows(userId, from, to, limit) {
      const rows = await db().query<OrderRow>(
        `select updated_ms, created_ms, left_symbol || '_' || right_symbol as contract, action, type, source, trim_scale(price)::text as price,
           trim_scale(round(filled_value / filled, 8))::text as average_price, trim_scale(quantity)::text as quantity, trim_scale(filled)::text as filled,
           trim_scale(fee)::text as fee, trim_scale(profit)::text as profit, status, leverage, margin_mode, id
         from futures_order
         where user_id = $1 and status in (${S.allTraded}, ${S.cancelled}, ${S.invalid}) and filled > 0 and updated_ms >= $2 and updated_ms < $3
         order by updated_ms, id limit $4`,
        [userId, from, to, limit],
      );
      return rows.map((r) => [
        new Date(Number(r.updated_ms)).toISOString(), r.contract, r.action, r.type, r.source, r.price ?? '', r.average_price, r.quantity, r.filled,
        r.fee, r.profit, STATUS_WORD[r.status] ?? String(r.status), r.leverage, r.margin_mode, Number(r.id), new Date(Number(r.created_ms)).toISOString(),
      ]);
    },
  };
}
