import { describe, expect, it } from 'vitest';
import { contrast } from '../../../../app/testing/contrast';
import { darkTheme, lightTheme } from '../../../../app/theme';
import { chartStyles } from './chartStyles';

describe('chart styles', () => {
  it('draws the light theme’s averages and volume in colours whose legends read on white (AA)', () => {
    const indicator = chartStyles(lightTheme).indicator!;
    for (const line of indicator.lines!) expect(contrast(line!.color!, lightTheme.color.panel)).toBeGreaterThanOrEqual(4.5);
    const bars = indicator.bars![0]!;
    for (const colour of [bars.upColor!, bars.downColor!]) expect(contrast(colour, lightTheme.color.panel)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the dark theme’s bright averages and its translucent volume', () => {
    const indicator = chartStyles(darkTheme).indicator!;
    expect(indicator.lines!.map((line) => line!.color)).toEqual(['#f0b90b', '#3d9bff', '#c86bfa', '#38c7c7', '#ff8a4c']);
    expect(indicator.bars![0]!.upColor).toBe(`${darkTheme.color.up}99`);
  });
});
