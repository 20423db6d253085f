import { expect, test, type Page } from '@playwright/test';
import { call, tokenOf } from './support/api';
import { serverTextsOf, textsOf } from './support/catalogue';
import { useLanguage } from './support/phone';
import { signUp } from './support/register';
import { fund } from './support/spotTrading';
import { failOnPageErrors } from './support/waits';

/**
 * Price alerts against the real server: from the spot trade page's "Price alert" link the trader
 * sets a rise-to alert just above the best ask, then buys through the ask with a market order; the
 * next sweep (each second) triggers the alert, which moves to the recently triggered list with the
 * price traded, and the bell has its notice. In German: the form's own check of the price's places,
 * the server's refusal of a fall-to price the market is already under, a cancel, and an alert on
 * the BTC/USDT perpetual.
 */
test.describe.configure({ mode: 'parallel' });
failOnPageErrors();

/** Waits for BTC/USDT's first trade, spot's or the perpetual's (the market makers', seconds after the server starts): an alert compares with the last one. */
async function traded(page: Page, market: 'spot' | 'futures' = 'spot') {
  const path = market === 'spot' ? '/api/v3/trades?symbol=BTCUSDT&limit=1' : '/fapi/v1/trades?symbol=BTCUSDT&limit=1';
  await expect.poll(async () => ((await (await page.request.get(path)).json()) as unknown[]).length, { timeout: 60_000 }).toBeGreaterThan(0);
}

/** The BTC/USDT book's asks, best first (the Binance dialect's public depth). */
async function asks(page: Page, limit = 5): Promise<Array<[number, number]>> {
  const depth = (await (await page.request.get(`/api/v3/depth?symbol=BTCUSDT&limit=${limit}`)).json()) as { asks: Array<[string, string]> };
  return depth.asks.map(([price, quantity]) => [Number(price), Number(quantity)]);
}

test('a rise-to alert set from the trade page triggers when a market buy goes through its price (English)', async ({ page }) => {
  test.setTimeout(120_000);
  const say = textsOf('en_US');
  await signUp(page, `e2e-alerts-en-${Date.now()}@example.org`, { open: false });
  await fund(page, '250000');
  const token = await tokenOf(page);
  await traded(page);

  await page.goto('/markets/kline/BTC_USDT');
  await page.getByRole('link', { name: say('trade.priceAlert') }).click();
  await expect(page).toHaveURL(/\/alerts\?symbol=BTC_USDT$/);
  const form = page.getByRole('form', { name: say('alerts.newAlert') });
  await expect(form.getByRole('combobox', { name: say('alerts.pair') })).toHaveValue('BTC_USDT');
  await expect(form.getByTestId('alerts-last-price')).toContainText(/\d/);

  // A cent above the best ask: the next buy through the book reaches it (the book may move: tried again).
  const active = page.getByRole('table', { name: say('alerts.activeTable') });
  let target = '';
  await expect(async () => {
    const [[best]] = (await asks(page)) as [[number, number]];
    target = (best + 0.01).toFixed(2);
    await form.getByRole('button', { name: say('alerts.above') }).click();
    await form.getByRole('textbox', { name: say('alerts.targetPrice') }).fill(target);
    await form.getByRole('button', { name: say('alerts.create') }).click();
    await expect(active.getByRole('row').filter({ hasText: say('alerts.above') })).toHaveCount(1, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(active).toContainText(Number(target).toLocaleString('en-US', { minimumFractionDigits: 2 }));

  // A market buy of every ask up to the first one above the alert's price, and a little more: its
  // last trades are past that price while the book holds still between the read and the buy. (Two
  // levels from the best ask did not get there in a CI run, 2026-12-02; five levels capped at
  // 27,000 USDT never left a large best ask.) A buy that did not reach it is followed by another,
  // sized on the book as it is then (two fit the funds).
  const triggered = page.getByRole('table', { name: say('alerts.triggered') });
  await expect(async () => {
    const levels = await asks(page, 20);
    const through = levels.findIndex(([price]) => price > Number(target));
    const amount = levels.slice(0, through < 0 ? levels.length : through + 1).reduce((sum, [price, quantity]) => sum + price * quantity, 0) * 1.02;
    await call(page, '/api/spot/order_place', { symbol: 'BTC_USDT', side: 'buy', type: 'market', amount: Math.min(120_000, Math.ceil(amount)).toString() }, token);
    await expect(triggered.getByRole('row').filter({ hasText: say('alerts.above') })).toHaveCount(1, { timeout: 15_000 });
  }).toPass({ timeout: 40_000 });
  await expect(active.getByRole('row').filter({ hasText: say('alerts.above') })).toHaveCount(0);
  const notices = await call<{ list: Array<{ kind: string; title: string; body: string }> }>(page, '/api/inform/list', {}, token);
  expect(notices.list.find((n) => n.kind === 'price_alert_above')).toMatchObject({ title: 'Price alert: BTC/USDT', body: expect.stringMatching(/^BTC\/USDT traded at [\d,.]+, at or above your alert price of [\d,.]+\.$/) });
});

test('the form checks the places, the server refuses a price the market is already under, and an alert is cancelled (German)', async ({ page }) => {
  test.setTimeout(90_000);
  const say = textsOf('de_DE');
  const server = serverTextsOf('alerts', 'de_DE');
  await signUp(page, `e2e-alerts-de-${Date.now()}@example.org`, { open: false });
  await traded(page);
  await page.goto('/alerts?symbol=btc_usdt');
  await useLanguage(page, 'de_DE');
  await page.reload();
  const form = page.getByRole('form', { name: say('alerts.newAlert') });
  const priceBox = form.getByRole('textbox', { name: say('alerts.targetPrice') });

  // Three places on a two-place pair: said under the field, nothing sent.
  await priceBox.fill('1.005');
  await form.getByRole('button', { name: say('alerts.create') }).click();
  await expect(form).toContainText(say('alerts.errors.pricePlaces', { places: '2' }));

  // Falls to a price far above the market: the server's refusal, in German, under the form.
  await form.getByRole('button', { name: say('alerts.below') }).click();
  await priceBox.fill('9000000');
  await form.getByRole('button', { name: say('alerts.create') }).click();
  const refusal = page.getByTestId('alerts-refusal');
  await expect(refusal).toContainText(server('alertAlreadyBelow', { last: 'X' }).split('X')[0]!);

  // Falls to 1: set, then cancelled.
  await priceBox.fill('1');
  await form.getByRole('button', { name: say('alerts.create') }).click();
  const active = page.getByRole('table', { name: say('alerts.activeTable') });
  const row = active.getByRole('row').filter({ hasText: say('alerts.below') });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: say('alerts.cancel') }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText(say('alerts.noActive'))).toBeVisible();

  // The same on the BTC/USDT perpetual: the market chosen, its row says so.
  await traded(page, 'futures');
  await form.getByRole('button', { name: say('menu.order.contract'), exact: true }).click();
  await form.getByRole('button', { name: say('alerts.below') }).click();
  await priceBox.fill('1');
  await form.getByRole('button', { name: say('alerts.create') }).click();
  await expect(active.getByRole('row').filter({ hasText: say('menu.order.contract') })).toHaveCount(1);
});
