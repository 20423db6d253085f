import type { Queryable } from '../../kernel/platform/db/database.js';
import type { UserFeed } from '../../kernel/platform/realtime/userFeed.js';

/**
 * How far before its restore the futures exchange's new holder tells users of the orders written:
 * as spot's RESTORED_WINDOW_MS (spotMarket.ts) — a holder killed between a batch's commit and its
 * push leaves notices nobody sent, written at most a lease lapse and a start before the restore.
 */
export const FUTURES_RESTORED_WINDOW_MS = 10_000;
/**
 * How long after `start` the holder tells them: it asked who listens as it announced itself, and
 * the socket processes answer within milliseconds (as spot's TELL_RESTORED_AFTER_MS).
 */
export const FUTURES_TELL_AFTER_MS = 1000;

/**
 * After a restore (issue 53 §4), once the user channel knows who listens: tells each listening user
 * of the futures orders written since `since` — the push a batch sends (`kind: 'futures'` with the
 * symbols and order ids, which the page reads again) and their contract balance. A notice told twice
 * is harmless: the client reads the orders again either way. One read, once per restore.
 */
export async function tellRestoredFutures(db: Queryable, feed: UserFeed, since: number): Promise<number> {
  const rows = await db.query<{ user_id: string; id: string; symbol: string }>(
    `select user_id::text, id::text, left_symbol || '_' || right_symbol as symbol from futures_order where updated_ms >= $1 order by id`,
    [since],
  );
  const byUser = new Map<number, { symbols: Set<string>; orders: number[] }>();
  for (const r of rows) {
    const userId = Number(r.user_id);
    if (feed.listening && !feed.listening(userId)) continue;
    const told = byUser.get(userId) ?? { symbols: new Set<string>(), orders: [] };
    told.symbols.add(r.symbol);
    told.orders.push(Number(r.id));
    byUser.set(userId, told);
  }
  for (const [userId, { symbols, orders }] of byUser) {
    feed.message?.(userId, { channel: 'user', kind: 'futures', symbols: [...symbols], orders } as never);
    feed.balancesChanged(userId, [{ currency: 'USDT', account: 'contract' }]);
  }
  return byUser.size;
}
