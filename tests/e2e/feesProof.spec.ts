import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES } from '../../domain/languages';
import { textsOf } from './support/catalogue';
import { operatorDesk } from './support/operator';
import { deskOperator, type DeskOperatorName } from './support/deskOperators';
import { submitWithOperatorCode } from './support/operatorSession';
import { signUp } from './support/register';
import { fund, tokenOf } from './support/spotTrading';
import { failOnPageErrors } from './support/waits';

/**
 * Issue 52 §2 and §4's done-when, in English and French: a finance operator gives one user a maker
 * rebate (a negative maker rate in an override, ending tomorrow, with the operator's 2FA code) in
 * the fee desk; that user's resting order is filled and its details show the fill's negative fee
 * and negative rate. Then finance builds the proof of liabilities and the user, from the wallet
 * page, verifies their inclusion: the Verify button recomputes the root in the browser. Every
 * control is found by its visible label, in the reader's language.
 */

const languageOf = (lang: string) => LANGUAGES.find((l) => l.lang === lang)!;

/** A signed-in API call that must succeed (orders carry an idempotency key of their own). */
async function call<T>(page: Page, path: string, body: object, token: string): Promise<T> {
  const response = await page.request.post(path, { data: body, headers: { token, 'idempotency-key': `e2e-fees-${Date.now()}-${Math.random().toString(36).slice(2)}` } });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  expect(envelope.code, envelope.msg).toBe(200);
  return envelope.data;
}

/** The best bid and ask of BTC_USDT, from the Binance dialect's public book ticker. */
async function bookTicker(page: Page): Promise<{ bid: number; ask: number }> {
  const response = await page.request.get('/api/v3/ticker/bookTicker?symbol=BTCUSDT');
  const body = (await response.json()) as { bidPrice: string; askPrice: string };
  return { bid: Number(body.bidPrice), ask: Number(body.askPrice) };
}

/** A user of this run signed in on `page` with `funds` USDT in spot; answers their id and token. */
async function trader(page: Page, tag: string, funds: string): Promise<{ id: number; token: string }> {
  await signUp(page, `e2e-fees-${tag}-${Date.now()}@example.org`);
  await fund(page, funds);
  const id = await page.evaluate(() => (JSON.parse(window.localStorage.getItem('user_info')!) as { id: number }).id);
  return { id, token: await tokenOf(page) };
}

