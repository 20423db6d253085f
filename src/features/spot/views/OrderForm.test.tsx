// @vitest-environment jsdom
/**
 * The spot order form's fields read one thousands group typed ("65.000") as a decimal point, as
 * typed (decimalInput). Where the language groups thousands with a point, "65.000" means sixty-five
 * thousand to its trader: the field says under it how it was read and what to type instead.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { SpotFeeRate } from '../../../../domain/spotOrders';
import type { WalletBalance } from '../../../../domain/wallet';
import { renderWithFlows } from '../../../app/testing/viewHarness';
import { SpotContext } from '../spot.context';
import { useOrderForm, type SpotFlows } from '../spot.hooks';
import { orderFormMachine } from '../machines/orderForm/orderForm.machine';
import { BTC_USDT_FORM } from '../machines/orderForm/orderForm.model';
import { OrderForm } from './OrderForm';

afterEach(cleanup);

const ACCOUNT: { balances: WalletBalance[]; feeRate: SpotFeeRate } = {
  balances: [
    { currency: 'USDT', account: 'spot', available: '100000', frozen: '0', valuation_usdt: '100000' },
    { currency: 'BTC', account: 'spot', available: '2', frozen: '0', valuation_usdt: '130000' },
  ],
  feeRate: { maker: '0.001', taker: '0.002' },
};

function Form() {
  return <OrderForm form={useOrderForm({ ...BTC_USDT_FORM, lastPrice: '65000' })} />;
}

async function shown(locale: 'en_US' | 'de_DE') {
  const orderForm = orderFormMachine.provide({ actors: { fetchOrderAccount: fromPromise(async () => ACCOUNT) } });
  const i18n = await renderWithFlows(SpotContext, { orderForm } as unknown as SpotFlows, <Form />, { locale });
  const typed = async (label: string, text: string) => {
    const field = screen.getByLabelText(i18n.t(label));
    await act(async () => void fireEvent.change(field, { target: { value: text } }));
    return field;
  };
  return { i18n, typed };
}

const hintOf = (field: HTMLElement) => {
  const id = field.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('spot order form: one thousands group typed in a language that groups with a point', () => {
  it('in German, "65.000" as the price says it is read as 65 and to type 65000 for sixty-five thousand', async () => {
    const { typed } = await shown('de_DE');
    const price = await typed('col.price', '65.000');
    expect((price as HTMLInputElement).value).toBe('65.000');
    expect(hintOf(price)).toBe('Gelesen als 65 (Dezimalpunkt). Für 65\u00a0Tausend 65000 eingeben.');
    expect(screen.getByRole('status').textContent).toBe(hintOf(price));
    // The quantity and the amount (the total) say it too.
    expect(hintOf(await typed('col.quantity', '1.500'))).toBe('Gelesen als 1,5 (Dezimalpunkt). Für 1,5\u00a0Tausend 1500 eingeben.');
    expect(hintOf(await typed('spot.form.amount', '2.000'))).toBe('Gelesen als 2 (Dezimalpunkt). Für 2\u00a0Tausend 2000 eingeben.');
    // Typed as meant, or with places, no hint.
    expect(hintOf(await typed('col.price', '65000'))).toBeUndefined();
    expect(hintOf(await typed('col.price', '65.5'))).toBeUndefined();
  });

  it('in English, "65.000" is only ever 65: no hint', async () => {
    const { typed } = await shown('en_US');
    const price = await typed('col.price', '65.000');
    expect((price as HTMLInputElement).value).toBe('65.000');
    expect(hintOf(price)).toBeUndefined();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
