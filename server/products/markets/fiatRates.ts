import type { PricingCode } from '../../../domain/pricingCurrencies.js';
import type { Queryable } from '../../kernel/platform/db/database.js';

/** The USDT price in one pricing currency, with where it came from and when. */
export interface FiatRate {
  pair: string;
  price: string;
  source: string;
  updated_at: string;
}

/**
 * Where USDT→fiat prices come from. The default reads the fiat_rate table (seeded with reference
 * rates, editable by an operator); a live feed replaces it by implementing this interface and
 * being passed to buildApp in server/main.ts.
 */
export interface FiatRateSource {
  usdtIn(code: PricingCode): Promise<FiatRate | undefined>;
}

export function databaseFiatRates(db: Queryable): FiatRateSource {
  return {
    async usdtIn(code) {
      const rows = await db.query<FiatRate>(
        `select pair, trim_scale(price)::text as price, source, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at
         from fiat_rate where pair = $1`,
        [`usdt_${code.toLowerCase()}`],
      );
      return rows[0];
    },
  };
}
