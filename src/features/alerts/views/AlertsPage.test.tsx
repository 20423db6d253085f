// @vitest-environment jsdom
/**
 * /alerts in English and German: the form's own checks (nothing sent), a created alert in the
 * active list, a cancel, the server's refusal under the form as it came, a notice pushed on the
 * private channel reading the list again, and a futures alert (the market toggle, its pairs and
 * last price, the request's market, the lists' Market column).
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ALERT_PATHS, type AlertList, type CreateAlertInput, type PriceAlert } from '../../../../domain/alerts';
import type { MarketTick, Pair } from '../../../../domain/api';
import { createUserStreamHub } from '../../../app/actors/userStream.actor';
import { fakeApi, FORM_TEST_MS, refusal, renderView, startedApp } from '../../../app/testing/viewHarness';
import { ShellContext } from '../../../app/views/hooks';
import { createAlertsActors } from '../actors/alerts.actors';
import { AlertsContext } from '../alerts.context';
import { ACTIVE_ALERT, TRIGGERED_ALERT } from '../machines/priceAlerts/priceAlerts.fixtures';
import { priceAlertsMachine } from '../machines/priceAlerts/priceAlerts.machine';
import { AlertsPage } from './AlertsPage';

afterEach(cleanup);

const pair = (left: string, pricePrecision: number, markets: { spot?: 0 | 1; futures?: 0 | 1 } = {}): Pair => ({
  left_symbol: left,
  right_symbol: 'USDT',
  is_hot: 1,
  trade_status: markets.spot ?? 1,
  contract_status: markets.futures ?? 0,
  price_precision: pricePrecision,
  amount_precision: 4,
  min_quantity: '0.0001',
  min_notional: '5',
});
// BTC trades on both markets, ETH and DOGE on spot only, SOL only as a contract.
const PAIRS = [pair('BTC', 2, { futures: 1 }), pair('ETH', 2), pair('DOGE', 5), pair('SOL', 3, { spot: 0, futures: 1 })];
const BTC_TICK = { channel: 'btc_usdt_tick', pair: 'BTC_USDT', close: '65432.1', open: '65000', high: '66000', low: '64000', amount: '1', vol: '1', count: 1, increase: '0.01' } as MarketTick;
const BTC_FUTURE_TICK = { ...BTC_TICK, channel: 'btc_usdt_future_tick', close: '65480.5' } as MarketTick;

/** The app's actor with the pairs listed and BTC/USDT's tick in. */
async function appWithPairs() {
  const app = startedApp({ pairs: PAIRS });
  await waitFor(() => expect(app.getSnapshot().context.pairs).toHaveLength(PAIRS.length));
  app.send({ type: 'market.tick', tick: BTC_TICK });
  app.send({ type: 'market.tick', tick: BTC_FUTURE_TICK });
  return app;
}

/** The page over a stand-in server holding `list`: create refuses a target of 1 (as "the price is already there"), cancel ends an active one. */
async function renderPage(options: { locale?: 'en_US' | 'de_DE'; route?: string; refusalText?: string } = {}) {
  const list: AlertList = { active: [ACTIVE_ALERT], triggered: [TRIGGERED_ALERT] };
  let nextId = 20;
  const { api, calls } = fakeApi({
    [ALERT_PATHS.list]: () => structuredClone(list),
    [ALERT_PATHS.create]: (body: unknown) => {
      const input = body as CreateAlertInput;
      if (input.price === '1') refusal(options.refusalText ?? 'The price is already above 1.00');
      const created: PriceAlert = { id: nextId++, market: input.market ?? 'spot', symbol: input.symbol, condition: input.condition, price: `${input.price}.00`, status: 'active', created_ms: Date.UTC(2026, 10, 30), triggered_ms: null, triggered_price: null };
      list.active.push(created);
      return created;
    },
    [ALERT_PATHS.cancel]: (body: unknown) => {
      const { id } = body as { id: number };
      const found = list.active.find((a) => a.id === id)!;
      list.active = list.active.filter((a) => a.id !== id);
      return { ...found, status: 'cancelled' };
    },
  });
  const userStream = createUserStreamHub();
  const priceAlerts = priceAlertsMachine.provide({ actors: createAlertsActors(api, userStream), actions: { showToast: () => undefined } });
  const app = await appWithPairs();
  await renderView(
    <ShellContext.Provider value={{ app } as never}>
      <AlertsContext.Provider value={{ priceAlerts }}>
        <AlertsPage />
      </AlertsContext.Provider>
    </ShellContext.Provider>,
    { locale: options.locale ?? 'en_US', route: options.route ?? '/alerts' },
  );
  return { calls, list, userStream };
}

