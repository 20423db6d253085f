import { describe, expect, it } from 'vitest';
import { liquidationAfterMargin, orderPreview } from './preview';
import { fxText } from '../fx';
import { liquidationPrice } from './formulas';
import { fx } from '../fx';

const brackets = [{ bracket: 1, floor: '0', cap: '50000', maxLeverage: 125, mmr: '0.004', maintenanceAmount: '0' }];

describe('order preview (issue 37)', () => {
  it('an open: initial margin + taker fee, and the liquidation price of the position it makes', () => {
    const p = orderPreview({ action: 'open_long', price: '60000', quantity: '0.5', leverage: 10, mode: 'isolated', takerFee: '0.0005', brackets, available: '10000', position: undefined });
    expect(p).toMatchObject({ margin: '3000', fee: '15', cost: '3015' });
    expect(p!.liquidation).toBe(fxText(liquidationPrice({ side: 1, quantity: fx('0.5'), entry: fx('60000'), walletBalance: fx('3000'), brackets })));
  });
  it('a long the wallet covers all the way down has no liquidation price: none, not "0.00"', () => {
    const p = orderPreview({ action: 'open_long', price: '60000', quantity: '0.02', leverage: 20, mode: 'cross', takerFee: '0.0005', brackets, available: '5000', position: undefined });
    expect(p).toMatchObject({ margin: '60', liquidation: null });
  });
  it('a close, or an open against the opposite position (a reduce), costs only the fee', () => {
    const pos = { side: -1 as const, quantity: '1', entry_price: '60000', margin: '6000' };
    expect(orderPreview({ action: 'open_long', price: '60000', quantity: '0.5', leverage: 10, mode: 'isolated', takerFee: '0.0005', brackets, available: '0', position: pos })).toEqual({ margin: '0', fee: '15', cost: '15', liquidation: null });
    expect(orderPreview({ action: 'close_short', price: '60000', quantity: 'x', leverage: 10, mode: 'isolated', takerFee: '0.0005', brackets, available: '0', position: pos })).toBeUndefined();
  });
  it('adding margin lowers a long liquidation price, removing raises it', () => {
    const pos = { side: 1 as const, quantity: '0.1', entry_price: '60000', margin: '600' };
    const now = Number(liquidationAfterMargin(pos, '0', brackets));
    expect(Number(liquidationAfterMargin(pos, '400', brackets))).toBeLessThan(now);
    expect(Number(liquidationAfterMargin(pos, '-100', brackets))).toBeGreaterThan(now);
  });
});
