import { describe, expect, it } from 'vitest';
import { fx, fxText } from '../fx.js';
import { bracketsFor } from './brackets.js';
import { liquidationPrice, maintenanceMargin, marginRatio, notionalOf, unrealisedPnl } from './formulas.js';
import { atMarginCall, MARGIN_CALL_FACTOR, marginCallStep } from './marginCall.js';

const BTC = bracketsFor('BTC');

describe('the margin call', () => {
  it('calls at 80 % (or a balance of nothing), and again only after the ratio fell under 70 %', () => {
    expect(marginCallStep(false, fx('0.7999'))).toBeUndefined();
    expect(marginCallStep(false, fx('0.8'))).toBe('call');
    expect(marginCallStep(false, null)).toBe('call');
    expect(marginCallStep(true, fx('0.95'))).toBeUndefined();
    expect(marginCallStep(true, fx('0.7'))).toBeUndefined();
    expect(marginCallStep(true, null)).toBeUndefined();
    expect(marginCallStep(true, fx('0.6999'))).toBe('rearm');
  });

  it('is marked on the pages from 80 %, and when nothing is left (no ratio)', () => {
    expect(atMarginCall('0.79999999')).toBe(false);
    expect(atMarginCall('0.8')).toBe(true);
    expect(atMarginCall('1.2')).toBe(true);
    expect(atMarginCall(null)).toBe(true);
  });

  it("its price is the liquidation price's with the maintenance counted 1.25 times: where the ratio is 80 %", () => {
    // A 10× isolated long of 0.1 at 60,000 holds 600: 600 + 0.1·(P − 60,000) = 1.25 × 0.004 × 0.1·P → P = 5,400 ÷ 0.0995.
    const input = { side: 1 as const, quantity: fx('0.1'), entry: fx('60000'), walletBalance: fx('600'), brackets: BTC };
    const call = liquidationPrice({ ...input, maintenanceFactor: MARGIN_CALL_FACTOR });
    expect(fxText(call)).toMatch(/^54271\.356783919597989/);
    expect(fxText(liquidationPrice(input))).toMatch(/^54216\.86746987951807/);
    const ratioAt = (mark: string) => marginRatio(maintenanceMargin(notionalOf(fx('0.1'), fx(mark)), BTC), fx('600') + unrealisedPnl(1, fx('0.1'), fx('60000'), fx(mark)))!;
    expect(ratioAt('54271.36') < fx('0.8')).toBe(true);
    expect(ratioAt('54271.35') >= fx('0.8')).toBe(true);
    // A short's lies above its entry, below its liquidation.
    const short = { ...input, side: -1 as const };
    expect(liquidationPrice({ ...short, maintenanceFactor: MARGIN_CALL_FACTOR }) < liquidationPrice(short)).toBe(true);
  });
});
