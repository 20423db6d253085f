import type { Currency, MarketTick, Pair, PairPrice, PlatConfig } from '../../../../domain/api';
import type { Language } from '../../../../domain/languages';
import type { PricingCurrency } from '../../../../domain/pricingCurrencies';

export type ThemeName = 'dark' | 'light';

export interface AppInput {
  /** Whatever storage held; trusted only if it matches the configured lists. */
  storedLanguage?: unknown;
  storedPricing?: unknown;
  storedTheme?: unknown;
  /** Spec §9 "market fetching is enabled". */
  marketFeature: boolean;
  /**
   * The tick channels the app keeps for a pair list: what the products declare (`tickers` on their
   * feature.tsx, gathered by `tickChannelsOf`), for the home page's and the markets lists' prices.
   * Absent: none.
   */
  tickChannels?: TickChannels;
}

/** The tick channels to keep for a pair list, in the order the products declare them. */
export type TickChannels = (pairs: readonly Pair[]) => string[];

export interface AppContext {
  language: Language;
  pricing: PricingCurrency;
  /** Dark first; light on request. */
  theme: ThemeName;
  marketFeature: boolean;
  tickChannels: TickChannels;
  config: PlatConfig | undefined;
  currencies: Currency[];
  pairs: Pair[];
  /** Price of 1 USDT in the active pricing currency, decimal string. */
  usdtPrice: PairPrice | undefined;
  /** Latest spot tick per pair channel; the BTC_USDT close is the BTC→USDT rate. */
  tickers: Record<string, MarketTick>;
  btcUsdt: string | undefined;
}

export type AppEvent =
  | { type: 'app.retry' }
  | { type: 'language.change'; lang: string }
  | { type: 'pricing.change'; name: string }
  | { type: 'price.retry' }
  | { type: 'theme.change'; theme: ThemeName }
  | { type: 'market.tick'; tick: MarketTick }
  /** A new pair list from its channel (issue 52 §1): a market listed, halted, resumed or delisted. */
  | { type: 'market.pairs'; pairs: Pair[] };
