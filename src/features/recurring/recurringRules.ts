import type { Pair } from '../../../domain/api';
import { RECURRING_FREQUENCIES, type RecurringPlanInput } from '../../../domain/recurring';
import { positiveAmountProblem } from '../../../domain/decimalRule';

const AMOUNT_KEYS = { required: 'recurring.errors.amountRequired', invalid: 'recurring.errors.amountInvalid', places: 'recurring.errors.amountPlaces' } as const;

/**
 * What is wrong with a plan's amount before it is sent, as a catalogue key, or undefined: the
 * page's form (planSchema.ts) and the machine's guard ask the same rule. `places` is the pair's
 * price precision: the amount is counted in the quote currency, at most the places of its prices.
 */
export function planAmountProblem(amount: string, places: number): string | undefined {
  const problem = positiveAmountProblem(amount, places);
  return problem && AMOUNT_KEYS[problem];
}

/** The pair as the routes write it ("BTC_USDT"). */
const SYMBOL = /^[A-Z0-9]{2,12}_[A-Z0-9]{2,12}$/;

/** The whole request's problem: a pair named, a known frequency, and an amount the pair can take. */
export function planProblem(input: RecurringPlanInput, places: number): string | undefined {
  if (!SYMBOL.test(input.symbol.toUpperCase())) return 'recurring.errors.pairRequired';
  if (!RECURRING_FREQUENCIES.includes(input.frequency)) return 'recurring.errors.frequencyRequired';
  return planAmountProblem(input.amount, places);
}

/** The pairs a plan may buy on: the trading spot pairs. */
export const spotPairs = (pairs: readonly Pair[]) => pairs.filter((p) => p.trade_status === 1);

export const symbolOf = (pair: Pair) => `${pair.left_symbol}_${pair.right_symbol}`;

/** The listed pair `symbol` names (any case), if the app lists it. */
export const pairNamed = (pairs: readonly Pair[], symbol: string) => pairs.find((p) => symbolOf(p) === symbol.toUpperCase());
