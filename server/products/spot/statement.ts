import type { Queryable } from '../../kernel/platform/db/database.js';
import type { StatementSource } from '../../kernel/platform/http/statementRoute.js';

const HEADER = ['time_utc', 'pair', 'side', 'role', 'price', 'quantity', 'quote_amount', 'fee', 'fee_currency', 'order_id', 'trade_id'] as const;

interface FillRow {
  time: string;
  pair: string;
  side: string;
  role: string;
  price: string;
  quantity: string;
  quote_amount: string;
  fee: string;
  fee_currency: string;
  order_id: string;
  trade_id: string;
}

/**
 * The trader's spot fills in every pair (docs/API.md "Statements"), oldest first: a trade between
 * two of the user's own orders is a line for each, as the order pages and Binance's myTrades list
 * it. The user's orders are found by their index, kept to those written since the window opened
 * (a fill sets its order's `updated_ms` to the trade's time, so no order with a fill in the window
 * was last written before it), then their trades by the maker and taker indexes.
 */
export function spotFillsStatement(db: Queryable): StatementSource {
  const fill = (role: 'maker' | 'taker') =>
    `select t.created_ms as time, m.left_symbol || '_' || m.right_symbol as pair, m.side, '${role}' as role,
       trim_scale(t.price)::text as price, trim_scale(t.quantity)::text as quantity, trim_scale(t.price * t.quantity)::text as quote_amount,
       trim_scale(t.${role}_fee)::text as fee, m.fee_currency, m.id as order_id, t.id as trade_id
     from mine m join spot_trade t on t.${role}_order_id = m.id`;
  return {
    kind: 'spot-fills',
    header: HEADER,
    async rows(userId, from, to, limit) {
      const rows = await db.query<FillRow>(
        `with mine as (select o.id, o.side, o.fee_currency, o.left_symbol, o.right_symbol from spot_order o where o.user_id = $1 and o.updated_ms >= $2)
         select * from (${fill('maker')} union all ${fill('taker')}) f
         where f.time >= $2 and f.time < $3
         order by f.time, f.trade_id, f.order_id limit $4`,
        [userId, from, to, limit],
      );
      return rows.map((r) => [new Date(Number(r.time)).toISOString(), r.pair, r.side, r.role, r.price, r.quantity, r.quote_amount, r.fee, r.fee_currency, Number(r.order_id), Number(r.trade_id)]);
    },
  };
}
