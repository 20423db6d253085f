import { expect, test, type Page } from '@playwright/test';
import { serverTextsOf, textsOf } from './support/catalogue';
import { useLanguage } from './support/phone';
import { signUp } from './support/register';
import { fund } from './support/spotTrading';
import { failOnPageErrors } from './support/waits';

/**
 * Recurring buys against the real server: in English a trader follows the spot trade page's
 * "Recurring buy" link and starts a daily plan of 25 USDT of BTC, which buys at once from the
 * market makers' asks (its card shows the run, its Runs table the order's figures), pauses and
 * resumes it, and cancels it through the "Keep plan" / "Cancel plan"
 * question. In German: the form's own check of the amount's places, the server's refusal of an
 * amount under the pair's minimum, and a plan without funds whose first buy failed, with the reason
 * in German.
 */
test.describe.configure({ mode: 'parallel' });
failOnPageErrors();

/** Waits for BTC/USDT's asks (the market makers', seconds after the server starts): a market buy needs a seller. */
async function booked(page: Page) {
  const asks = async () => ((await (await page.request.get('/api/v3/depth?symbol=BTCUSDT&limit=5')).json()) as { asks: unknown[] }).asks.length;
  await expect.poll(asks, { timeout: 60_000 }).toBeGreaterThan(0);
}

test('a daily plan buys at once, shows its run, pauses, resumes and is cancelled (English)', async ({ page }) => {
  test.setTimeout(120_000);
  const say = textsOf('en_US');
  await signUp(page, `e2e-recurring-en-${Date.now()}@example.org`, { open: false });
  await fund(page, '1000');
  await booked(page);

  // From the spot trade page's stats bar, beside the price alert.
  await page.goto('/markets/kline/BTC_USDT');
  await page.getByRole('link', { name: say('trade.recurringBuy') }).click();
  await expect(page).toHaveURL(/\/recurring\?symbol=BTC_USDT$/);
  const form = page.getByRole('form', { name: say('recurring.newPlan') });
  await expect(form.getByRole('combobox', { name: say('recurring.pair') })).toHaveValue('BTC_USDT');
  await form.getByRole('textbox', { name: say('recurring.amountEach') }).fill('25');
  await form.getByRole('combobox', { name: say('recurring.frequencyLabel') }).selectOption('daily');
  await expect(page.getByTestId('recurring-schedule')).toContainText(say('recurring.schedule.daily'));
  await form.getByRole('button', { name: say('recurring.start') }).click();

  const card = page.getByRole('article', { name: 'BTC/USDT' });
  await expect(card).toContainText(say('recurring.status.active'));
  await expect(card).toContainText(/Bought 0\.\d+ BTC/);
  await expect(card).toContainText('25.00 USDT');

  await card.getByRole('button', { name: say('recurring.showRuns') }).click();
  const runs = card.getByRole('table', { name: say('recurring.runsOf', { pair: 'BTC/USDT' }) });
  // One run (the header row names no currency): bought, the quote it spent and the base it got.
  const run = runs.getByRole('row').filter({ hasText: 'USDT' });
  await expect(run).toHaveCount(1);
  await expect(run).toContainText(say('recurring.runStatus.bought'));
  await expect(run).toContainText(/\d+\.\d+ USDT/);

  await card.getByRole('button', { name: say('recurring.pause') }).click();
  await expect(card).toContainText(say('recurring.status.paused'));
  await card.getByRole('button', { name: say('recurring.resume') }).click();
  await expect(card).toContainText(say('recurring.status.active'));

  await card.getByRole('button', { name: say('recurring.cancel'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(say('recurring.cancelQuestion', { pair: 'BTC/USDT' }));
  await dialog.getByRole('button', { name: say('recurring.cancelPlan') }).click();
  await expect(card).toContainText(say('recurring.status.cancelled'));
  await expect(card.getByRole('button', { name: say('recurring.pause') })).toHaveCount(0);
});

test('the form checks the places, the server refuses an amount under the minimum, and an unfunded plan says why its buy failed (German)', async ({ page }) => {
  test.setTimeout(120_000);
  const say = textsOf('de_DE');
  const spot = serverTextsOf('spot', 'de_DE');
  await signUp(page, `e2e-recurring-de-${Date.now()}@example.org`, { open: false });
  await booked(page);
  await page.goto('/recurring?symbol=btc_usdt');
  await useLanguage(page, 'de_DE');
  await page.reload();
  const form = page.getByRole('form', { name: say('recurring.newPlan') });
  const amount = form.getByRole('textbox', { name: say('recurring.amountEach') });

  // Three places on a two-place pair: said under the field, nothing sent.
  await amount.fill('10.005');
  await form.getByRole('button', { name: say('recurring.start') }).click();
  await expect(form).toContainText(say('recurring.errors.amountPlaces', { places: '2' }));

  // Under the pair's minimum order value: spot's own refusal, in German, under the form.
  await amount.fill('0.5');
  await form.getByRole('button', { name: say('recurring.start') }).click();
  await expect(page.getByTestId('recurring-refusal')).not.toBeEmpty();
  await expect(page.getByRole('article')).toHaveCount(0);

  // No USDT: the plan starts, its first buy failed with the balance's reason.
  await amount.fill('10');
  await form.getByRole('button', { name: say('recurring.start') }).click();
  const card = page.getByRole('article', { name: 'BTC/USDT' });
  await expect(card).toContainText(say('recurring.status.active'));
  await expect(card).toContainText(spot('spotInsufficientBalance'));
});
