import { cacheVersion } from '../../kernel/platform/caches.js';
import { listPairs, PAIRS_CACHE } from '../../kernel/platform/catalogue.js';
import type { Pair } from '../../../domain/api.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { invalidSymbol } from './errors.js';

/** Binance writes a pair without a separator ("BTCUSDT"); ours is "BTC_USDT". */
export const binanceSymbol = (ours: string) => ours.replace('_', '').toUpperCase();

/**
 * The listed pairs by Binance symbol, held until any process changes a pair (a listing, a halt:
 * kernel/platform/caches.ts) — read again at most once a second while changes may go unheard — so
 * a junk symbol costs no query.
 */
export function pairDirectory(db: Database) {
  let read: { at: number; version: number | undefined; bySymbol: Map<string, Pair> } | undefined;
  async function all(): Promise<Map<string, Pair>> {
    const now = Date.now();
    const version = cacheVersion(db, PAIRS_CACHE);
    if (read && (version !== undefined ? read.version === version : now - read.at < 1000)) return read.bySymbol;
    const pairs = await listPairs(db);
    read = { at: now, version, bySymbol: new Map(pairs.map((p) => [`${p.left_symbol}${p.right_symbol}`, p])) };
    return read.bySymbol;
  }
  return {
    all,
    /** The pair a Binance symbol names, or Binance's -1121. */
    async pair(symbol: string | undefined): Promise<Pair> {
      const pair = symbol && (await all()).get(symbol.toUpperCase());
      if (!pair) throw invalidSymbol();
      return pair;
    },
  };
}
