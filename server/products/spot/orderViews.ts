import { OPEN_ORDER_STATUSES, SpotOrderStatus, type SpotDeal, type SpotOrder, type SpotOrderDetail } from '../../../domain/spotOrders.js';
import { RECORD_PAGE_SIZE, type Page, type RecordDays } from '../../../domain/wallet.js';
import { PLAN_ONCE, type Queryable } from '../../kernel/platform/db/database.js';

/**
 * Spot orders as the wire shows them (domain/spotOrders.ts SpotOrder), read from the committed
 * rows. Every query filters by the owner, so one user can never see another's order.
 */

/** Largest page a list call may ask for. */
export const MAX_PAGE_SIZE = 100;
const DAY_MS = 86_400_000;
const FINISHED_STATUSES: readonly SpotOrderStatus[] = [SpotOrderStatus.filled, SpotOrderStatus.cancelled];

// A market buy's stored quantity is a placeholder (the engine's "no cap"); its entrust total is the
// budget. A market buy of a quantity bounded by the buyer's balance (the Binance dialect's; no budget
// of its own, `quote_budget` null) shows its quantity and no entrust total, as a market sell does.
// The average deal price is rounded to the pair's price precision (`precision`: an SQL expression). One list for both shapes: the columns of a read, and the JSON object a write's own
// statement returns of the rows it wrote (pipeline/record.ts, settlement.ts).
const orderFields = (o: string, precision: string): Array<[keyof SpotOrder, string]> => [
  ['id', `${o}.id`],
  ['symbol', `${o}.left_symbol || '_' || ${o}.right_symbol`],
  ['side', `${o}.side`],
  ['type', `${o}.type`],
  ['price', `trim_scale(${o}.price)::text`],
  ['quantity', `case when ${o}.type = 'market' and ${o}.side = 'buy' and ${o}.quote_budget is not null then '0' else trim_scale(${o}.quantity)::text end`],
  ['amount', `trim_scale(coalesce(${o}.quote_budget, ${o}.price * ${o}.quantity))::text`],
  ['filled', `trim_scale(${o}.filled)::text`],
  ['avg_price', `case when ${o}.filled > 0 then trim_scale(round(${o}.filled_quote / ${o}.filled, ${precision}))::text else '0' end`],
  ['turnover', `trim_scale(${o}.filled_quote)::text`],
  ['fee', `trim_scale(${o}.fee)::text`],
  ['fee_currency', `${o}.fee_currency`],
  ['status', `${o}.status`],
  ['time_in_force', `${o}.tif`],
  ['created_at', `${o}.created_ms`],
  ['updated_at', `${o}.updated_ms`],
];
const ORDER_COLUMNS = orderFields('o', 'p.price_precision')
  .map(([name, expression]) => `${expression} as ${name}`)
  .join(', ');
// The lists and the detail only, not the answers of writes nor the pipeline's rows (issue 50 M11):
// the trigger of the stop that placed the order, and whether it is an OCO's limit leg.
const LISTED_COLUMNS = `${ORDER_COLUMNS},
  (select trim_scale(s.trigger_price)::text from spot_stop s where s.user_id = o.user_id and s.order_id = o.id limit 1) as stop_trigger,
  exists (select 1 from spot_stop s where s.oco_order_id = o.id) as oco`;

/**
 * The wire view (SpotOrder) of the spot_order row `o` as a JSON object, for a statement that writes
 * orders to return them as it wrote them: the answers and the private channel then need no read of
 * their own. `precisionParam`: the parameter holding the pair's price precision.
 */
export const orderViewJson = (o: string, precisionParam: string) =>
  `json_build_object(${orderFields(o, `${precisionParam}::int`)
    .map(([name, expression]) => `'${name}', ${expression}`)
    .join(', ')})`;
const ORDER_FROM = `from spot_order o join pair p on p.left_symbol = o.left_symbol and p.right_symbol = o.right_symbol`;

function toOrder(row: SpotOrder): SpotOrder {
  return { ...row, id: Number(row.id), status: Number(row.status) as SpotOrderStatus, created_at: Number(row.created_at), updated_at: Number(row.updated_at) };
}

/** One of the user's orders, or undefined (unknown id or someone else's). */
export async function orderOf(db: Queryable, userId: number, orderId: number): Promise<SpotOrder | undefined> {
  const [row] = await db.query<SpotOrder>(`select ${ORDER_COLUMNS} ${ORDER_FROM} where o.id = $1 and o.user_id = $2`, [orderId, userId]);
  return row && toOrder(row);
}

/**
 * `orderOf` for a busy market: the reads asked for in one turn of the event loop (cancels of orders
 * no longer resting, repeated submissions; other answers carry the rows their statements wrote) go
 * to the database as one query instead of one each. Same result as `orderOf`, owner filter included.
 */
