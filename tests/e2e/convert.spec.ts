import { expect, test, type Page } from '@playwright/test';
import { call, tokenOf } from './support/api';
import { serverTextsOf, textsOf } from './support/catalogue';
import { useLanguage } from './support/phone';
import { signUp } from './support/register';
import { fund } from './support/spotTrading';
import { failOnPageErrors } from './support/waits';

/**
 * Convert against the real server and its market makers' book: from the header's Convert the
 * trader swaps USDT for BTC at a quote (a fill-or-kill spot order at the quote's bound), sees the
 * result with its spot order and the recent conversions, and the balances moved. In German: the
 * form's own check of the amount's places, the server's refusal of more than the book holds, and a
 * quote left to expire, then refreshed.
 */
test.describe.configure({ mode: 'parallel' });
failOnPageErrors();

async function spotBalance(page: Page, currency: string) {
  const rows = await call<Array<{ currency: string; available: string; frozen: string }>>(page, '/api/wallet/balances', { account: 'spot' }, await tokenOf(page));
  return rows.find((r) => r.currency === currency) ?? { available: '0', frozen: '0' };
}

/** Waits until the BTC/USDT book has asks (the market makers', seconds after the server starts). */
async function booked(page: Page) {
  await expect
    .poll(async () => ((await (await page.request.get('/api/v3/depth?symbol=BTCUSDT&limit=5')).json()) as { asks: unknown[] }).asks.length, { timeout: 60_000 })
    .toBeGreaterThan(0);
}

test('USDT to BTC from the header: quoted, converted whole, listed, balances moved (English)', async ({ page }) => {
  test.setTimeout(120_000);
  const say = textsOf('en_US');
  await signUp(page, `e2e-convert-en-${Date.now()}@example.org`, { open: false });
  await fund(page, '1000');
  await booked(page);

  await page.goto('/home');
  await page.getByRole('navigation').getByRole('link', { name: say('nav.convert'), exact: true }).first().click();
  await expect(page).toHaveURL(/\/convert$/);
  const form = page.getByRole('form', { name: say('convert.request') });
  await form.getByLabel(say('convert.from'), { exact: true }).selectOption('USDT');
  await form.getByLabel(say('convert.to'), { exact: true }).selectOption('BTC');
  await expect(form).toContainText(say('convert.available'));
  await form.getByRole('textbox', { name: say('convert.amount') }).fill('100');

  // The makers re-quote every second; a quote the book moved past converts nothing, and is asked again.
  const done = page.getByTestId('convert-converted');
  await expect(async () => {
    if (await page.getByRole('button', { name: say('convert.newQuote') }).isVisible()) await page.getByRole('button', { name: say('convert.newQuote') }).click();
    else if (await form.getByRole('button', { name: say('convert.getQuote') }).isEnabled()) await form.getByRole('button', { name: say('convert.getQuote') }).click();
    const quote = page.getByRole('region', { name: say('convert.quote') }).or(page.getByTestId('convert-quote'));
    await expect(quote.getByTestId('convert-pay')).toContainText('USDT', { timeout: 5000 });
    await expect(quote.getByTestId('convert-receive')).toContainText('BTC');
    await expect(page.getByTestId('convert-countdown')).toContainText(/\d/);
    await page.getByRole('button', { name: say('convert.convert'), exact: true }).click();
    await expect(done).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 45_000 });

  // What the result says is what the balances show: at most 100 USDT paid, the BTC received.
  await expect(done.getByRole('link', { name: /#\d+/ })).toBeVisible();
  const usdt = Number((await spotBalance(page, 'USDT')).available);
  const btc = Number((await spotBalance(page, 'BTC')).available);
  expect(usdt).toBeGreaterThanOrEqual(900);
  expect(usdt).toBeLessThan(1000);
  expect(btc).toBeGreaterThan(0);
  const history = page.getByRole('table', { name: say('convert.history') });
  await expect(history.getByRole('row').filter({ hasText: say('convert.statuses.converted') })).toHaveCount(1);

  // The conversion is a spot order of the user's: its detail page opens from the result.
  await done.getByRole('link', { name: /#\d+/ }).click();
  await expect(page).toHaveURL(/\/order\/spot-detail\/\d+$/);

  // The spot account's BTC row converts BTC: the page opens paying it.
  await page.goto('/wallet/spot');
  await page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'BTC', exact: true }) }).getByRole('link', { name: say('nav.convert') }).click();
  await expect(page).toHaveURL(/\/convert\?from=BTC$/);
  await expect(page.getByRole('form', { name: say('convert.request') }).getByLabel(say('convert.from'), { exact: true })).toHaveValue('BTC');
});

test('the form checks the places, the server refuses more than the book holds, and a quote expires (German)', async ({ page }) => {
  test.setTimeout(90_000);
  const say = textsOf('de_DE');
  const server = serverTextsOf('convert', 'de_DE');
  await signUp(page, `e2e-convert-de-${Date.now()}@example.org`, { open: false });
  await booked(page);
  await page.goto('/convert?from=USDT&to=BTC');
  await useLanguage(page, 'de_DE');
  await page.reload();
  const form = page.getByRole('form', { name: say('convert.request') });
  const amount = form.getByRole('textbox', { name: say('convert.amount') });

  // Three places paying USDT on a two-place pair: said under the field, nothing asked.
  await amount.fill('10.005');
  await expect(form).toContainText(say('convert.errors.amountPlaces', { places: '2', currency: 'USDT' }));
  await form.getByRole('button', { name: say('convert.getQuote') }).click();
  await expect(page.getByTestId('convert-quote')).toHaveCount(0);

  // More than the 50 published levels hold: the server's refusal, in German.
  await amount.fill('900000000');
  await form.getByRole('button', { name: say('convert.getQuote') }).click();
  await expect(page.getByRole('alert').filter({ hasText: server('convertTooLarge', { currency: 'USDT' }) })).toBeVisible();

  // A quote left alone for its 10 seconds expires; Refresh asks again.
  await amount.fill('50');
  await form.getByRole('button', { name: say('convert.getQuote') }).click();
  await expect(page.getByTestId('convert-countdown')).toBeVisible();
  await expect(page.getByText(say('convert.expired'))).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: say('convert.refresh') }).click();
  await expect(page.getByTestId('convert-countdown')).toBeVisible();
});
