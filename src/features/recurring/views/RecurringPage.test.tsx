// @vitest-environment jsdom
/**
 * /recurring in English and German: the plans with their totals, last run and failures; the form's
 * own checks (nothing sent), a created plan (its request and idempotency key) in the list, pause
 * and resume, a cancel asked first ("Keep plan" / "Cancel plan"), the server's refusal under the
 * form as it came, and a plan's runs shown and hidden.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Pair } from '../../../../domain/api';
import { RECURRING_PATHS, type RecurringPlan, type RecurringPlanInput } from '../../../../domain/recurring';
import { createUserStreamHub } from '../../../app/actors/userStream.actor';
import { confirmActing } from '../../../app/machines/confirmAct/confirmAct.machine';
import { fakeApi, FORM_TEST_MS, refusal } from '../../../app/testing/viewHarness';
import type { ApiClient } from '../../../services/api';
import { renderPairsPage, spotBalances } from '../../../kit/wallet/testing/pairsPage';
import { createRecurringActors } from '../actors/recurring.actors';
import { ACTIVE_PLAN, PAUSED_PLAN, RUNS_FIXTURE } from '../machines/recurringPlans/recurringPlans.fixtures';
import { recurringKeyMinter, recurringPlansMachine } from '../machines/recurringPlans/recurringPlans.machine';
import { RecurringContext } from '../recurring.context';
import { RecurringPage } from './RecurringPage';

afterEach(cleanup);

const pair = (left: string, pricePrecision: number, trading: 0 | 1 = 1): Pair => ({
  left_symbol: left,
  right_symbol: 'USDT',
  is_hot: 1,
  trade_status: trading,
  contract_status: 0,
  price_precision: pricePrecision,
  amount_precision: 5,
  min_quantity: '0.0001',
  min_notional: '5',
});
// SOL is not trading on spot: no plan buys it.
const PAIRS = [pair('BTC', 2), pair('ETH', 2), pair('DOGE', 5), pair('SOL', 3, 0)];

/**
 * The page over a stand-in server holding an active and a paused plan: create refuses an amount of
 * 1 (as below the pair's minimum) and otherwise adds an active plan; pause, resume and cancel
 * change the plan's status; the runs answer the fixture's page. Each create's key is kept.
 */
async function renderPage(options: { locale?: 'en_US' | 'de_DE'; route?: string; refusalText?: string } = {}) {
  let plans: RecurringPlan[] = [structuredClone(ACTIVE_PLAN), structuredClone(PAUSED_PLAN)];
  let nextId = 20;
  const status = (id: number, to: RecurringPlan['status']) => {
    plans = plans.map((p) => (p.id === id ? { ...p, status: to, next_run_at: to === 'active' ? ACTIVE_PLAN.next_run_at : null } : p));
    return plans.find((p) => p.id === id)!;
  };
  const { api, calls } = fakeApi({
    [RECURRING_PATHS.list]: () => structuredClone(plans),
    [RECURRING_PATHS.create]: (body: unknown) => {
      const input = body as RecurringPlanInput;
      if (input.amount === '1') refusal(options.refusalText ?? 'The amount is below the minimum of 5 USDT');
      const created: RecurringPlan = { ...ACTIVE_PLAN, id: nextId++, ...input, runs: 1, spent: input.amount, bought: '0.0004', average_price: '62500', last_run: null };
      plans.push(created);
      return created;
    },
    [RECURRING_PATHS.pause]: (body: unknown) => status((body as { plan_id: number }).plan_id, 'paused'),
    [RECURRING_PATHS.resume]: (body: unknown) => status((body as { plan_id: number }).plan_id, 'active'),
    [RECURRING_PATHS.cancel]: (body: unknown) => status((body as { plan_id: number }).plan_id, 'cancelled'),
    [RECURRING_PATHS.runs]: () => RUNS_FIXTURE,
  });
  const keys: (string | undefined)[] = [];
  const keyed: ApiClient = { ...api, post: (path, body, signal, token, key) => (path === RECURRING_PATHS.create && keys.push(key), api.post(path, body, signal, token, key)) };
  const { cancelPlan, ...actors } = createRecurringActors(keyed, createUserStreamHub());
  let minted = 0;
  const recurringPlans = recurringPlansMachine.provide({
    actors: { ...actors, cancelPlan: confirmActing(cancelPlan, () => undefined) },
    actions: { showToast: () => undefined, mintIdempotencyKey: recurringKeyMinter(() => `test-key-${++minted}`) },
  });
  await renderPairsPage(RecurringContext, { recurringPlans }, <RecurringPage />, {
    pairs: PAIRS,
    balances: spotBalances({ USDT: '1234.5678' }),
    locale: options.locale ?? 'en_US',
    route: options.route ?? '/recurring',
  });
  await screen.findByRole('article', { name: 'BTC/USDT' });
  return { calls, keys };
}

