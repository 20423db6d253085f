/**
 * Reference USDT prices in each pricing currency, used until an operator or a feed replaces them
 * (see server/products/markets/fiatRates.ts and the README). The source tag says where the figure is from.
 */
export const SEED_RATES_SOURCE = 'seed:reference-rates-2026-11';

export const SEED_FIAT_RATES: Record<string, string> = {
  usdt_usd: '1.0002',
  usdt_jpy: '154.37',
  usdt_krw: '1396.8',
  usdt_hkd: '7.7861',
  usdt_rub: '96.42',
  usdt_eur: '0.9284',
  usdt_gbp: '0.7893',
  usdt_try: '34.61',
};
