import type { CreateAlertInput } from '../../../domain/alerts';
import { isDecimalInput, isPositiveDecimalInput } from '../../../domain/decimalRule';

/**
 * What is wrong with a new alert before it is sent, as a catalogue key, or undefined: the page's
 * form (alertSchema.ts) and the machine's guard ask the same rule, so a form that skipped its
 * validation still sends nothing the server would refuse for its shape. `places` is the pair's
 * price precision: a target finer than the pair's prices could never be reached exactly.
 */
export function alertPriceProblem(price: string, places: number): string | undefined {
  const typed = price.trim();
  if (typed === '') return 'alerts.errors.priceRequired';
  if (!isPositiveDecimalInput(typed, { integerDigits: PRICE_INTEGER_DIGITS })) return 'alerts.errors.priceInvalid';
  if (!isDecimalInput(typed, { places })) return 'alerts.errors.pricePlaces';
  return undefined;
}

/** Far inside the database's NUMERIC(36, 18), as the wallet's amounts (domain/walletValidation.ts). */
const PRICE_INTEGER_DIGITS = 15;

/** The pair as the routes write it ("BTC_USDT"). */
const SYMBOL = /^[A-Z0-9]{2,12}_[A-Z0-9]{2,12}$/;

/** The whole request's problem: a pair named, and a reachable price. */
export function alertProblem(input: CreateAlertInput, places: number): string | undefined {
  if (!SYMBOL.test(input.symbol.toUpperCase())) return 'alerts.errors.pairRequired';
  return alertPriceProblem(input.price, places);
}