const sent = (calls: { path: string; body: unknown }[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
const card = (name: string) => screen.getAllByRole('article', { name }).at(-1)!;
const typeAmount = (value: string, label = 'Amount per buy') => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string, within_: HTMLElement = document.body) => fireEvent.click(within(within_).getByRole('button', { name }));

describe('/recurring', () => {
  it('lists the plans with their totals, last run and failures, and the form says what a plan does', async () => {
    await renderPage({ route: '/recurring?symbol=eth_usdt' });
    const btc = card('BTC/USDT');
    for (const text of ['50.00 USDT · Weekly', 'Active', 'Next buy', 'Runs2', 'Total spent100.00 USDT', 'Total bought0.00154000 BTC', 'Average price64,935.06 USDT', 'Bought 0.00077000 BTC'])
      expect(btc.textContent).toContain(text);
    expect(btc.textContent).not.toContain('Failures in a row');
    expect(within(btc).getByRole('button', { name: 'Pause' })).toBeTruthy();
    const eth = card('ETH/USDT');
    for (const text of ['20.00 USDT · Daily', 'Paused', 'Runs4', 'Failed: Not enough USDT available', 'Failures in a row3']) expect(eth.textContent).toContain(text);
    expect(eth.textContent).not.toContain('Next buy');
    expect(within(eth).getByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(screen.getByText('2 of 10 plans active or paused')).toBeTruthy();
    // The trading spot pairs, ?symbol= chosen; what the plan does and the quote balance under the form.
    const pairs = screen.getByLabelText('Pair') as HTMLSelectElement;
    expect(Array.from(pairs.options, (o) => o.value)).toEqual(['BTC_USDT', 'ETH_USDT', 'DOGE_USDT']);
    expect(pairs.value).toBe('ETH_USDT');
    expect(screen.getByTestId('recurring-schedule').textContent).toBe('Buys now, then every week. 3 failed buys in a row pause the plan.Available 1,234.56 USDT');
    fireEvent.change(screen.getByLabelText('Frequency'), { target: { value: 'monthly' } });
    await waitFor(() => expect(screen.getByTestId('recurring-schedule').textContent).toContain('Buys now, then every month.'));
  });

  it("checks the amount by the pair's places, then creates a plan with a key, which shows in the list", { timeout: FORM_TEST_MS }, async () => {
    const { calls, keys } = await renderPage();
    press('Start plan');
    expect(await screen.findByText('Enter an amount')).toBeTruthy();
    typeAmount('0');
    expect(await screen.findByText('Enter an amount greater than 0')).toBeTruthy();
    typeAmount('25.001');
    expect(await screen.findByText('At most 2 decimal places for this pair')).toBeTruthy();
    // DOGE is priced in 5 places: the same amount is fine there.
    fireEvent.change(screen.getByLabelText('Pair'), { target: { value: 'DOGE_USDT' } });
    await waitFor(() => expect(screen.queryByText('At most 2 decimal places for this pair')).toBeNull());
    expect(sent(calls, RECURRING_PATHS.create)).toEqual([]);
    fireEvent.change(screen.getByLabelText('Frequency'), { target: { value: 'hourly' } });
    press('Start plan');
    const created = await screen.findByRole('article', { name: 'DOGE/USDT' });
    expect(sent(calls, RECURRING_PATHS.create)).toEqual([{ symbol: 'DOGE_USDT', amount: '25.001', frequency: 'hourly' }]);
    expect(keys).toEqual(['test-key-1']);
    expect(created.textContent).toContain('25.00100 USDT · Hourly');
    // The list was read again after the create; a fresh form on the same pair and frequency.
    await waitFor(() => expect(sent(calls, RECURRING_PATHS.list)).toHaveLength(2));
    await waitFor(() => expect((screen.getByLabelText('Amount per buy') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Pair') as HTMLSelectElement).value).toBe('DOGE_USDT');
    expect((screen.getByLabelText('Frequency') as HTMLSelectElement).value).toBe('hourly');
  });

  it('pauses and resumes a plan, and cancels one only once the question is answered', { timeout: FORM_TEST_MS }, async () => {
    const { calls } = await renderPage();
    press('Pause', card('BTC/USDT'));
    await waitFor(() => expect(card('BTC/USDT').textContent).toContain('Paused'));
    expect(sent(calls, RECURRING_PATHS.pause)).toEqual([{ plan_id: ACTIVE_PLAN.id }]);
    await waitFor(() => expect(within(card('BTC/USDT')).getByRole('button', { name: 'Resume' }).hasAttribute('disabled')).toBe(false));
    press('Resume', card('BTC/USDT'));
    await waitFor(() => expect(card('BTC/USDT').textContent).toContain('Active'));
    expect(sent(calls, RECURRING_PATHS.resume)).toEqual([{ plan_id: ACTIVE_PLAN.id }]);
    await waitFor(() => expect(within(card('ETH/USDT')).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(false));
    press('Cancel', card('ETH/USDT'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel plan' });
    expect(dialog.textContent).toContain('Cancel the ETH/USDT plan? No more buys are made; its runs stay listed.');
    press('Keep plan', dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(calls, RECURRING_PATHS.cancel)).toEqual([]);
    press('Cancel', card('ETH/USDT'));
    press('Cancel plan', await screen.findByRole('dialog', { name: 'Cancel plan' }));
    await waitFor(() => expect(card('ETH/USDT').textContent).toContain('Cancelled'));
    expect(sent(calls, RECURRING_PATHS.cancel)).toEqual([{ plan_id: PAUSED_PLAN.id }]);
    // A cancelled plan has no buttons but its Runs.
    expect(within(card('ETH/USDT')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Runs']);
  });

  it("shows the server's refusal under the form as it came, until the form is changed", { timeout: FORM_TEST_MS }, async () => {
    await renderPage();
    typeAmount('1');
    press('Start plan');
    expect((await screen.findByTestId('recurring-refusal')).textContent).toBe('The amount is below the minimum of 5 USDT');
    typeAmount('2');
    await waitFor(() => expect(screen.queryByTestId('recurring-refusal')).toBeNull());
  });

  it("shows a plan's runs, newest first, and hides them on a second Runs", async () => {
    const { calls } = await renderPage();
    press('Runs', card('BTC/USDT'));
    const table = await screen.findByRole('table', { name: 'Runs of the BTC/USDT plan' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const newest = within(table).getAllByRole('row')[1]!;
    for (const text of ['Bought', '50.00 USDT', '0.00077000 BTC', '0.00000077 BTC', '—']) expect(newest.textContent).toContain(text);
    expect(sent(calls, RECURRING_PATHS.runs)).toEqual([{ plan_id: ACTIVE_PLAN.id, page: 1 }]);
    expect(screen.getByText('Page 1 of 1 · 2 records')).toBeTruthy();
    expect(within(card('BTC/USDT')).getByRole('button', { name: 'Runs' }).getAttribute('aria-expanded')).toBe('true');
    press('Runs', card('BTC/USDT'));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Runs of the BTC/USDT plan' })).toBeNull());
  });
});

describe('/recurring in German', () => {
  it('lists, checks, refuses, creates, pauses and shows runs in German', { timeout: FORM_TEST_MS }, async () => {
    const { calls } = await renderPage({ locale: 'de_DE', refusalText: 'Der Betrag liegt unter dem Minimum von 5 USDT.' });
    expect(screen.getByRole('heading', { name: 'Sparpläne' })).toBeTruthy();
    expect(card('BTC/USDT').textContent).toContain('Insgesamt ausgegeben100,00 USDT');
    expect(card('BTC/USDT').textContent).toContain('Durchschnittspreis64.935,06 USDT');
    expect(card('ETH/USDT').textContent).toContain('Fehlschläge in Folge3');
    expect(screen.getByTestId('recurring-schedule').textContent).toContain('Kauft jetzt, dann jede Woche. 3 fehlgeschlagene Käufe in Folge pausieren den Plan.');
    press('Plan starten');
    expect(await screen.findByText('Geben Sie einen Betrag ein')).toBeTruthy();
    typeAmount('1', 'Betrag pro Kauf');
    press('Plan starten');
    expect((await screen.findByTestId('recurring-refusal')).textContent).toBe('Der Betrag liegt unter dem Minimum von 5 USDT.');
    typeAmount('1.000,5', 'Betrag pro Kauf');
    press('Plan starten');
    await waitFor(() => expect(screen.getAllByRole('article', { name: 'BTC/USDT' })).toHaveLength(2));
    expect(sent(calls, RECURRING_PATHS.create).at(-1)).toEqual({ symbol: 'BTC_USDT', amount: '1000.5', frequency: 'weekly' });
    expect(card('BTC/USDT').textContent).toContain('1.000,50 USDT · Wöchentlich');
    await waitFor(() => expect(within(screen.getAllByRole('article', { name: 'BTC/USDT' })[0]!).getByRole('button', { name: 'Pausieren' }).hasAttribute('disabled')).toBe(false));
    press('Pausieren', screen.getAllByRole('article', { name: 'BTC/USDT' })[0]!);
    await waitFor(() => expect(screen.getAllByRole('article', { name: 'BTC/USDT' })[0]!.textContent).toContain('Pausiert'));
    press('Ausführungen', card('ETH/USDT'));
    const table = await screen.findByRole('table', { name: 'Ausführungen des ETH/USDT-Plans' });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Gekauft'));
  });
});