/** Tomorrow at this time as a datetime-local field reads it. */
function tomorrowField(): string {
  const d = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

failOnPageErrors();

for (const lang of ['en_US', 'fr_FR']) {
  test(`${lang}: finance sets a user's maker rebate and their fill shows it; the user verifies their inclusion in the proof of liabilities`, async ({ browser, page }) => {
    test.setTimeout(300_000);
    const say = textsOf(lang);
    const short = lang.replace('_', '').toLowerCase();
    // The rebate as the language writes a percentage (French: a decimal comma, a no-break space before the sign).
    const rebateShown = lang === 'fr_FR' ? '-0,02\u00a0%' : '-0.02%';

    // The maker of this test, and a taker in a browser context of their own (API calls only).
    const maker = await trader(page, `maker-${short}`, '500');
    await page.evaluate((stored) => window.localStorage.setItem('language', JSON.stringify(stored)), languageOf(lang));
    const takerContext = await browser.newContext();
    const takerPage = await takerContext.newPage();
    const taker = await trader(takerPage, `taker-${short}`, '2000');
    // The taker buys BTC from the market makers (its taker fee, in BTC, is what a rebate in BTC is paid from).
    // Enough for many tries below: a try whose sell meets a market maker's newer bid spends 0.001 BTC.
    await call(takerPage, '/api/spot/order_place', { symbol: 'BTC_USDT', side: 'buy', type: 'market', amount: '1900' }, taker.token);

    // Finance gives the maker a rebate in BTC_USDT until tomorrow, with the 2FA code.
    const finance = deskOperator(`feesProof-${lang}` as DeskOperatorName);
    const desk = await operatorDesk(browser, lang, finance);
    await desk.getByRole('tab', { name: say('fees.desk'), exact: true }).click();
    await desk.getByRole('button', { name: say('fees.form.addOverride') }).click();
    const dialog = desk.getByRole('dialog', { name: say('fees.form.overrideTitle') });
    await dialog.getByLabel(say('fees.deskUser'), { exact: true }).fill(String(maker.id));
    await dialog.getByLabel(say('fees.market'), { exact: true }).selectOption('BTC_USDT');
    await dialog.getByLabel(say('fees.form.maker'), { exact: true }).fill('-0.0002');
    await dialog.getByLabel(say('fees.form.taker'), { exact: true }).fill('0.001');
    await dialog.getByLabel(say('fees.form.ends'), { exact: true }).fill(tomorrowField());
    await dialog.getByLabel(say('fees.deskNote'), { exact: true }).fill(`E2E rebate ${lang}`);
    await submitWithOperatorCode(dialog, dialog.getByLabel(say('fees.form.code'), { exact: true }), dialog.getByRole('button', { name: say('fees.form.save') }), finance);
    const overrides = desk.getByRole('table', { name: say('fees.deskOverrides') });
    await expect(overrides.getByRole('row').filter({ hasText: `E2E rebate ${lang}` })).toContainText(rebateShown);

    // The maker's bid rests at the top of the book (post only), and the taker sells into it with an
    // IOC limit at the bid's price. The market makers requote all the time: when one's bid came above
    // the maker's before the sell, the bid is not filled, so it is withdrawn and placed again at the
    // new top (a bid left buried would never be reached, and the taker would run out of BTC).
    let orderId = 0;
    const detailOf = (id: number) => call<{ filled: string; status: number; deals: unknown[] }>(page, '/api/spot/order_detail', { id }, maker.token);
    await expect(async () => {
      if (orderId !== 0) {
        await page.request.post('/api/spot/order_cancel', { data: { id: orderId }, headers: { token: maker.token } });
        if ((await detailOf(orderId)).deals.length > 0) return; // filled before the cancel reached it
        orderId = 0;
      }
      const { bid, ask } = await bookTicker(page);
      const price = Math.min(bid + 0.01, ask - 0.01).toFixed(2);
      const placed = await call<{ id: number; status: number }>(page, '/api/spot/order_place', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price, quantity: '0.001', time_in_force: 'POST_ONLY' }, maker.token);
      orderId = placed.id;
      await call(takerPage, '/api/spot/order_place', { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price, quantity: '0.001', time_in_force: 'IOC' }, taker.token);
      if ((await detailOf(orderId)).deals.length === 0) throw new Error('the rebate bid is not filled yet');
    }).toPass({ timeout: 90_000, intervals: [500, 1000, 2000] });

    // The order's details: the fill's rate is the rebate, and its fee is negative (paid to the maker).
    await page.goto(`/order/spot-detail/${orderId}`);
    const deals = page.getByRole('table', { name: say('spot.detail.deals') });
    const fill = deals.getByRole('row').nth(1);
    await expect(fill).toContainText(rebateShown, { timeout: 15_000 });
    await expect(fill).toContainText(/-0[.,]0+\d/);
    await expect(deals.getByRole('columnheader', { name: say('spot.form.feeRate') })).toBeVisible();
    await takerContext.close();

    // Finance builds the proof of liabilities now (a build already running elsewhere: build again).
    await desk.getByRole('tab', { name: say('liabilities.desk'), exact: true }).click();
    await expect(async () => {
      await desk.getByRole('button', { name: say('liabilities.deskBuild') }).click();
      await expect(desk.getByRole('status').filter({ hasText: say('liabilities.deskBuilt') })).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 60_000 });
    await desk.context().close();

    // The maker, from the wallet page, opens the proof, sees their leaf and verifies it in the browser.
    await page.goto('/wallet');
    await page.getByRole('link', { name: say('liabilities.walletLink') }).click();
    const proof = page.getByTestId('liabilities-proof');
    await expect(proof.getByRole('heading', { name: say('liabilities.yourLeaf') })).toBeVisible({ timeout: 15_000 });
    await proof.getByRole('button', { name: say('liabilities.verify') }).click();
    await expect(proof.getByRole('status')).toContainText(say('liabilities.verified'), { timeout: 15_000 });
  });
}
