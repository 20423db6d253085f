import { describe, expect, it } from 'vitest';
import { contrast } from './testing/contrast';
import { darkTheme, lightTheme } from './theme';

/**
 * A field's edge is all that shows where a control is (an empty input, a select, an order form's
 * number box): WCAG 2.1 SC 1.4.11 asks 3:1 against what is on either side of it, the field's own
 * face and the panel or page it sits on. `border` (1.2:1) stays the dividers' and panels' colour.
 */
describe.each([darkTheme, lightTheme])('the $name theme’s field border', (theme) => {
  const { fieldBorder, panelRaised, panel, bg, accent } = theme.color;

  it('is 3:1 at least against a field’s face, a panel and the page (SC 1.4.11)', () => {
    for (const [name, background] of Object.entries({ panelRaised, panel, bg })) {
      expect(contrast(fieldBorder, background), `${fieldBorder} on ${name} ${background}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('stays quiet in a dense form: at most 3.5:1 against a field’s face', () => {
    expect(contrast(fieldBorder, panelRaised)).toBeLessThanOrEqual(3.5);
  });

  it('leaves the focus ring (the accent) stronger than the resting edge, and 3:1 at least, on a field’s face and the page', () => {
    for (const background of [panelRaised, bg]) expect(contrast(accent, background)).toBeGreaterThan(Math.max(3, contrast(fieldBorder, background)));
  });
});
