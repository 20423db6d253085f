/** Pricing fiat currencies of spec §1; USD is the default. */
export interface PricingCurrency {
  /** ISO code, also the `usdt_{code}` pair suffix in lower case. */
  name: PricingCode;
  /** Mark shown before amounts. */
  mark: string;
  /** Numeric id of spec §1. */
  id: number;
}

export const PRICING_CODES = ['USD', 'JPY', 'KRW', 'HKD', 'RUB', 'EUR', 'GBP', 'TRY'] as const;
export type PricingCode = (typeof PRICING_CODES)[number];

export const PRICING_CURRENCIES: readonly PricingCurrency[] = [
  { name: 'USD', mark: '$', id: 2 },
  { name: 'JPY', mark: '¥', id: 3 },
  { name: 'KRW', mark: '₩', id: 4 },
  { name: 'HKD', mark: 'HK$', id: 5 },
  { name: 'RUB', mark: '₽', id: 6 },
  { name: 'EUR', mark: '€', id: 7 },
  { name: 'GBP', mark: '£', id: 8 },
  { name: 'TRY', mark: '₺', id: 9 },
];

export const DEFAULT_PRICING_CURRENCY: PricingCurrency = PRICING_CURRENCIES[0]!;

/** Spec §1: a stored choice is used only if its name and mark pair match the configured list. */
export function matchPricingCurrency(stored: unknown): PricingCurrency | undefined {
  if (!stored || typeof stored !== 'object') return undefined;
  const s = stored as Partial<PricingCurrency>;
  return PRICING_CURRENCIES.find((c) => c.name === s.name && c.mark === s.mark);
}

/** The price pair name of spec §7: usdt_usd, usdt_jpy, ... */
export function usdtPricePair(code: PricingCode): string {
  return `usdt_${code.toLowerCase()}`;
}