export function coalescedOrderReader(db: Queryable): (userId: number, orderId: number) => Promise<SpotOrder | undefined> {
  type Waiting = { userId: number; orderId: number; resolve(order: SpotOrder | undefined): void; reject(error: unknown): void };
  let waiting: Waiting[] = [];
  async function flush(): Promise<void> {
    const batch = waiting;
    waiting = [];
    try {
      const byUser = await ordersOf(
        db,
        batch.map((w) => ({ userId: w.userId, orderIds: [w.orderId] })),
      );
      for (const w of batch) w.resolve(byUser.get(w.userId)?.find((o) => o.id === w.orderId));
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
  return (userId, orderId) =>
    new Promise((resolve, reject) => {
      if (waiting.length === 0) setImmediate(() => void flush());
      waiting.push({ userId, orderId, resolve, reject });
    });
}

/**
 * Several users' orders by id, in one query (the coalesced reader's batch): per user, that user's
 * orders among the ids given, in id order. An id of someone else's order reads as nothing.
 */
export async function ordersOf(db: Queryable, wanted: ReadonlyArray<{ userId: number; orderIds: readonly number[] }>): Promise<Map<number, SpotOrder[]>> {
  const byUser = new Map<number, SpotOrder[]>();
  const pairs = wanted.flatMap(({ userId, orderIds }) => orderIds.map((orderId) => [orderId, userId] as const));
  if (pairs.length === 0) return byUser;
  const rows = await db.query<SpotOrder & { user_id: number }>(
    `select ${ORDER_COLUMNS}, o.user_id ${ORDER_FROM}
     where (o.id, o.user_id) in (select * from unnest($1::bigint[], $2::bigint[])) order by o.id`,
    [pairs.map(([orderId]) => orderId), pairs.map(([, userId]) => userId)],
    PLAN_ONCE,
  );
  for (const { user_id, ...row } of rows) {
    const userId = Number(user_id);
    byUser.set(userId, [...(byUser.get(userId) ?? []), toOrder(row)]);
  }
  return byUser;
}

export interface OrderListFilter {
  statuses: readonly SpotOrderStatus[];
  page: number;
  size?: number;
  /** "BTC_USDT" */
  symbol?: string;
  /** Orders of pairs with this currency on either side. */
  currency?: string;
  /** Only orders placed since this time (epoch ms). */
  since?: number;
}

const sameStatuses = (a: readonly SpotOrderStatus[], b: readonly SpotOrderStatus[]) => a.length === b.length && a.every((status) => b.includes(status));

/** A page of the user's orders, newest first. */
export async function listOrders(db: Queryable, userId: number, filter: OrderListFilter): Promise<Page<SpotOrder>> {
  const size = Math.min(Math.max(filter.size ?? RECORD_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const page = Math.max(filter.page, 1);
  const [left, right] = filter.symbol ? filter.symbol.split('_') : [null, null];
  // The open orders' list names their statuses in its text as well: its one generic plan (PLAN_ONCE,
  // no planning per read) can then use spot_order_user_open, whose predicate a parameter cannot
  // prove (migration 081); the finished list is planned for its statuses and window each time.
  const open = sameStatuses(filter.statuses, OPEN_ORDER_STATUSES);
  const where = `where o.user_id = $1 and o.status = any($2::smallint[])${open ? ` and o.status in (${OPEN_ORDER_STATUSES.join(', ')})` : ''}
    and ($3::text is null or (o.left_symbol = $3 and o.right_symbol = $4))
    and ($5::text is null or o.left_symbol = $5 or o.right_symbol = $5)
    and ($6::bigint is null or o.created_ms >= $6)`;
  const params = [userId, [...filter.statuses], left ?? null, right ?? null, filter.currency ?? null, filter.since ?? null];
  // The page and the count in one statement (one round trip through a pool the order pipeline keeps
  // busy: issue 55 §3's open-orders read); a page past the end has no row to carry the count, and
  // only then is it asked apart (none on the first page: nothing there is nothing at all).
  const rows = await db.query<SpotOrder & { total?: number }>(
    `select ${LISTED_COLUMNS}, count(*) over ()::int as total ${ORDER_FROM} ${where} order by o.id desc limit $7 offset $8`,
    [...params, size, (page - 1) * size],
    open ? PLAN_ONCE : undefined,
  );
  const total =
    rows[0]?.total ??
    (page === 1 ? 0 : ((await db.query<{ total: number }>(`select count(*)::int as total from spot_order o ${where}`, params)) as [{ total: number }])[0].total);
  return { list: rows.map(({ total: _total, ...row }) => toOrder(row)), total, page, size };
}

export const listCurrentOrders = (db: Queryable, userId: number, q: { page: number; size?: number; symbol?: string }) =>
  listOrders(db, userId, { ...q, statuses: OPEN_ORDER_STATUSES });

/** Finished orders (fully traded or cancelled) placed in the last `days` days. */
export const listHistoryOrders = (db: Queryable, userId: number, q: { days: RecordDays; page: number; size?: number; symbol?: string; currency?: string }, now = Date.now()) =>
  listOrders(db, userId, { ...q, statuses: FINISHED_STATUSES, since: now - q.days * DAY_MS });

/** An order with its fills (spec §3 deal details), oldest fill first. */
export async function orderDetailOf(db: Queryable, userId: number, orderId: number): Promise<SpotOrderDetail | undefined> {
  const [row] = await db.query<SpotOrder>(`select ${LISTED_COLUMNS} ${ORDER_FROM} where o.id = $1 and o.user_id = $2`, [orderId, userId]);
  if (!row) return undefined;
  const order = toOrder(row);
  const deals = await db.query<SpotDeal>(
    `select id, created_ms as time, trim_scale(price)::text as price, trim_scale(quantity)::text as quantity,
       trim_scale(case when maker_order_id = $1 then maker_fee else taker_fee end)::text as fee,
       trim_scale(case when maker_order_id = $1 then maker_rate else taker_rate end)::text as rate,
       case when maker_order_id = $1 then 'maker' else 'taker' end as role
     from spot_trade where maker_order_id = $1 or taker_order_id = $1 order by id`,
    [orderId],
  );
  return { ...order, deals: deals.map((d) => ({ ...d, id: Number(d.id), time: Number(d.time) })) };
}

/**
 * A window over one user's orders or fills in one pair, as Binance's allOrders and myTrades read
 * them (the Binance dialect, through the `spotTrading` offer): from an id or a time onwards, oldest
 * first; with neither, the newest `limit` up to `endTime`, still listed oldest first.
 */
export interface ListWindow {
  /** "BTC_USDT" */
  symbol: string;
  fromId?: number;
  startTime?: number;
  endTime?: number;
  limit: number;
}

/** A fill of one of the user's orders, with what of its order a trade list shows. */
export interface OrderFill extends SpotDeal {
  order: Pick<SpotOrder, 'id' | 'symbol' | 'side' | 'fee_currency'>;
}

const fromStart = (w: ListWindow) => w.fromId !== undefined || w.startTime !== undefined;
const windowParams = (userId: number, w: ListWindow) => {
  const [left, right] = w.symbol.split('_');
  return [userId, left, right, w.fromId ?? null, w.startTime ?? null, w.endTime ?? null, w.limit];
};

/** The user's orders in `w` (every status), by the user's index: a busy pair's other orders are never read. */
export async function ordersInWindow(db: Queryable, userId: number, w: ListWindow): Promise<SpotOrder[]> {
  const rows = await db.query<SpotOrder>(
    `select ${ORDER_COLUMNS} ${ORDER_FROM}
     where o.user_id = $1 and o.left_symbol = $2 and o.right_symbol = $3
       and ($4::bigint is null or o.id >= $4) and ($5::bigint is null or o.created_ms >= $5) and ($6::bigint is null or o.created_ms <= $6)
     order by o.id ${fromStart(w) ? 'asc' : 'desc'} limit $7`,
    windowParams(userId, w),
  );
  const orders = rows.map(toOrder);
  return fromStart(w) ? orders : orders.reverse();
}

/**
 * The fills of the user's orders in `w` (of one order with `orderId`), by trade id; a trade between
 * two of the user's own orders is listed once for each, as Binance lists it.
 */
export async function fillsInWindow(db: Queryable, userId: number, w: ListWindow & { orderId?: number }): Promise<OrderFill[]> {
  const fill = (role: 'maker' | 'taker') =>
    `select t.id, t.created_ms as time, trim_scale(t.price)::text as price, trim_scale(t.quantity)::text as quantity,
       trim_scale(t.${role}_fee)::text as fee, trim_scale(t.${role}_rate)::text as rate, '${role}' as role,
       m.id as order_id, m.side, m.fee_currency
     from mine m join spot_trade t on t.${role}_order_id = m.id`;
  const rows = await db.query<SpotDeal & { order_id: string; side: SpotOrder['side']; fee_currency: string }>(
    `with mine as (select o.id, o.side, o.fee_currency from spot_order o where o.user_id = $1 and o.left_symbol = $2 and o.right_symbol = $3 and ($8::bigint is null or o.id = $8))
     select * from (${fill('maker')} union all ${fill('taker')}) f
     where ($4::bigint is null or f.id >= $4) and ($5::bigint is null or f.time >= $5) and ($6::bigint is null or f.time <= $6)
     order by ${fromStart(w) ? 'f.id, f.order_id' : 'f.id desc, f.order_id desc'} limit $7`,
    [...windowParams(userId, w), w.orderId ?? null],
  );
  const fills = rows.map(({ order_id, side, fee_currency, ...deal }) => ({
    ...deal,
    id: Number(deal.id),
    time: Number(deal.time),
    order: { id: Number(order_id), symbol: w.symbol, side, fee_currency },
  }));
  return fromStart(w) ? fills : fills.reverse();
}
