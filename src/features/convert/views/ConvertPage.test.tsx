// @vitest-environment jsdom
/**
 * /convert in English and German: the currencies from the trading spot pairs ("To" only those that
 * share a pair with "From"), the spot balance and Max, the amount checked as typed (nothing sent),
 * a quote with its bounds, rate and fee counted down second by second, then converted (the history
 * read again), moved past the quote, or refused with the server's words; an expired quote
 * refreshed, and a quote dropped by an edit.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Pair } from '../../../../domain/api';
import { CONVERT_PATHS, type ConvertQuote, type ConvertQuoteInput, type ConvertResult } from '../../../../domain/convert';
import { fakeApi, FORM_TEST_MS, refusal } from '../../../app/testing/viewHarness';
import { renderPairsPage, spotBalances } from '../../../kit/wallet/testing/pairsPage';
import { createConvertActors } from '../actors/convert.actors';
import { ConvertContext } from '../convert.context';
import { BUY_QUOTE, CONVERTED, HISTORY_FIXTURE, MOVED } from '../machines/convert/convert.fixtures';
import { convertMachine } from '../machines/convert/convert.machine';
import { ConvertPage } from './ConvertPage';

afterEach(cleanup);

const pair = (left: string, right: string, pricePrecision: number, amountPrecision: number, trading: 0 | 1 = 1): Pair => ({
  left_symbol: left,
  right_symbol: right,
  is_hot: 1,
  trade_status: trading,
  contract_status: 0,
  price_precision: pricePrecision,
  amount_precision: amountPrecision,
  min_quantity: '0.0001',
  min_notional: '5',
});
// SOL trades only as a contract: no conversion goes through it.
const PAIRS = [pair('BTC', 'USDT', 2, 5), pair('ETH', 'USDT', 2, 4), pair('ETH', 'BTC', 6, 4), pair('DOGE', 'USDT', 5, 0), pair('SOL', 'USDT', 3, 2, 0)];

type AcceptAnswer = 'converted' | 'moved' | 'refused';

/**
 * The page over a stand-in server: a quote for whatever is asked (good for `validMs`), accepts
 * answering each of `accepts` in turn (a refusal in `refusalText`), a history that gains each
 * conversion.
 */
async function renderPage(options: { locale?: 'en_US' | 'de_DE'; route?: string; validMs?: number; accepts?: AcceptAnswer[]; refusalText?: string; quote?: Partial<ConvertQuote> } = {}) {
  const history: ConvertResult[] = [...HISTORY_FIXTURE];
  const accepts = [...(options.accepts ?? ['converted'])];
  let nextQuote = 41;
  const { api, calls } = fakeApi({
    [CONVERT_PATHS.quote]: (body: unknown): ConvertQuote => {
      const input = body as ConvertQuoteInput;
      return { ...BUY_QUOTE, ...options.quote, quote_id: nextQuote++, from: input.from, to: input.to, valid_ms: options.validMs ?? BUY_QUOTE.valid_ms };
    },
    [CONVERT_PATHS.accept]: (body: unknown) => {
      const answer = accepts.shift() ?? 'converted';
      if (answer === 'refused') refusal(options.refusalText ?? 'This quote has expired. Ask for a new one.');
      const result = { ...(answer === 'converted' ? CONVERTED : MOVED), quote_id: (body as { quote_id: number }).quote_id };
      history.unshift(result);
      return result;
    },
    [CONVERT_PATHS.history]: () => ({ list: [...history], total: history.length, page: 1, size: 20 }),
  });
  const convert = convertMachine.provide({ actors: createConvertActors(api), actions: { showToast: () => undefined } });
  await renderPairsPage(ConvertContext, { convert }, <ConvertPage />, {
    pairs: PAIRS,
    balances: spotBalances({ USDT: '1234.5678', BTC: '0.5' }),
    locale: options.locale ?? 'en_US',
    route: options.route ?? '/convert',
  });
  return { calls };
}

