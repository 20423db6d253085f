import type { Database } from '../../kernel/platform/db/database.js';
import type { Window } from './windows.js';

/** A trade as aggTrades lists it (each of our trades is its own aggregate). */
export interface AggTrade {
  a: number;
  p: string;
  q: string;
  f: number;
  l: number;
  T: number;
  m: boolean;
  M: boolean;
}

/**
 * A spot or futures pair's committed trades in a window (aggTrades with fromId, startTime or endTime): the
 * channel's snapshot holds only the latest, and those parameters had been ignored, so a bot paging
 * by fromId was answered the newest trades again. Read as GET /api/v3/avgPrice reads them: by id
 * or by the pair's time index (from a startTime).
 */
export async function tradesInWindow(db: Database, table: 'spot_trade' | 'futures_trade', pair: { left: string; right: string }, w: Window): Promise<AggTrade[]> {
  const order = w.fromId !== undefined ? 'id' : w.startTime !== undefined ? 'created_ms, id' : 'id desc';
  const rows = await db.query<{ id: string; price: string; quantity: string; created_ms: string; taker_side: 'buy' | 'sell' }>(
    `select id, trim_scale(price)::text as price, trim_scale(quantity)::text as quantity, created_ms, taker_side from ${table}
     where left_symbol = $1 and right_symbol = $2 and ($3::bigint is null or id >= $3) and ($4::bigint is null or created_ms >= $4) and ($5::bigint is null or created_ms <= $5)
     order by ${order} limit $6`,
    [pair.left, pair.right, w.fromId ?? null, w.startTime ?? null, w.endTime ?? null, w.limit],
  );
  const trades = rows.map((r) => {
    const id = Number(r.id);
    return { a: id, p: r.price, q: r.quantity, f: id, l: id, T: Number(r.created_ms), m: r.taker_side === 'sell', M: true };
  });
  return order === 'id desc' ? trades.reverse() : trades;
}
