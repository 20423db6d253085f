import { listPairs } from '../../kernel/platform/catalogue.js';
import type { Pair } from '../../../domain/api.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { invalidSymbol } from './errors.js';

/** Binance writes a pair without a separator ("BTCUSDT"); ours is "BTC_USDT". */
export const binanceSymbol = (ours: string) => ours.replace('_', '').toUpperCase();

/**
 * The listed pairs by Binance symbol, read again at most once a second (pairs are listed at
 * runtime: an ICO token at its settlement), so a junk symbol costs no query.
 */
export function pairDirectory(db: Database) {
  let read: { at: number; bySymbol: Map<string, Pair> } | undefined;
  async function all(): Promise<Map<string, Pair>> {
    const now = Date.now();
    if (read && now - read.at < 1000) return read.bySymbol;
    const pairs = await listPairs(db);
    read = { at: now, bySymbol: new Map(pairs.map((p) => [`${p.left_symbol}${p.right_symbol}`, p])) };
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
