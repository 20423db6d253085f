import type { Pair } from '../../../domain/api';
import type { ConvertQuoteInput } from '../../../domain/convert';
import { isDecimalInput, isPositiveDecimalInput } from '../../../domain/decimalRule';

/**
 * What is wrong with an amount to convert before a quote is asked, as a catalogue key, or
 * undefined: the page's field and the machine's guard ask the same rule (the one decimal input
 * rule, domain/decimalRule.ts), so nothing the server would refuse for its shape is sent. `places`
 * is what the spot pair counts the paid currency in (amountPlaces).
 */
export function amountProblem(amount: string, places: number): string | undefined {
  const typed = amount.trim();
  if (typed === '') return 'convert.errors.amountRequired';
  if (!isPositiveDecimalInput(typed, { integerDigits: AMOUNT_INTEGER_DIGITS })) return 'convert.errors.amountInvalid';
  if (!isDecimalInput(typed, { places })) return 'convert.errors.amountPlaces';
  return undefined;
}

/** Far inside the database's NUMERIC(36, 18), as the wallet's amounts (domain/walletValidation.ts). */
const AMOUNT_INTEGER_DIGITS = 15;

/** The whole request's problem: two different currencies named, and an amount the pair can take. */
export function quoteProblem(input: ConvertQuoteInput, places: number): string | undefined {
  if (!input.from || !input.to || input.from === input.to) return 'convert.errors.pairRequired';
  return amountProblem(input.amount, places);
}

/** The spot pairs a conversion can go through: those trading now. */
export const spotPairs = (pairs: readonly Pair[]) => pairs.filter((p) => p.trade_status === 1);

/** Every currency of those pairs, in alphabetical order. */
export const currenciesOf = (pairs: readonly Pair[]) => [...new Set(spotPairs(pairs).flatMap((p) => [p.left_symbol, p.right_symbol]))].sort();

/** The spot pair joining two currencies, either way round. */
export const pairOf = (pairs: readonly Pair[], a: string, b: string) =>
  spotPairs(pairs).find((p) => (p.left_symbol === a && p.right_symbol === b) || (p.left_symbol === b && p.right_symbol === a));

/** The currencies `from` shares a spot pair with, in alphabetical order: what "To" offers. */
export const partnersOf = (pairs: readonly Pair[], from: string) =>
  currenciesOf(pairs).filter((c) => c !== from && pairOf(pairs, from, c) !== undefined);

/**
 * The places of an amount of `from` on the pair: a base quantity in the pair's lots, a quote
 * amount at its price precision (as the order forms count them: domain/orderMath.ts); 8, every
 * amount's most, when no pair joins them.
 */
export function amountPlaces(pairs: readonly Pair[], from: string, to: string): number {
  const pair = pairOf(pairs, from, to);
  if (!pair) return 8;
  return pair.left_symbol === from ? pair.amount_precision : pair.price_precision;
}

/** After "From" changed: "To" stays when it still shares a pair with it, else it is the first that does. */
export const toAfter = (pairs: readonly Pair[], from: string, to: string) => {
  const partners = partnersOf(pairs, from);
  return partners.includes(to) ? to : (partners[0] ?? '');
};

/**
 * Where the page starts: `asked` (?from=&to=) when a pair joins them, else paying the first
 * trading pair's quote currency for its base ("USDT" for "BTC" on BTC_USDT).
 */
export function startingChoice(pairs: readonly Pair[], asked: { from?: string; to?: string } = {}): { from: string; to: string } {
  const from = asked.from?.toUpperCase() ?? '';
  const to = asked.to?.toUpperCase() ?? '';
  if (pairOf(pairs, from, to)) return { from, to };
  const first = spotPairs(pairs)[0];
  if (first && currenciesOf(pairs).includes(from)) return { from, to: toAfter(pairs, from, first.left_symbol) };
  return first ? { from: first.right_symbol, to: first.left_symbol } : { from: '', to: '' };
}
