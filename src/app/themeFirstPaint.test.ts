import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_COLOURS } from '../../domain/firstPaint';
import { darkTheme, lightTheme } from './theme';

/** The server writes the first screen in these colours before the app's theme can (domain/firstPaint.ts): they are the theme's own. */
describe("the first screen's colours", () => {
  it('are the dark and light themes\' tokens they stand for', () => {
    for (const [token, colour] of Object.entries(FIRST_PAINT_COLOURS)) {
      const key = token as keyof typeof FIRST_PAINT_COLOURS;
      expect(darkTheme.color[key], `dark ${token}`).toBe(colour.dark);
      expect(lightTheme.color[key], `light ${token}`).toBe(colour.light);
    }
  });
});
