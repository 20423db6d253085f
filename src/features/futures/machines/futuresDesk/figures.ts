import type { FuturesPosition } from '../../../../../domain/futures/api';
import { divFx, fx, fxText, FX_ONE, mulFx, roundFx } from '../../../../../domain/fx';
import { maxOpenQuantity } from '../../../../../domain/futures/formulas';
import { isDecimalString } from '../../../../../domain/decimal';

const positive = (v: string | undefined): v is string => v !== undefined && isDecimalString(v) && fx(v) > 0n;

/**
 * The form's maximum open quantity (docs/API.md: available ÷ (1/leverage + taker fee) ÷ price,
 * down to the lot), so 100 % of the balance is never offered (§9). "0" while a figure is missing.
 */
export function maxOpen(p: { available?: string; price?: string; leverage: number; takerFee: string; amountPrecision: number }): string {
  if (!positive(p.available) || !positive(p.price) || p.leverage < 1) return '0';
  const step = FX_ONE / 10n ** BigInt(p.amountPrecision);
  return fxText(maxOpenQuantity(fx(p.available), fx(p.price), p.leverage, fx(p.takerFee), step));
}

/** `percent` % of `max`, down to the lot (the percentage buttons). */
export function shareOf(max: string, percent: number, amountPrecision: number): string {
  if (!positive(max)) return '0';
  return fxText(roundFx((fx(max) * BigInt(percent)) / 100n, amountPrecision, 'down'));
}

/**
 * The position at the latest mark price: unrealised PnL = side × Q × (mark − entry) and ROE = PnL ÷
 * margin, so the panel moves with every mark tick between the server's pushes.
 */
export function atMark(position: FuturesPosition, mark: string | undefined): FuturesPosition {
  if (!positive(mark)) return position;
  const pnl = mulFx(BigInt(position.side) * fx(position.quantity), fx(mark) - fx(position.entry_price), 'down');
  const margin = fx(position.margin);
  const roe = margin > 0n ? roundFx(divFx(pnl, margin, 'down'), 8, 'down') : 0n;
  return { ...position, mark_price: mark, unrealised_pnl: fxText(roundFx(pnl, 8, 'down')), roe: fxText(roe) };
}

/**
 * Whole seconds from an answer until the next funding: `next_funding_ms` against the local time the
 * answer arrived (`receivedAt`); funding times repeat every interval, so one that has passed counts
 * to the next without a read.
 */
export function fundingSecondsOf(data: { config: { next_funding_ms: number; funding_interval_ms: number }; receivedAt: number }): number {
  const interval = Math.max(1000, data.config.funding_interval_ms);
  let left = data.config.next_funding_ms - data.receivedAt;
  if (left < 0) left = interval - (-left % interval);
  return Math.floor(left / 1000);
}
