// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Formik } from 'formik';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { completeCatalogue, initI18n } from '../../services/i18n';
import { darkTheme } from '../theme';
import { FormField } from './FormField';
import { NumberField } from './FormRows';

afterEach(cleanup);

/**
 * Issue 50 M6: a figure copied from a German page ("1.234,50", "1 363 000,00" from a French one)
 * pastes back into a number field as the number it shows; a decimal comma is read as the point.
 */
async function renderFields(lang: 'en_US' | 'de_DE') {
  const i18n = await initI18n(lang);
  await completeCatalogue(i18n);
  function Order() {
    const [value, setValue] = useState('');
    return <NumberField label="Price" unit="USDT" name="price" value={value} onChange={setValue} />;
  }
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={darkTheme}>
        <Order />
        <Formik initialValues={{ quantity: '' }} onSubmit={() => undefined}>
          <FormField name="quantity" labelKey="col.quantity" inputMode="decimal" />
        </Formik>
        <Formik initialValues={{ address: '' }} onSubmit={() => undefined}>
          <FormField name="address" labelKey="col.address" />
        </Formik>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return i18n;
}

const typed = (input: HTMLElement, text: string) => {
  fireEvent.change(input, { target: { value: text } });
  return (input as HTMLInputElement).value;
};

describe('number fields read figures in the language\'s style', () => {
  it('takes back a German figure pasted from the page, and a decimal comma', async () => {
    const i18n = await renderFields('de_DE');
    const price = screen.getByLabelText('Price');
    expect(typed(price, '1.363.000,00')).toBe('1363000.00');
    expect(typed(price, '96.030,5')).toBe('96030.5');
    expect(typed(price, '0,5')).toBe('0.5');
    // A dot typed stays the decimal point.
    expect(typed(price, '1.234')).toBe('1.234');
    const quantity = screen.getByLabelText(i18n.t('col.quantity'));
    expect(typed(quantity, '1\u202f363\u202f000,25')).toBe('1363000.25');
    expect(typed(quantity, '12,5')).toBe('12.5');
  });

  it('takes back an English figure, and leaves a text field as typed', async () => {
    const i18n = await renderFields('en_US');
    expect(typed(screen.getByLabelText('Price'), '1,363,000.00')).toBe('1363000.00');
    expect(typed(screen.getByLabelText(i18n.t('col.quantity')), '1,250')).toBe('1250');
    expect(typed(screen.getByLabelText(i18n.t('col.address')), 'T1,2.3')).toBe('T1,2.3');
  });
});
