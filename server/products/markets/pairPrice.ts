import type { PairPrice } from '../../../domain/api.js';
import { mulDecimal } from '../../../domain/decimal.js';
import { PRICING_CODES, type PricingCode } from '../../../domain/pricingCurrencies.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import type { FiatRateSource } from './fiatRates.js';

async function coinPriceInUsdt(db: Queryable, symbol: string): Promise<string | undefined> {
  const rows = await db.query<{ price: string }>('select trim_scale(price)::text as price from currency where symbol = $1', [
    symbol.toUpperCase(),
  ]);
  return rows[0]?.price;
}

function asPricingCode(value: string): PricingCode | undefined {
  const upper = value.toUpperCase();
  return (PRICING_CODES as readonly string[]).includes(upper) ? (upper as PricingCode) : undefined;
}

/**
 * GET /api/market/pairPrice. Understands usdt_{fiat} (from the fiat rate source),
 * {coin}_usdt (from the currency price) and {coin}_{fiat} (the product of both).
 */
export async function pairPrice(db: Queryable, rates: FiatRateSource, pair: string): Promise<PairPrice | undefined> {
  const [base, quote] = pair.toLowerCase().split('_');
  if (!base || !quote) return undefined;
  const fiat = asPricingCode(quote);
  if (base === 'usdt' && fiat) {
    const rate = await rates.usdtIn(fiat);
    return rate && { pair: rate.pair, price: rate.price, source: rate.source, updated_at: rate.updated_at };
  }
  const coin = await coinPriceInUsdt(db, base);
  if (coin === undefined) return undefined;
  const now = new Date().toISOString();
  if (quote === 'usdt') return { pair: `${base}_usdt`, price: coin, source: 'currency', updated_at: now };
  if (!fiat) return undefined;
  const rate = await rates.usdtIn(fiat);
  return rate && { pair: `${base}_${quote}`, price: mulDecimal(coin, rate.price), source: `currency×${rate.source}`, updated_at: rate.updated_at };
}
