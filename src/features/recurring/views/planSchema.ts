import * as yup from 'yup';
import type { Pair } from '../../../../domain/api';
import type { RecurringFrequency } from '../../../../domain/recurring';
import { pairNamed, planAmountProblem } from '../recurringRules';

/** The form's values: the pair as the routes write it, the amount of its quote currency as typed, the frequency. */
export interface PlanFormValues {
  symbol: string;
  amount: string;
  frequency: RecurringFrequency;
}

/** Each frequency's name, and the form's one line of what a plan of it does. */
export const FREQUENCY_TEXTS = {
  hourly: { name: 'recurring.frequency.hourly', schedule: 'recurring.schedule.hourly' },
  daily: { name: 'recurring.frequency.daily', schedule: 'recurring.schedule.daily' },
  weekly: { name: 'recurring.frequency.weekly', schedule: 'recurring.schedule.weekly' },
  monthly: { name: 'recurring.frequency.monthly', schedule: 'recurring.schedule.monthly' },
} as const satisfies Record<RecurringFrequency, { name: string; schedule: string }>;

/** The price places of the pair `symbol` names (8, every price's most, for one the app does not list). */
export const placesOf = (pairs: readonly Pair[], symbol: string) => pairNamed(pairs, symbol)?.price_precision ?? 8;

/**
 * The form's rules (messages are catalogue keys): a pair chosen, and a positive amount with at
 * most the chosen pair's price places — the rule the machine asks again before it sends (recurringRules.ts).
 */
export function planSchema(pairs: readonly Pair[]) {
  return yup.object({
    symbol: yup.string().required('recurring.errors.pairRequired'),
    amount: yup.string().test('amount', function check(value) {
      const problem = planAmountProblem(value ?? '', placesOf(pairs, String(this.parent.symbol ?? '')));
      return problem ? this.createError({ message: problem }) : true;
    }),
  });
}
