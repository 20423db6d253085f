import { describe, expect, it } from 'vitest';
import { numberStyleOf } from '../../../../../domain/localeFormat';
import { groupingSteps, groupLevels, snapPrice, stepLabel, stepText } from './grouping';

describe('price grouping', () => {
  it('offers the pair tick and three coarser steps', () => {
    expect(groupingSteps(2).map(stepLabel)).toEqual(['0.01', '0.1', '1', '10']);
    expect(groupingSteps(4).map(stepLabel)).toEqual(['0.0001', '0.001', '0.01', '0.1']);
  });
  it("writes the steps in the reader's number style, as the prices beside them (the French choice read 0.01 beside 96 140,00)", () => {
    expect(groupingSteps(2).map((p) => stepText(p, numberStyleOf('fr_FR')))).toEqual(['0,01', '0,1', '1', '10']);
    expect(stepText(-3, numberStyleOf('de_DE'))).toBe('1.000');
    expect(stepText(2, numberStyleOf('en_US'))).toBe('0.01');
  });
  it('snaps bids down and asks up, exactly', () => {
    expect(snapPrice('95237.62', 0, 'bid')).toBe('95237');
    expect(snapPrice('95237.62', 0, 'ask')).toBe('95238');
    expect(snapPrice('95237.62', -1, 'bid')).toBe('95230');
    expect(snapPrice('95237.62', -1, 'ask')).toBe('95240');
    expect(snapPrice('95240', -1, 'ask')).toBe('95240');
    expect(snapPrice('0.035849', 3, 'bid')).toBe('0.035');
    expect(snapPrice('0.1', 1, 'ask')).toBe('0.1');
  });
  it('merges the levels of a step, summing quantities, and reads no further than the rows shown', () => {
    const bids: Array<[string, string]> = [['100.9', '1'], ['100.1', '2'], ['99.5', '0.5'], ['98', '3'], ['97', '1']];
    expect(groupLevels(bids, 0, 'bid')).toEqual([['100', '3'], ['99', '0.5'], ['98', '3'], ['97', '1']]);
    expect(groupLevels(bids, 0, 'bid', 2)).toEqual([['100', '3'], ['99', '0.5']]);
  });
});
