import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopEmbeddedPostgres } from '../../server/kernel/platform/db/embeddedPostgres.js';
import { expect, test, type Page } from '@playwright/test';
import type secondsCatalogue from '../../src/features/seconds/locales/en_US.json';
import { baseCatalogue } from './support/catalogue';
import { signedUpOn } from './support/header';
import { signUp } from './support/register';
import { fundAccount } from './support/api';
import { failOnPageErrors } from './support/waits';
import { toastDuring } from './support/toasts';

const catalogue = <T>(file: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../src', file), 'utf8')) as T;
const EN = catalogue<typeof secondsCatalogue>('features/seconds/locales/en_US.json').seconds;
const JA = catalogue<typeof secondsCatalogue>('features/seconds/locales/ja_JP.json').seconds;
const baseEn = baseCatalogue('en_US');
const baseJa = baseCatalogue('ja_JP');

/**
 * Seconds contracts in the browser against the real server (issue 14): a funded trader moves USDT
 * to the seconds account, accepts the risk warning once, buys up and down on BTC/USDT for 30 s,
 * watches the countdown, sees both settle (win, loss or draw, settle price, profit) and finds them
 * in the history; then the page and a purchase in Japanese.
 */

// Its tests share nothing (each signs up its own users): spread over the workers, so a long
// journey here does not run after its sibling at the end of the suite while the other workers idle.
test.describe.configure({ mode: 'parallel' });

failOnPageErrors();

const fundSeconds = (page: Page, quantity: string) => fundAccount(page, 'sec_contract', quantity);

const ticket = (page: Page, words: typeof EN) => page.getByRole('region', { name: words.ticket }).or(page.locator(`section[aria-label="${words.ticket}"]`));

async function buy(page: Page, words: typeof EN, direction: 'up' | 'down', stake: string, firstTime: boolean) {
  const form = ticket(page, words);
  await form.getByLabel(words.stake.replace('{{currency}}', 'USDT')).fill(stake);
  await form.getByRole('button', { name: new RegExp(direction === 'up' ? words.up : words.down) }).click();
  if (firstTime) {
    const risk = page.getByRole('dialog').filter({ hasText: words.risk.title });
    await expect(risk).toContainText(words.risk.body1);
    await risk.getByRole('button', { name: words.risk.accept }).click();
  }
  const confirm = page.getByRole('dialog').filter({ hasText: words.confirm.title });
  await expect(confirm).toContainText(words.confirm.note);
  await toastDuring(page, words.bought, () => confirm.getByRole('button', { name: words.confirm.buy }).click());
}

test('buy up and down, watch the countdown, see the results and the history', async ({ page }) => {
  test.setTimeout(150_000);
  await signUp(page, `e2e-seconds-${Date.now()}@example.org`, { open: false });
  await fundSeconds(page, '1000');
  await page.goto('/contract_sec/btc_usdt');
  await expect(ticket(page, EN).getByTestId('seconds-available')).toHaveText('1,000.00 USDT', { timeout: 20_000 });
  // 30 s pays 80 %: 100 staked shows +80 before buying.
  await ticket(page, EN).getByRole('button', { name: new RegExp(EN.periodSeconds.replace('{{seconds}}', '30')) }).click();
  await ticket(page, EN).getByLabel(EN.stake.replace('{{currency}}', 'USDT')).fill('100');
  await expect(ticket(page, EN).getByTestId('seconds-estimate')).toHaveText('+80.00 USDT');

  await buy(page, EN, 'up', '100', true);
  await page.waitForTimeout(2100);
  await buy(page, EN, 'down', '50', false);
  const cards = page.getByTestId('seconds-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first().getByTestId('seconds-countdown')).toHaveText(/^\d+s left$/);
  await expect(ticket(page, EN).getByTestId('seconds-available')).toHaveText('850.00 USDT');
  // Every figure of the ticket says its currency (a UI audit read "Frozen 150.00" bare beside "850.00 USDT").
  await expect(ticket(page, EN).getByTestId('seconds-frozen')).toHaveText(/^[\d,.]+ USDT$/);
  await expect(ticket(page, EN).getByTestId('seconds-today')).toHaveText(/ USDT$/);
  const before = Number((await cards.first().getByTestId('seconds-countdown').textContent())!.match(/\d+/)![0]);
  await page.waitForTimeout(2000);
  const after = Number((await cards.first().getByTestId('seconds-countdown').textContent())!.match(/\d+/)![0]);
  expect(before - after).toBeGreaterThanOrEqual(1);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: test.info().outputPath('seconds-counting-down.png') });
  // The pair's candles through the shared chart, under its translated name, with the two buy prices marked.
  const chart = page.getByRole('img', { name: EN.priceChart });
  await expect(chart).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  if (process.env.E2E_SHOTS) await chart.screenshot({ path: test.info().outputPath('seconds-chart.png') });

  // Both settle at their expiry second; the server pushes the result.
  for (const card of [cards.nth(0), cards.nth(1)]) {
    await expect(card).toHaveAttribute('data-state', 'settled', { timeout: 60_000 });
    await expect(card.getByTestId('seconds-result')).toHaveText(new RegExp(`^(${EN.outcome.win} \\+\\d+\\.\\d{2}|${EN.outcome.loss} -\\d+\\.\\d{2}|${EN.outcome.draw} 0\\.00) USDT$`));
    await expect(card).toContainText(EN.settlePrice);
  }
  // Issue 50 C7: settled contracts are results, no longer under "Open contracts".
  await expect(page.getByTestId('seconds-open-cards').getByTestId('seconds-card')).toHaveCount(0);
  await expect(page.getByTestId('seconds-results').getByTestId('seconds-card')).toHaveCount(2);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: test.info().outputPath('seconds-settled.png') });
  // Today's result on the wallet's seconds account page is the sum of the two results (summed in cents).
  const results = await cards.getByTestId('seconds-result').allTextContents();
  const cents = results.map((r) => Math.round(Number(/([+-]?\d+\.\d{2}) USDT$/.exec(r)![1]) * 100)).reduce((a, b) => a + b, 0);

  await page.goto('/order/sec-history');
  const table = page.getByRole('table', { name: baseEn.page.order.secHistory });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('BTC/USDT');
  await expect(table).toContainText(EN.up);
  await expect(table).toContainText(EN.down);
  await page.goto('/order/sec-current');
  await expect(page.getByText(EN.emptyCurrent)).toBeVisible();
  await page.goto('/wallet/secContract');
  await expect(page.getByTestId('seconds-today')).toHaveText(`${cents > 0 ? '+' : ''}${(cents / 100).toFixed(2)} USDT`);
});

