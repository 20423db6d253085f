import { expect, test } from '@playwright/test';
import { LANGUAGES } from '../../domain/languages';
import { call, tokenOf } from './support/api';
import { textsOf, serverTextsOf } from './support/catalogue';
import { operatorDesk, operatorSession } from './support/operator';
import { deskOperator, type DeskOperatorName } from './support/deskOperators';
import { submitWithOperatorCode } from './support/operatorSession';
import { signUp } from './support/register';
import { form, fund } from './support/spotTrading';
import { toastDuring } from './support/toasts';
import { failOnPageErrors } from './support/waits';

/**
 * Issue 52 §1's done-when, in English and German: a risk operator lists a new coin in the markets
 * desk (its network, minimums, fee and precision) and then its USDT pair with market makers on; the
 * makers quote it and a trader buys it; the operator halts it and the trader's order is refused with
 * the reason on the page; the operator resumes it and the order goes through. No restart anywhere.
 * Everything is found by its visible label, in the reader's language.
 */

failOnPageErrors();

for (const lang of ['en_US', 'de_DE']) {
  test(`${lang}: risk lists a coin and its USDT pair, makers quote it, a trader buys it; a halt refuses the order with its reason, a resume lets it through`, async ({ browser, page }) => {
    test.setTimeout(240_000);
    const say = textsOf(lang);
    const server = serverTextsOf('spot', lang);
    // A coin of this run: 2 to 12 capitals and digits.
    const coin = `E${lang === 'en_US' ? 'N' : 'D'}${String(Date.now()).slice(-7)}`;
    const symbol = `${coin}_USDT`;

    // The risk operator lists the coin: one network, its minimums and fee, a precision.
    // A risk operator of this test's own: its 2FA codes are nobody else's to wait for.
    const risk = deskOperator(`listing-${lang}` as DeskOperatorName);
    const desk = await operatorDesk(browser, lang, risk);
    await desk.getByRole('tab', { name: say('marketsDesk.tab'), exact: true }).click();
    await desk.getByRole('button', { name: say('marketsDesk.currency.list') }).click();
    const listing = desk.getByRole('dialog', { name: say('marketsDesk.currency.title') });
    await listing.getByLabel(say('marketsDesk.currency.symbol'), { exact: true }).fill(coin);
    await listing.getByLabel(say('marketsDesk.currency.name'), { exact: true }).fill(`E2E coin ${lang}`);
    await listing.getByLabel(say('marketsDesk.currency.precision'), { exact: true }).fill('4');
    await listing.getByLabel(say('marketsDesk.currency.network'), { exact: true }).fill('ERC20');
    await listing.getByLabel(say('marketsDesk.currency.depositMin'), { exact: true }).fill('1');
    await listing.getByLabel(say('marketsDesk.currency.withdrawMin'), { exact: true }).fill('5');
    await listing.getByLabel(say('marketsDesk.currency.withdrawFee'), { exact: true }).fill('0.5');
    // A fee as large as the minimum is refused before anything is sent (the server's own rule, said
    // under the field it names), and the form stays open.
    await listing.getByLabel(say('marketsDesk.currency.withdrawFee'), { exact: true }).fill('5');
    await listing.getByRole('button', { name: say('marketsDesk.currency.submit') }).click();
    await expect(listing.getByLabel(say('marketsDesk.currency.withdrawMin'), { exact: true })).toHaveAccessibleDescription(say('marketsDesk.currency.withdrawMinBelowFee'));
    await listing.getByLabel(say('marketsDesk.currency.withdrawFee'), { exact: true }).fill('0.5');
    // Success toasts show for a second (spec §9): watched at every frame from before the submit.
    await toastDuring(desk, say('marketsDesk.currency.listed'), () => submitWithOperatorCode(listing, listing.getByLabel(say('marketsDesk.form.code'), { exact: true }), listing.getByRole('button', { name: say('marketsDesk.currency.submit') }), risk), { timeout: 105_000 });

    // Then its USDT pair, makers on (the form's default), from a reference price of 2.5 USDT.
    await desk.getByRole('button', { name: say('marketsDesk.form.list') }).click();
    const pair = desk.getByRole('dialog', { name: say('marketsDesk.form.listTitle') });
    await pair.getByLabel(say('marketsDesk.form.base'), { exact: true }).fill(coin);
    await pair.getByLabel(say('marketsDesk.form.amountPrecision'), { exact: true }).fill('2');
    await pair.getByLabel(say('marketsDesk.form.referencePrice'), { exact: true }).fill('2.5');
    await pair.getByLabel(say('marketsDesk.form.minQuantity'), { exact: true }).fill('0.01');
    await expect(pair.getByLabel(say('marketsDesk.form.makers'))).toBeChecked();
    await toastDuring(desk, say('marketsDesk.listed'), () => submitWithOperatorCode(pair, pair.getByLabel(say('marketsDesk.form.code'), { exact: true }), pair.getByRole('button', { name: say('marketsDesk.form.listSubmit') }), risk), { timeout: 105_000 });
    const row = desk.getByRole('table', { name: say('marketsDesk.title') }).getByRole('row').filter({ hasText: `${coin}/USDT` });
    await expect(row).toContainText(say('marketsDesk.trading'));

    // A trader, in the same language, finds the makers' quotes on the new market and buys 20 USDT's worth.
    await signUp(page, `e2e-listing-${lang.replace('_', '').toLowerCase()}-${Date.now()}@example.org`);
    await fund(page, '500');
    await page.evaluate((stored) => window.localStorage.setItem('language', JSON.stringify(stored)), LANGUAGES.find((l) => l.lang === lang)!);
    await page.goto(`/markets/kline/${symbol}`);
    await expect(page.getByTestId('book-asks').getByRole('row').first()).toBeVisible({ timeout: 30_000 });
    const buy = form(page).getByRole('button', { name: say('spot.form.buySubmit', { currency: coin }) });
    await form(page).getByRole('button', { name: say('spot.type.market'), exact: true }).click();
    // A market buy of 20 USDT (the form clears its amount after each order).
    const token = await tokenOf(page);
    const coinHeld = async () => (await call<Array<{ currency: string; available: string }>>(page, '/api/wallet/balances', { account: 'spot' }, token)).find((r) => r.currency === coin)?.available ?? '0';
    const buyFor20 = async () => {
      await form(page).getByLabel(say('spot.form.amount'), { exact: true }).fill('20');
      await buy.click();
    };
    await toastDuring(page, say('spot.form.placed'), buyFor20);

    // Risk halts it with a reason; the trader's page says so, and the next buy is refused with the reason.
    const reason = `E2E incident ${lang}`;
    await row.getByRole('button', { name: say('marketsDesk.halt') }).click();
    const halt = desk.getByRole('dialog', { name: say('marketsDesk.haltTitle', { market: `${coin}/USDT` }) });
    await halt.getByLabel(say('marketsDesk.reason')).fill(reason);
    await halt.getByRole('button', { name: say('marketsDesk.halt') }).click();
    await expect(row).toContainText(say('marketsDesk.haltedState'));
    await expect(page.getByText(say('trade.halted', { reason }))).toBeVisible({ timeout: 15_000 });
    // A press within 2000 ms of the last accepted one is dropped by design (spec §9).
    await page.waitForTimeout(2000);
    await buyFor20();
    await expect(page.getByText(server('spotMarketHalted', { symbol, reason })).first()).toBeVisible({ timeout: 15_000 });

    // Risk resumes it (after the confirmation); the note goes and the buy goes through.
    await row.getByRole('button', { name: say('marketsDesk.resume') }).click();
    await desk.getByRole('dialog', { name: say('marketsDesk.resumeTitle') }).getByRole('button', { name: say('marketsDesk.resume') }).click();
    await expect(row).toContainText(say('marketsDesk.trading'));
    await expect(page.getByText(say('trade.halted', { reason }))).toBeHidden({ timeout: 15_000 });
    // The order goes through: the trader's coin balance grows (read from the server, not from a
    // toast that a busy machine's next toast may replace before it is looked at).
    await page.waitForTimeout(2000);
    const before = await coinHeld();
    await buyFor20();
    await expect.poll(coinHeld, { timeout: 20_000 }).not.toBe(before);

    // A change made elsewhere (another operator's desk, here the API) reaches this open desk without a reload.
    const elsewhere = { token: operatorSession().token };
    expect((await (await desk.request.post('/api/operator/market_halt', { data: { symbol, reason: 'Elsewhere' }, headers: elsewhere })).json()).code).toBe(200);
    await expect(row).toContainText('Elsewhere', { timeout: 15_000 });
    expect((await (await desk.request.post('/api/operator/market_resume', { data: { symbol }, headers: elsewhere })).json()).code).toBe(200);
    await expect(row).toContainText(say('marketsDesk.trading'), { timeout: 15_000 });
    await desk.context().close();
  });
}
