import * as yup from 'yup';
import type { Pair } from '../../../../domain/api';
import type { AlertCondition } from '../../../../domain/alerts';
import { alertPriceProblem } from '../alertRules';

/** The form's values: the pair as the routes write it, the condition, the target price as typed. */
export interface AlertFormValues {
  symbol: string;
  condition: AlertCondition;
  price: string;
}

export const symbolOf = (pair: Pair) => `${pair.left_symbol}_${pair.right_symbol}`;

/** The price places of the pair `symbol` names (8, every price's most, for one the app does not list). */
export const placesOf = (pairs: readonly Pair[], symbol: string) => pairs.find((p) => symbolOf(p) === symbol)?.price_precision ?? 8;

/**
 * The form's rules (messages are catalogue keys): a pair chosen, and a positive target with at most
 * the chosen pair's price places — the rule the machine asks again before it sends (alertRules.ts).
 */
export function alertSchema(pairs: readonly Pair[]) {
  return yup.object({
    symbol: yup.string().required('alerts.errors.pairRequired'),
    price: yup.string().test('price', function check(value) {
      const problem = alertPriceProblem(value ?? '', placesOf(pairs, String(this.parent.symbol ?? '')));
      return problem ? this.createError({ message: problem }) : true;
    }),
  });
}
