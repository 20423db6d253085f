import { priceText, type PairSpec } from '../../kernel/exchange/pairSpec.js';
import { numberVar } from '../../kernel/platform/i18n/messages.js';
import type { TradingMessageKey } from './messages.js';
import type { PlaceOutcome } from './spotBatch.js';

/** A refusal's key: spot's own, or the kernel's for an Idempotency-Key used before with another body. */
export type SpotRefusalKey = TradingMessageKey | 'idempotencyKeyReused';

/** What a spot call answers (orders and stops alike): its data, or a refusal by message key. */
export type SpotOutcome<T> = { ok: true; data: T } | { ok: false; key: SpotRefusalKey; vars?: Record<string, string> };

export const fail = (key: SpotRefusalKey, vars?: Record<string, string>): SpotOutcome<never> => ({ ok: false, key, ...(vars ? { vars } : {}) });

/** Each way the pipeline refuses an order to place, in words. */
export const PLACE_REFUSALS: Record<Extract<PlaceOutcome, { ok: false }>['reason'], SpotRefusalKey> = {
  invalidPrice: 'spotOrderTooLarge',
  invalidQuantity: 'spotQuantityPositive',
  invalidBudget: 'spotAmountPositive',
  insufficientFunds: 'spotInsufficientBalance',
  keyReused: 'idempotencyKeyReused',
  outsideBand: 'spotPriceOutsideBand',
};

/** A place refusal with its words' values: the price band's edges in the pair's price text. */
export const placeRefusal = (spec: PairSpec, outcome: Extract<PlaceOutcome, { ok: false }>): SpotOutcome<never> =>
  'band' in outcome ? fail(PLACE_REFUSALS[outcome.reason], bandVars(spec, outcome.band)) : fail(PLACE_REFUSALS[outcome.reason]);

/** The price band's edges as a refusal names them, in the reader's number style. */
export const bandVars = (spec: PairSpec, band: { low: number; high: number }) => ({ low: numberVar(priceText(spec, band.low)), high: numberVar(priceText(spec, band.high)) });
