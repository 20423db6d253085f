import type { SnapshotFrom } from 'xstate';
import { mulDecimal } from '../../../../domain/decimal';
import { formatFiat } from '../../../../domain/localeFormat';
import type { appMachine } from './app.machine';

type AppSnapshot = SnapshotFrom<typeof appMachine>;

export const selectIsShown = (s: AppSnapshot) => s.matches({ running: 'ready' });
/** The startup loads are done: the app may be rendered (hidden until it is shown, spec §9's 500 ms later). */
export const selectIsStarted = (s: AppSnapshot) => s.matches('running');
export const selectIsBooting = (s: AppSnapshot) => s.matches('booting') || s.matches({ running: 'revealing' });
export const selectBootFailure = (s: AppSnapshot): 'config' | 'currencies' | 'pairs' | undefined =>
  s.matches({ booting: 'configFailed' })
    ? 'config'
    : s.matches({ booting: 'currenciesFailed' })
      ? 'currencies'
      : s.matches({ booting: 'pairsFailed' })
        ? 'pairs'
        : undefined;
export const selectLanguage = (s: AppSnapshot) => s.context.language;
export const selectPricing = (s: AppSnapshot) => s.context.pricing;
export const selectTheme = (s: AppSnapshot) => s.context.theme;
export const selectConfig = (s: AppSnapshot) => s.context.config;
export const selectCurrencies = (s: AppSnapshot) => s.context.currencies;
export const selectPairs = (s: AppSnapshot) => s.context.pairs;
export const selectTickers = (s: AppSnapshot) => s.context.tickers;
export const selectUsdtPrice = (s: AppSnapshot) => s.context.usdtPrice?.price;
export const selectPriceFailed = (s: AppSnapshot) => s.matches({ running: { ready: { price: 'failed' } } });

/**
 * A USDT amount in the active pricing currency, in that currency's minor units (spec §9's 2 decimals
 * for USD and EUR, none for JPY and KRW), grouped as every figure is in every language ("$96,250.50",
 * "¥14,437,575", "€96,250.50"), or undefined while the USDT price is not known. Exact: decimal strings all the way.
 */
export function toFiat(usdtAmount: string, usdtPrice: string | undefined, pricing: { name: string; mark: string }): string | undefined {
  if (usdtPrice === undefined) return undefined;
  return formatFiat(mulDecimal(usdtAmount, usdtPrice), pricing.name, pricing.mark);
}
