/**
 * The seconds trade page's figures, pure: what its views show, computed from snapshots and ticks
 * through domain/figures.ts (exact decimal strings, never a float), so the views only render them.
 */
import { isDecimalString, subDecimal } from '../../../../domain/decimal';
import { MISSING, money, price, signedMoney } from '../../../../domain/figures';
import {
  estimatedProfit,
  floatingOutcome,
  SECONDS_CURRENCY,
  type SecondsAccount,
  type SecondsContract,
  type SecondsDirection,
  type SecondsOutcome,
  type SecondsPeriod,
} from '../../../../domain/seconds';

/** Stakes, balances and results are USDT amounts. */
export const usdt = (value: string | null | undefined) => money(value, SECONDS_CURRENCY);
export const signedUsdt = (value: string | null | undefined) => signedMoney(value, SECONDS_CURRENCY);

/** The colour class of a direction. */
export const directionTone = (d: SecondsDirection) => (d === 'up' ? 'up' : 'down');
export const directionArrow = (d: SecondsDirection) => (d === 'up' ? '▲' : '▼');

/** The colour of an outcome (settled or floating): a win is up, a loss down, a draw or none dim. */
export const outcomeTone = (outcome: SecondsOutcome | null | undefined): 'up' | 'down' | 'dim' => (outcome === 'win' ? 'up' : outcome === 'loss' ? 'down' : 'dim');

/** The places a pair's prices are shown with (its price_precision; 2 until the pairs are known). */
export function pricePlaces(pairs: ReadonlyArray<{ left_symbol: string; right_symbol: string; price_precision: number }>, left: string, right: string): number {
  return pairs.find((p) => p.left_symbol === left && p.right_symbol === right)?.price_precision ?? 2;
}

/** The ticket's lines: the period's stake limits, the available balance and the estimated profit (only for a stake without a problem). */
export function ticketFigures(input: { quantity: string; period: SecondsPeriod | undefined; account: SecondsAccount | undefined; problem: unknown }) {
  const { quantity, period, account, problem } = input;
  const estimate = period && problem === undefined ? estimatedProfit(quantity.trim(), period.payout_rate) : undefined;
  return {
    // Every figure of the ticket says its currency (a UI audit read "Frozen 100.00" beside "100.00 USDT").
    limits: period ? `${usdt(period.min_stake)} – ${usdt(period.max_stake)} ${SECONDS_CURRENCY}` : MISSING,
    available: account ? `${usdt(account.available)} ${SECONDS_CURRENCY}` : MISSING,
    estimate: estimate ? `${signedUsdt(estimate)} ${SECONDS_CURRENCY}` : MISSING,
  };
}

/** The estimated profit the confirmation shows (the stake is valid by then). */
export const confirmedEstimate = (quantity: string, period: SecondsPeriod) => signedUsdt(estimatedProfit(quantity, period.payout_rate));

/** A card's state for the page and its tests. */
export function cardState(ticket: { settled: boolean; failed: boolean; awaiting: boolean }): 'settled' | 'failed' | 'awaiting' | 'counting' {
  return ticket.settled ? 'settled' : ticket.failed ? 'failed' : ticket.awaiting ? 'awaiting' : 'counting';
}

/**
 * A bought contract's card: its colour (the result, or where it is going now), the countdown bar's
 * share left, the floating result against the current price (profit and the price's move), and
 * the draw band (a settle price within it of the buy price returns the stake).
 */
export function contractCardFigures(c: SecondsContract, current: string | undefined, remainingSeconds: number, places: number) {
  // Within the contract's draw band the price may wander either way: the card says "draw" there, as settlement would.
  const floating = current ? floatingOutcome(c.direction, c.buy_price, current, c.draw_band) : undefined;
  return {
    tone: outcomeTone(c.outcome ?? floating),
    share: Math.min(100, Math.max(0, (remainingSeconds / c.period) * 100)),
    floatingTone: floating === 'win' ? 'up' : floating === 'loss' ? 'down' : '',
    floatingProfit: signedUsdt(floating === 'win' ? c.estimated_profit : floating === 'loss' ? `-${c.quantity}` : '0'),
    move: isDecimalString(current) && isDecimalString(c.buy_price) ? price(subDecimal(current, c.buy_price), places) : MISSING,
    band: isDecimalString(c.draw_band) ? `±${price(c.draw_band, places)}` : MISSING,
  };
}