test('the seconds page and a purchase in Japanese', async ({ page }) => {
  test.setTimeout(120_000);
  await signedUpOn(page, '/contract_sec/btc_usdt', { email: `e2e-seconds-ja-${Date.now()}@example.org`, fund: () => fundSeconds(page, '500'), language: /日本語/ });
  await expect(ticket(page, JA).getByTestId('seconds-available')).toHaveText('500.00 USDT', { timeout: 20_000 });
  await buy(page, JA, 'down', '20', true);
  // A reload keeps the contract at stake on screen, counting down (it was gone until the page was left and opened again).
  await page.reload();
  const open = page.getByTestId('seconds-open-cards').getByTestId('seconds-card');
  await expect(open.first().getByTestId('seconds-countdown')).toHaveText(/^残り\d+秒$/, { timeout: 20_000 });
  // Once settled it moves to the results.
  const card = page.getByTestId('seconds-card').first();
  await expect(card).toHaveAttribute('data-state', 'settled', { timeout: 60_000 });
  await expect(card.getByTestId('seconds-result')).toHaveText(new RegExp(`^(${JA.outcome.win} \\+\\d+\\.\\d{2}|${JA.outcome.loss} -\\d+\\.\\d{2}|${JA.outcome.draw} 0\\.00) USDT$`));
  await page.goto('/order/sec-history');
  await expect(page.getByRole('heading', { name: baseJa.page.order.secHistory })).toBeVisible();
  await expect(page.getByRole('table', { name: baseJa.page.order.secHistory }).getByRole('row')).toHaveCount(2);
});

/**
 * SECONDS_CONTRACTS=off (jurisdictions that forbid binary options for retail clients): a server of
 * its own with the switch off — no header link, no orders-menu entries, the pages are "not found",
 * and the API refuses in the caller's language.
 */
test.describe('switched off', () => {
  // Its own port: edge.spec's server takes 8184, and the two may run side by side on the two workers.
  const port = 8189;
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'openex-e2e-seconds-off-'));
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    // A fresh data directory's first start: see untilAnswers.
    test.setTimeout(180_000);
    server = spawn(process.execPath, ['scripts/serve.mjs'], {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SECONDS_CONTRACTS: 'off', MARKET_MAKERS: 'off' },
    });
    await expect
      .poll(async () => (await fetch(`${origin}/home`).catch(() => undefined))?.status ?? 0, { timeout: 60_000, intervals: [250] })
      .toBe(200);
  });
  test.afterAll(async () => {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 3000));
    await stopEmbeddedPostgres(join(dataDir, 'postgres'));
  });

  test('the product is gone from the header, the orders menu and its pages, and the API refuses', async ({ page }) => {
    await page.goto(`${origin}/home`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Markets', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: baseEn.nav.secContract })).toHaveCount(0);
    // The orders menu keeps its other groups and loses the seconds one.
    await page.getByRole('banner').getByRole('button', { name: /Orders/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(baseEn.menu.order.spot, { exact: true })).toBeVisible();
    await expect(menu.getByText(baseEn.menu.order.sec, { exact: true })).toHaveCount(0);
    // The desk is not found (the order pages sit behind the login gate, then are not found the same way).
    await page.goto(`${origin}/contract_sec/btc_usdt`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    const answer = await page.request.post(`${origin}/api/seconds/config`, { data: { symbol: 'BTC_USDT' }, headers: { lang: 'ja_JP' } });
    const envelope = (await answer.json()) as { code: number; msg: string };
    expect(envelope.code).toBe(404);
    expect(envelope.msg).toBe(JSON.parse(readFileSync(join(import.meta.dirname, '../../server/products/seconds/locales/ja_JP.json'), 'utf8')).secondsDisabled);
  });
});
