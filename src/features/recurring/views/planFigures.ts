import type { Pair } from '../../../../domain/api';
import { fee, money, price } from '../../../../domain/figures';
import type { RecurringPlan } from '../../../../domain/recurring';
import { pairNamed } from '../recurringRules';

/**
 * A plan's figures as the page writes them: its amount at the pair's price places (the places it
 * was typed in), quote spent as money, base bought as money of the base (its ledger places), a fee
 * as a trading fee, the average at the pair's price places. A pair the app no longer lists shows
 * the server's figures as sent.
 */
export function planFigures(pairs: readonly Pair[], symbol: RecurringPlan['symbol']) {
  const pair = pairNamed(pairs, symbol);
  const [base = symbol, quote = ''] = symbol.split('_');
  return {
    base,
    quote,
    pairName: `${base}/${quote}`,
    amount: (value: string) => (pair ? price(value, pair.price_precision) : value),
    spent: (value: string) => money(value, quote),
    bought: (value: string) => money(value, base),
    fee: (value: string) => fee(value, base),
    price: (value: string | null) => (value === null ? '—' : pair ? price(value, pair.price_precision) : value),
  };
}

export type PlanFigures = ReturnType<typeof planFigures>;
