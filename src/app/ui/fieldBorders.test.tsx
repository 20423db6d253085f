// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import styled, { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../services/i18n';
import { darkTheme, lightTheme } from '../theme';
import { fieldInput } from './fieldStyles';
import { NumberField } from './FormRows';
import { ReasonInput } from './ReasonInput';

afterEach(cleanup);
let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n('en_US');
});

/** `#rrggbb` as the browser reports a computed colour. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

// A form card as AuthCard, FormCard, WalletForm and the desks style theirs.
const Card = styled.div`
  input[type='text'] { ${fieldInput('8px 10px')} }
`;

/**
 * The shared fields draw their edge in the theme's field border (3:1, themeContrast.test.ts), not
 * in `border`, the dividers' 1.2:1 colour under which an empty field did not show where it was.
 */
describe.each([darkTheme, lightTheme])('fields in the $name theme', (theme) => {
  it('edge the order forms’ number box, a form card’s input and the reason box in fieldBorder', () => {
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <NumberField label="Price" unit="USDT" name="price" value="" onChange={() => undefined} />
          <Card>
            <input type="text" aria-label="Address" />
          </Card>
          <ReasonInput aria-label="Reason" />
        </ThemeProvider>
      </I18nextProvider>,
    );
    const edges = [container.querySelector('.box')!, screen.getByLabelText('Address'), screen.getByLabelText('Reason')];
    for (const field of edges) expect(getComputedStyle(field).borderTopColor, field.outerHTML.slice(0, 60)).toBe(rgb(theme.color.fieldBorder));
  });
});
