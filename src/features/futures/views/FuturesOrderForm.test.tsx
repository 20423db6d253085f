// @vitest-environment jsdom
/**
 * The futures order form's take-profit and stop-loss: one on the wrong side of the mark price is
 * refused under its field, in the trader's words and number style, before any confirmation (the
 * server refused it after the dialog, and the refusal was said twice); a server's refusal is said
 * once, under the buttons.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, type AnyActorRef } from 'xstate';
import type { Pair } from '../../../../domain/api';
import type { FuturesPlaced } from '../../../../domain/futures/api';
import { renderWithFlows } from '../../../app/testing/viewHarness';
import { FuturesContext } from '../futures.context';
import { useFuturesOrderForm, type Desk, type FuturesFlows } from '../futures.hooks';
import { ACCOUNT, CONFIG, PLACED } from '../machines/futuresFixtures';
import { futuresOrderFormMachine, type PlaceFuturesInput } from '../machines/futuresOrderForm/futuresOrderForm.machine';
import { leverageDialogMachine } from '../machines/leverageDialog/leverageDialog.machine';
import { FuturesOrderForm } from './FuturesOrderForm';

afterEach(cleanup);

const PAIR: Pair = { left_symbol: 'BTC', right_symbol: 'USDT', is_hot: 1, trade_status: 1, contract_status: 1, price_precision: 2, amount_precision: 4, min_quantity: '0.0001', min_notional: '5' };
// The desk as the page reads it: no position held, the mark price at 63 000.
const deskRef = createActor(createMachine({})).start() as unknown as AnyActorRef;
const DESK = { ref: deskRef, data: { config: CONFIG, account: { ...ACCOUNT, positions: [] } }, failed: false } as unknown as Desk;

function Form(props: { desk?: Desk }) {
  const desk = props.desk ?? DESK;
  const form = useFuturesOrderForm({ symbol: 'BTC_USDT', pricePrecision: 2, amountPrecision: 4, desk: desk.ref });
  return <FuturesOrderForm pair={PAIR} form={form} desk={desk} lastPrice="63000" markPrice="63000" />;
}

async function shown(locale: 'en_US' | 'tr_TR' | 'de_DE', answer: (input: PlaceFuturesInput) => Promise<FuturesPlaced> = async () => PLACED) {
  const sent: PlaceFuturesInput[] = [];
  const orderForm = futuresOrderFormMachine.provide({ actors: { placeOrder: fromPromise(({ input }: { input: PlaceFuturesInput }) => (sent.push(input), answer(input))) } });
  const flows = { orderForm, leverage: leverageDialogMachine } as unknown as FuturesFlows;
  const i18n = await renderWithFlows(FuturesContext, flows, <Form />, { locale });
  const click = async (element: HTMLElement) => act(async () => void fireEvent.click(element));
  const type = async (label: string, text: string) => act(async () => void fireEvent.change(screen.getByLabelText(i18n.t(label)), { target: { value: text } }));
  /** A market order of 0.1 BTC with this take-profit and stop-loss, sent as `action`. */
  const order = async (action: 'open_long' | 'open_short', tp: string, sl: string) => {
    await click(screen.getByRole('button', { name: i18n.t('futures.market') }));
    await type('col.quantity', '0.1');
    if (!(screen.getByLabelText(i18n.t('futures.tpsl.title')) as HTMLInputElement).checked) await click(screen.getByLabelText(i18n.t('futures.tpsl.title')));
    await type('futures.tpsl.tpMark', tp);
    await type('futures.tpsl.slMark', sl);
    await click(screen.getByRole('button', { name: i18n.t(`futures.action.${action}`) }));
  };
  /** What is said under a field (its described-by texts). */
  const under = (label: string) =>
    (screen.getByLabelText(i18n.t(label)).getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .filter(Boolean)
      .join(' ');
  return { i18n, sent, click, type, order, under };
}

