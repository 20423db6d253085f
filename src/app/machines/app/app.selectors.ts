import type { SnapshotFrom } from 'xstate';
import { FIAT_DECIMALS } from '../../../domain/constants';
import { groupThousands, mulDecimal, toFixedDecimal } from '../../../domain/decimal';
import type { appMachine } from './app.machine';

type AppSnapshot = SnapshotFrom<typeof appMachine>;

export const selectIsShown = (s: AppSnapshot) => s.matches({ running: 'ready' });
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
 * A USDT amount in the active pricing currency with the 2 decimals of spec §9 ("$96,250.50"), or undefined while the
 * USDT price is not known. Exact: decimal strings all the way.
 */
export function toFiat(usdtAmount: string, usdtPrice: string | undefined, mark: string): string | undefined {
  if (usdtPrice === undefined) return undefined;
  const value = mulDecimal(usdtAmount, usdtPrice);
  return `${mark}${groupThousands(toFixedDecimal(value, FIAT_DECIMALS))}`;
}
