import type { PublicTrade } from '../../../../../domain/market';

/** How many trades the panel keeps (the server's snapshot holds the same number). */
export const TRADES_KEPT = 50;

/**
 * New trades in front of the kept ones, newest first, each id once, at most `limit`. Batches are
 * newest first on the wire; sorting by time then id keeps the order right even if one arrives
 * out of order.
 */
export function mergeTrades(kept: PublicTrade[], incoming: PublicTrade[], limit = TRADES_KEPT): PublicTrade[] {
  const seen = new Set<number>();
  const all = [...incoming, ...kept].filter((t) => (seen.has(t.id) ? false : (seen.add(t.id), true)));
  all.sort((a, b) => b.time - a.time || b.id - a.id);
  return all.slice(0, limit);
}