const sent = (calls: { path: string; body: unknown }[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const optionsOf = (label: string) => Array.from(select(label).options, (o) => o.value);
const typeAmount = (value: string, label = 'Amount') => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const historyRows = (name = 'Recent conversions') => within(screen.getByRole('table', { name })).getAllByRole('row');

describe('/convert', () => {
  it('offers the trading pairs’ currencies, To only those paired with From, the balance and Max, and the recent conversions', async () => {
    await renderPage();
    expect(optionsOf('From')).toEqual(['BTC', 'DOGE', 'ETH', 'USDT']);
    expect(select('From').value).toBe('USDT');
    expect(optionsOf('To')).toEqual(['BTC', 'DOGE', 'ETH']);
    expect(select('To').value).toBe('BTC');
    expect(screen.getByTestId('convert-available').textContent).toBe('Available 1,234.56 USDT');
    press('Max');
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('1234.56');
    // DOGE pairs with USDT alone: To follows.
    fireEvent.change(select('From'), { target: { value: 'DOGE' } });
    expect(optionsOf('To')).toEqual(['USDT']);
    expect(select('To').value).toBe('USDT');
    // The swap, named for a screen reader.
    press('Swap From and To');
    expect(select('From').value).toBe('USDT');
    expect(select('To').value).toBe('DOGE');
    const row = (await waitFor(() => historyRows()))[1]!;
    expect(row.textContent).toContain('0.50000000 ETH → 1,749.12 USDT');
    expect(row.textContent).toContain('Converted');
  });

  it('preselects ?from=&to= when a pair joins them', async () => {
    await renderPage({ route: '/convert?from=btc&to=eth' });
    expect(select('From').value).toBe('BTC');
    expect(select('To').value).toBe('ETH');
    expect(optionsOf('To')).toEqual(['ETH', 'USDT']);
  });

  it('checks the amount as typed by the pair’s places, and sends nothing until it is right', async () => {
    const { calls } = await renderPage();
    press('Get quote');
    expect(await screen.findByText('Enter an amount')).toBeTruthy();
    typeAmount('12.345');
    expect(screen.getByText('At most 2 decimal places for USDT here')).toBeTruthy();
    press('Get quote');
    typeAmount('0');
    expect(screen.getByText('Enter an amount greater than 0')).toBeTruthy();
    // Paying BTC for USDT counts in the pair's lots: 5 places.
    typeAmount('0.12345');
    press('Swap From and To');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent(calls, CONVERT_PATHS.quote)).toEqual([]);
  });

  it('quotes, counts down, converts, and reads the history again; New conversion starts afresh', { timeout: FORM_TEST_MS }, async () => {
    const { calls } = await renderPage();
    typeAmount('1,000');
    press('Get quote');
    await screen.findByTestId('convert-quote');
    expect(sent(calls, CONVERT_PATHS.quote)).toEqual([{ from: 'USDT', to: 'BTC', amount: '1000' }]);
    expect(screen.getByTestId('convert-pay').textContent).toBe('999.98 USDTat most 1,000.00 USDT');
    expect(screen.getByTestId('convert-receive').textContent).toBe('0.01521000 BTCat least 0.01512000 BTC');
    expect(screen.getByTestId('convert-rate').textContent).toBe('1 USDT ≈ 0.00001521 BTC1 BTC ≈ 65,744.91 USDT');
    expect(screen.getByTestId('convert-fee').textContent).toBe('0.1%, taken in BTC');
    // All that was asked may be spent: nothing to explain.
    expect(screen.queryByTestId('convert-spend-note')).toBeNull();
    expect(screen.getByTestId('convert-countdown').textContent).toBe('Quote valid for 10 s');
    await waitFor(() => expect(screen.getByTestId('convert-countdown').textContent).toBe('Quote valid for 9 s'), { timeout: 2500 });
    press('Convert');
    const done = await screen.findByTestId('convert-converted');
    expect(sent(calls, CONVERT_PATHS.accept)).toEqual([{ quote_id: 41 }]);
    expect(done.textContent).toContain('Converted');
    expect(done.textContent).toContain('999.98 USDT');
    expect(done.textContent).toContain('0.01521000 BTC');
    expect(within(done).getByRole('link', { name: 'Spot order #9001' }).getAttribute('href')).toBe('/order/spot-detail/9001');
    await waitFor(() => expect(historyRows()).toHaveLength(3));
    expect(historyRows()[1]!.textContent).toContain('999.98 USDT → 0.01521000 BTC');
    expect(sent(calls, CONVERT_PATHS.history)).toHaveLength(2);
    press('New conversion');
    expect(screen.queryByTestId('convert-converted')).toBeNull();
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('');
  });

  it('says why a buy spends less than asked, and that the rest stays (a UI audit: "you pay 98.89" for 100 typed read as a mistake)', { timeout: FORM_TEST_MS }, async () => {
    await renderPage({ quote: { pay_max: '99.38', pay_expected: '98.89' } });
    typeAmount('100');
    press('Get quote');
    await screen.findByTestId('convert-quote');
    expect(screen.getByTestId('convert-pay').textContent).toBe('98.89 USDTat most 99.38 USDT');
    expect(screen.getByTestId('convert-spend-note').textContent).toBe(
      'Of the 100.00 USDT asked, at most 99.38 USDT is spent: BTC is bought in whole steps of its smallest unit, with room for the price to move while you decide. The rest stays in your balance.',
    );
  });

  it('says when the price moved past the quote, and quotes again', { timeout: FORM_TEST_MS }, async () => {
    const { calls } = await renderPage({ accepts: ['moved', 'converted'] });
    typeAmount('1000');
    press('Get quote');
    await screen.findByTestId('convert-quote');
    press('Convert');
    expect((await screen.findByTestId('convert-moved')).textContent).toBe('The price moved past the quote; nothing was converted.');
    await waitFor(() => expect(historyRows()[1]!.textContent).toContain('Not converted'));
    press('Get a new quote');
    await screen.findByTestId('convert-quote');
    press('Convert');
    await screen.findByTestId('convert-converted');
    expect(sent(calls, CONVERT_PATHS.accept)).toEqual([{ quote_id: 41 }, { quote_id: 42 }]);
  });

  it("shows the server's refusal as it came, and lets the user quote again", { timeout: FORM_TEST_MS }, async () => {
    const { calls } = await renderPage({ accepts: ['refused'], refusalText: 'Not enough USDT available' });
    typeAmount('1000');
    press('Get quote');
    await screen.findByTestId('convert-quote');
    press('Convert');
    expect((await screen.findByTestId('convert-refusal')).textContent).toBe('Not enough USDT available');
    press('Get a new quote');
    await screen.findByTestId('convert-quote');
    expect(sent(calls, CONVERT_PATHS.quote)).toHaveLength(2);
  });

  it('expires a quote at zero and refreshes it; an edit drops a quote', { timeout: FORM_TEST_MS }, async () => {
    const { calls } = await renderPage({ validMs: 1000 });
    typeAmount('1000');
    press('Get quote');
    await screen.findByTestId('convert-quote');
    expect(await screen.findByText('This quote has expired.', {}, { timeout: 2500 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Convert' })).toBeNull();
    press('Refresh quote');
    await waitFor(() => expect(sent(calls, CONVERT_PATHS.quote)).toHaveLength(2));
    await screen.findByTestId('convert-quote');
    await act(async () => typeAmount('999'));
    expect(screen.queryByTestId('convert-quote')).toBeNull();
  });
});

describe('/convert in German', () => {
  it('quotes, counts down, converts, then a moved book and a refusal, in German', { timeout: FORM_TEST_MS }, async () => {
    const { calls } = await renderPage({ locale: 'de_DE', accepts: ['converted', 'moved', 'refused'], refusalText: 'Dieses Angebot ist abgelaufen.' });
    expect(screen.getByRole('heading', { name: 'Konvertieren' })).toBeTruthy();
    press('Angebot anfordern');
    expect(await screen.findByText('Geben Sie einen Betrag ein')).toBeTruthy();
    typeAmount('1000,5', 'Betrag');
    expect((screen.getByLabelText('Betrag') as HTMLInputElement).value).toBe('1000.5');
    press('Angebot anfordern');
    await screen.findByTestId('convert-quote');
    expect(screen.getByTestId('convert-pay').textContent).toBe('999,98 USDThöchstens 1.000,00 USDT');
    expect(screen.getByTestId('convert-fee').textContent).toBe('0,1\u00a0%, in BTC berechnet');
    expect(screen.getByTestId('convert-countdown').textContent).toBe('Angebot gültig für 10 s');
    await waitFor(() => expect(screen.getByTestId('convert-countdown').textContent).toBe('Angebot gültig für 9 s'), { timeout: 2500 });
    press('Konvertieren');
    const done = await screen.findByTestId('convert-converted');
    expect(within(done).getByRole('link', { name: 'Spot-Order #9001' })).toBeTruthy();
    await waitFor(() => expect(historyRows('Letzte Konvertierungen')).toHaveLength(3));
    press('Neue Konvertierung');
    typeAmount('1000', 'Betrag');
    press('Angebot anfordern');
    await screen.findByTestId('convert-quote');
    press('Konvertieren');
    expect((await screen.findByTestId('convert-moved')).textContent).toBe('Der Preis hat sich über das Angebot hinaus bewegt; es wurde nichts konvertiert.');
    press('Neues Angebot anfordern');
    await screen.findByTestId('convert-quote');
    press('Konvertieren');
    expect((await screen.findByTestId('convert-refusal')).textContent).toBe('Dieses Angebot ist abgelaufen.');
    expect(sent(calls, CONVERT_PATHS.accept)).toHaveLength(3);
  });
});
