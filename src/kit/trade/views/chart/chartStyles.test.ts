import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme } from '../../../../app/theme';
import { chartStyles } from './chartStyles';

/** WCAG contrast of two opaque `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const v = parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

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
