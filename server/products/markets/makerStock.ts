import { MARKET_MAKER_ACCOUNTS } from '../../kernel/platform/db/seed/marketMakers.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { changeBalance } from '../../kernel/platform/ledger/ledger.js';

/** What the makers of a listed pair are given of a currency they hold none of: about this much in the quote currency's USDT worth. */
export const MAKER_STOCK_USDT = 2_000_000;

/**
 * The makers' stock of a currency listed at runtime (issue 52 §1). The two market-maker accounts
 * were funded once, at their first start, in the seeded currencies only (seed/marketMakers.ts), so
 * the makers of a pair on a new coin would quote no asks and take nothing. A listing with makers on
 * gives each of them, in the listing's transaction, a stock of the pair's base and quote currencies
 * they hold none of: worth MAKER_STOCK_USDT at the reference price (the quote's USDT price, else 1),
 * deposited across the chain boundary as their first funding was, so the ledger audit adds up.
 * Without the accounts (makers never started here) nothing is given.
 */
export async function stockListedMakers(
  tx: Queryable,
  pair: { base: string; quote: string; reference_price: string; amount_precision: number; price_precision: number },
): Promise<void> {
  const makers = await tx.query<{ id: string }>('select id from app_user where account = any($1::text[]) order by id', [Object.values(MARKET_MAKER_ACCOUNTS)]);
  if (makers.length === 0) return;
  const [quote] = await tx.query<{ price: string }>('select price::text as price from currency where symbol = $1', [pair.quote]);
  const quoteUsdt = Number(quote?.price) > 0 ? Number(quote!.price) : 1;
  const stock: Array<[string, string]> = [
    [pair.base, (MAKER_STOCK_USDT / quoteUsdt / Number(pair.reference_price)).toFixed(pair.amount_precision)],
    [pair.quote, (MAKER_STOCK_USDT / quoteUsdt).toFixed(Math.min(8, pair.price_precision + pair.amount_precision))],
  ];
  for (const { id } of makers) {
    for (const [currency, amount] of stock) {
      if (!(Number(amount) > 0)) continue;
      const held = await tx.query('select 1 from balance where user_id = $1 and currency = $2 limit 1', [id, currency]);
      if (held.length > 0) continue;
      await changeBalance(tx, { userId: Number(id), currency, account: 'spot', available: amount, frozen: '0', kind: 'deposit', refType: 'market_maker_listing', refId: null });
    }
  }
}
