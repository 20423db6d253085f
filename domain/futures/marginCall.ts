import { compareDecimal } from '../decimal.js';
import { fx, type Fx } from '../fx.js';
import type { MarginMode } from './api.js';

/**
 * The margin call (Binance USDⓈ-M's): a trader hears once when a position's margin ratio
 * (maintenance margin ÷ margin balance, formulas.ts marginRatio) reaches 80 %, before the
 * liquidation at 100 %, and not again until the ratio has fallen back below 70 % — so a mark that
 * hovers at the threshold does not warn on every update.
 */
const MARGIN_CALL_RATIO_TEXT = '0.8';
export const MARGIN_CALL_RATIO = fx(MARGIN_CALL_RATIO_TEXT);
export const MARGIN_CALL_REARM_RATIO = fx('0.7');
/**
 * Whether a position's margin ratio as the pages get it (a decimal, or null when nothing is left)
 * is at or past the margin call: the pages mark it where they show the ratio.
 */
export const atMarginCall = (ratio: string | null): boolean => ratio === null || compareDecimal(ratio, MARGIN_CALL_RATIO_TEXT) >= 0;

/** 1 ÷ MARGIN_CALL_RATIO: the maintenance factor of the margin call's price (formulas.ts liquidationPrice). */
export const MARGIN_CALL_FACTOR = fx('1.25');

/**
 * What a margin ratio means for a position (isolated) or a cross account that was or was not
 * called: 'call' it now, 'rearm' it (the next crossing calls again), or nothing. A ratio of `null`
 * (a margin balance at or below zero) is past any threshold.
 */
export function marginCallStep(called: boolean, ratio: Fx | null): 'call' | 'rearm' | undefined {
  const over = ratio === null || ratio >= MARGIN_CALL_RATIO;
  if (!called) return over ? 'call' : undefined;
  return ratio !== null && ratio < MARGIN_CALL_REARM_RATIO ? 'rearm' : undefined;
}

/** One position of a margin call, as the private channel carries it (decimal texts). */
export interface MarginCallPosition {
  /** Ours: BTC_USDT. */
  symbol: string;
  side: 1 | -1;
  quantity: string;
  mode: MarginMode;
  /** Isolated: the position's margin; cross: '0' (the account's wallet is `crossWallet`). */
  isolatedWallet: string;
  mark: string;
  unrealisedPnl: string;
  maintenance: string;
}

/**
 * A margin call (private channel, `kind: 'futures_margin_call'`), pushed after the commit that
 * wrote its notice: an isolated position's, or a cross account's with every cross position. It
 * carries the figures, so a listener (the Binance futures stream's MARGIN_CALL) reads nothing.
 */
export interface FuturesMarginCallPush {
  kind: 'futures_margin_call';
  mode: MarginMode;
  /** The margin ratio that called it (0.8…; '1' or more: at or past liquidation). */
  ratio: string;
  /** Cross: the account's wallet balance (available + every cross position's margin). */
  crossWallet?: string;
  positions: MarginCallPosition[];
  /** When the batch that called it ran (ms). */
  time: number;
}
