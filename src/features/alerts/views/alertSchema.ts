import * as yup from 'yup';
import type { Pair } from '../../../../domain/api';
import type { AlertCondition, AlertMarket } from '../../../../domain/alerts';
import { alertPriceProblem } from '../alertRules';

/** The form's values: the market, the pair as the routes write it, the condition, the target price as typed. */
export interface AlertFormValues {
  market: AlertMarket;
  symbol: string;
  condition: AlertCondition;
  price: string;
}

export const symbolOf = (pair: Pair) => `${pair.left_symbol}_${pair.right_symbol}`;

/** The pairs an alert on `market` may follow: those the server takes (a trading spot pair, an enabled contract). */
export const marketPairs = (pairs: readonly Pair[], market: AlertMarket) => pairs.filter((p) => (market === 'futures' ? p.contract_status : p.trade_status) === 1);

/** `?market=` as the page reads it: futures when it says so (any case), else spot. */
export const marketOf = (asked: string | null | undefined): AlertMarket => (asked?.toLowerCase() === 'futures' ? 'futures' : 'spot');

/** The markets' names: the shell's own words for them (the order menu's), loaded on every page. */
export const MARKET_KEYS = { spot: 'menu.order.spot', futures: 'menu.order.contract' } as const satisfies Record<AlertMarket, string>;

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