const sent = (calls: { path: string; body: unknown }[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
const activeTable = (name = 'Active alerts') => screen.getByRole('table', { name });
const typePrice = (value: string, label = 'Target price') => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const create = (label = 'Create alert') => fireEvent.click(screen.getByRole('button', { name: label }));
/** Sends the form with `price`, waits for the active list to hold it after the fixture's one, and answers its row. */
async function createdRow(price: string) {
  typePrice(price);
  create();
  await waitFor(() => expect(within(activeTable()).getAllByRole('row')).toHaveLength(3));
  return within(activeTable()).getAllByRole('row')[2]!;
}

describe('/alerts', () => {
  it('lists the active and triggered alerts, and preselects the pair ?symbol= names, with its last price', async () => {
    await renderPage({ route: '/alerts?symbol=eth_usdt' });
    expect((screen.getByLabelText('Pair') as HTMLSelectElement).value).toBe('ETH_USDT');
    const active = within(activeTable()).getAllByRole('row')[1]!;
    expect(active.textContent).toContain('BTC/USDT');
    expect(active.textContent).toContain('Spot');
    expect(active.textContent).toContain('Rises to');
    expect(active.textContent).toContain('70,000.00');
    const triggered = within(screen.getByRole('table', { name: 'Recently triggered' })).getAllByRole('row')[1]!;
    expect(triggered.textContent).toContain('ETH/USDT');
    expect(triggered.textContent).toContain('Falls to');
    expect(triggered.textContent).toContain('3,000.00');
    expect(triggered.textContent).toContain('2,999.50');
    expect(screen.getByRole('heading', { name: 'Active alerts (1 of 20)' })).toBeTruthy();
    // ETH has no tick here; BTC's last price shows once it is chosen.
    expect(screen.queryByTestId('alerts-last-price')).toBeNull();
    fireEvent.change(screen.getByLabelText('Pair'), { target: { value: 'BTC_USDT' } });
    expect((await screen.findByTestId('alerts-last-price')).textContent).toBe('Last price 65,432.10 USDT');
  });

  const options = () => Array.from((screen.getByLabelText('Pair') as HTMLSelectElement).options, (o) => o.value);
  const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

  it('preselects the market and the contract ?market=futures&symbol= name, with its last price', async () => {
    await renderPage({ route: '/alerts?symbol=btc_usdt&market=futures' });
    expect(pressed('USDT-M futures')).toBe('true');
    expect(options()).toEqual(['BTC_USDT', 'SOL_USDT']);
    expect((screen.getByLabelText('Pair') as HTMLSelectElement).value).toBe('BTC_USDT');
    expect((await screen.findByTestId('alerts-last-price')).textContent).toBe('Last price 65,480.50 USDT');
  });

  it("creates a futures alert: the toggle lists the contracts, keeps a pair both have, and the list names the market", { timeout: FORM_TEST_MS }, async () => {
    const { calls } = await renderPage();
    expect(pressed('Spot')).toBe('true');
    expect(options()).toEqual(['BTC_USDT', 'ETH_USDT', 'DOGE_USDT']);
    // ETH has no contract: the futures market starts on its first one.
    fireEvent.change(screen.getByLabelText('Pair'), { target: { value: 'ETH_USDT' } });
    fireEvent.click(screen.getByRole('button', { name: 'USDT-M futures' }));
    await waitFor(() => expect((screen.getByLabelText('Pair') as HTMLSelectElement).value).toBe('BTC_USDT'));
    expect(pressed('USDT-M futures')).toBe('true');
    expect(options()).toEqual(['BTC_USDT', 'SOL_USDT']);
    expect(screen.getByTestId('alerts-last-price').textContent).toBe('Last price 65,480.50 USDT');
    const row = await createdRow('70000');
    expect(sent(calls, ALERT_PATHS.create)).toEqual([{ market: 'futures', symbol: 'BTC_USDT', condition: 'above', price: '70000' }]);
    expect(row.textContent).toContain('BTC/USDT');
    expect(row.textContent).toContain('USDT-M futures');
    // The fresh form stays on futures; back on spot, BTC (listed there too) is kept.
    await waitFor(() => expect((screen.getByLabelText('Target price') as HTMLInputElement).value).toBe(''));
    expect(pressed('USDT-M futures')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Spot' }));
    await waitFor(() => expect(pressed('Spot')).toBe('true'));
    expect((screen.getByLabelText('Pair') as HTMLSelectElement).value).toBe('BTC_USDT');
    expect(screen.getByTestId('alerts-last-price').textContent).toBe('Last price 65,432.10 USDT');
  });

  it("checks the target price on the form, by the pair's places, and sends nothing until it is right", { timeout: FORM_TEST_MS }, async () => {
    const { calls } = await renderPage();
    create();
    expect(await screen.findByText('Enter a target price')).toBeTruthy();
    typePrice('0');
    expect(await screen.findByText('Enter a price greater than 0')).toBeTruthy();
    typePrice('65000.123');
    expect(await screen.findByText('At most 2 decimal places for this pair')).toBeTruthy();
    // DOGE is priced in 5 places: the same figure is fine there.
    fireEvent.change(screen.getByLabelText('Pair'), { target: { value: 'DOGE_USDT' } });
    await waitFor(() => expect(screen.queryByText('At most 2 decimal places for this pair')).toBeNull());
    expect(sent(calls, ALERT_PATHS.create)).toEqual([]);
  });

  it('creates an alert, which shows in the active list, and cancels it', { timeout: FORM_TEST_MS }, async () => {
    const { calls } = await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Falls to' }));
    expect(screen.getByRole('button', { name: 'Falls to' }).getAttribute('aria-pressed')).toBe('true');
    const row = await createdRow('60000');
    expect(sent(calls, ALERT_PATHS.create)).toEqual([{ market: 'spot', symbol: 'BTC_USDT', condition: 'below', price: '60000' }]);
    expect(row.textContent).toContain('Falls to');
    expect(row.textContent).toContain('60,000.00');
    // A fresh form on the same pair and condition.
    await waitFor(() => expect((screen.getByLabelText('Target price') as HTMLInputElement).value).toBe(''));
    expect(screen.getByRole('button', { name: 'Falls to' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(activeTable()).getAllByRole('row')).toHaveLength(2));
    expect(sent(calls, ALERT_PATHS.cancel)).toEqual([{ id: 20 }]);
    fireEvent.click(within(activeTable()).getByRole('button', { name: 'Cancel' }));
    expect(await within(activeTable()).findByText('No active alerts. Create one above.')).toBeTruthy();
  });

  it("shows the server's refusal under the form as it came, until the form is changed", { timeout: FORM_TEST_MS }, async () => {
    await renderPage();
    typePrice('1');
    create();
    expect((await screen.findByTestId('alerts-refusal')).textContent).toBe('The price is already above 1.00');
    typePrice('2');
    await waitFor(() => expect(screen.queryByTestId('alerts-refusal')).toBeNull());
  });

  it('reads the list again when a notice is pushed (an alert triggered)', async () => {
    const { calls, list, userStream } = await renderPage();
    list.triggered.unshift({ ...ACTIVE_ALERT, status: 'triggered', triggered_ms: Date.UTC(2026, 10, 30, 10), triggered_price: '70001.00' });
    list.active = [];
    await act(async () => userStream.publish({ type: 'stream.product', kind: 'notice', payload: {} }));
    expect(await within(activeTable()).findByText('No active alerts. Create one above.')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Recently triggered' }).textContent).toContain('70,001.00');
    expect(sent(calls, ALERT_PATHS.list)).toHaveLength(2);
  });
});

describe('/alerts in German', () => {
  it('checks, creates, refuses and cancels in German', { timeout: FORM_TEST_MS }, async () => {
    const { calls } = await renderPage({ locale: 'de_DE', refusalText: 'Der Preis liegt bereits über 1,00.' });
    expect(screen.getByRole('heading', { name: 'Preisalarme' })).toBeTruthy();
    create('Alarm erstellen');
    expect(await screen.findByText('Geben Sie einen Zielpreis ein')).toBeTruthy();
    typePrice('1,234', 'Zielpreis');
    expect(await screen.findByText('Höchstens 2 Nachkommastellen für dieses Paar')).toBeTruthy();
    typePrice('1', 'Zielpreis');
    create('Alarm erstellen');
    expect((await screen.findByTestId('alerts-refusal')).textContent).toBe('Der Preis liegt bereits über 1,00.');
    typePrice('75000', 'Zielpreis');
    create('Alarm erstellen');
    const table = () => screen.getByRole('table', { name: 'Aktive Alarme' });
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(3));
    expect(within(table()).getAllByRole('row')[2]!.textContent).toContain('75.000,00');
    expect(within(table()).getAllByRole('row')[2]!.textContent).toContain('Steigt auf');
    fireEvent.click(within(table()).getAllByRole('button', { name: 'Stornieren' })[0]!);
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    expect(sent(calls, ALERT_PATHS.cancel)).toEqual([{ id: ACTIVE_ALERT.id }]);
  });
});
