import type { LocaleCode } from '../../src/domain/languages.js';

/**
 * Server messages of the trading feature, in all 9 display languages (merged into messages.ts).
 * Add a key to the union and to every language; the type makes a missing translation a compile error.
 */
export type TradingMessageKey = never;

type Catalogue = Record<TradingMessageKey, string>;

export const TRADING_MESSAGES: Record<LocaleCode, Catalogue> = {
  en_US: {},
  ja_JP: {},
  ko_KR: {},
  zh_TW: {},
  ru_RU: {},
  tr_TR: {},
  fr_FR: {},
  es_ES: {},
  de_DE: {},
};