describe('futures order form: take-profit and stop-loss on the wrong side of the mark price', () => {
  it('a long’s take-profit below the mark price is refused under its field, with the price it must pass; no confirmation, nothing sent', async () => {
    const { sent, order, under } = await shown('en_US');
    await order('open_long', '62000', '');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(under('futures.tpsl.tpMark')).toBe("A long's take-profit must be above 63,000.00 USDT (the mark price)");
    expect(screen.getByLabelText('Take-profit (mark price)').getAttribute('aria-invalid')).toBe('true');
    // Said once: not under the buttons as well.
    expect(screen.queryByTestId('futures-form-problem')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('in Turkish, a short’s stop-loss below the mark price: said in Turkish, the price in the Turkish style', async () => {
    const { order, under, type } = await shown('tr_TR');
    await order('open_short', '', '62000');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(under('futures.tpsl.slMark')).toBe('Short pozisyonda zarar durdur 63.000,00 USDT (işaret fiyatı) üzerinde olmalı');
    // Corrected, the reason goes.
    await type('futures.tpsl.slMark', '64000');
    expect(under('futures.tpsl.slMark')).toBe('');
  });

  it('a limit long’s stop-loss above its own price is refused by that price, in German', async () => {
    const { i18n, sent, click, type, under } = await shown('de_DE');
    await type('col.price', '60000');
    await type('col.quantity', '0.1');
    await click(screen.getByLabelText(i18n.t('futures.tpsl.title')));
    await type('futures.tpsl.slMark', '61000');
    await click(screen.getByRole('button', { name: i18n.t('futures.action.open_long') }));
    expect(under('futures.tpsl.slMark')).toBe('Bei einer Long-Position muss der Stop-Loss unter 60.000,00 USDT liegen (der Preis Ihrer Order)');
    expect(sent).toEqual([]);
  });

  it('the right sides open the confirmation, which names them as the form does; a server refusal is then said once', async () => {
    const { i18n, sent, click, order } = await shown('en_US', async () => {
      throw { kind: 'server', serverMessage: 'Refused by the server' };
    });
    await order('open_long', '64000', '62000');
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(i18n.t('futures.takeProfit'))).toBeTruthy();
    expect(within(dialog).getByText(i18n.t('futures.stopLoss'))).toBeTruthy();
    await click(within(dialog).getByRole('button', { name: i18n.t('futures.action.open_long') }));
    expect(sent).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByText('Refused by the server')).toHaveLength(1);
  });

  it('unticking TP/SL drops what was typed in its fields: hidden fields send nothing', async () => {
    const { i18n, click, order } = await shown('en_US');
    await order('open_long', '62000', '');
    await click(screen.getByLabelText(i18n.t('futures.tpsl.title')));
    await click(screen.getByRole('button', { name: i18n.t('futures.action.open_long') }));
    expect(within(screen.getByRole('dialog')).queryByText(i18n.t('futures.takeProfit'))).toBeNull();
  });
});

describe('futures order form: a trader whose identity is not verified', () => {
  it('sees no open buttons to be refused after a confirmation, but why and a link to verify, in Russian', async () => {
    const unverified = { ...DESK, data: { config: CONFIG, account: { ...ACCOUNT, can_trade: false, positions: [] } } } as unknown as Desk;
    const flows = { orderForm: futuresOrderFormMachine, leverage: leverageDialogMachine } as unknown as FuturesFlows;
    const i18n = await renderWithFlows(FuturesContext, flows, <Form desk={unverified} />, { locale: 'ru_RU', route: '/contract/BTC_USDT' });
    expect(screen.queryByRole('button', { name: i18n.t('futures.action.open_long') })).toBeNull();
    expect(screen.queryByRole('button', { name: i18n.t('futures.action.open_short') })).toBeNull();
    const said = screen.getByTestId('futures-verify');
    expect(said.textContent).toContain(i18n.t('futures.form.noPermission'));
    expect(within(said).getByRole('link', { name: i18n.t('futures.form.verifyLink') }).getAttribute('href')).toBe('/user/identity');
  });
});
