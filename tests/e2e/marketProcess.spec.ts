import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { embeddedDatabaseUrl, stopEmbeddedPostgres } from '../../server/kernel/platform/db/embeddedPostgres.js';
import { LANGUAGES } from '../../domain/languages';
import { OPERATOR, verifyIdentity } from './support/operator';
import { signUp } from './support/register';
import { busFor, kill, redisAnswers, runServer } from './support/scaleOut';
import { baseCatalogue } from './support/catalogue';
import { baseEn, call, EN, form, fund, JA, placeAndCancelFarLimitBuy, submitFarLimitBuy, tokenOf, type SpotWords } from './support/spotTrading';
import { FUTURES_PATHS } from '../../domain/futures/api';
import type futuresCatalogue from '../../src/features/futures/locales/en_US.json';
import type fiatCatalogue from '../../src/features/fiat/locales/en_US.json';
import { expectChange, failOnPageErrors, untilAnswers } from './support/waits';

/**
 * A market entry in the browser (docs/ARCHITECTURE.md "Scale-out: market processes"): a server of
 * its own whose BTC_USDT runs in the entry `m1`, held by a node with only a market pool (on the same
 * embedded database, over this machine's Redis). The page cannot tell: the book moves with m1's market makers, and a trader
 * places and cancels through the server, in English and in Japanese. With m1 stopped, an order is
 * refused at once in the trader's language; started again, the book comes back and trading goes on.
 * Skipped where no Redis answers.
 */
const port = 8187;
const origin = `http://127.0.0.1:${port}`;
/** A cluster node's web part beside them (docs/ARCHITECTURE.md "Scale-out: identical nodes"). */
const frontPort = 8188;
const frontOrigin = `http://127.0.0.1:${frontPort}`;
const dataDir = mkdtempSync(join(tmpdir(), 'openex-e2e-market-process-'));
// f1 runs futures, seconds contracts and P2P apart from the server (docs/ARCHITECTURE.md "Scale-out: product
// processes"), s1 every other pair: the server runs no market, as a cluster node's web part.
const env = { ...busFor('market-process'), MARKET_PROCESSES: 'm1=BTC_USDT;f1=futures,seconds,fiat;s1=*' };
/** The server's refusal when no process runs the market, as the server's own catalogue words it. */
const unavailableJa = (JSON.parse(readFileSync(join(import.meta.dirname, '../../server/products/spot/locales/ja_JP.json'), 'utf8')) as Record<string, string>).spotMarketUnavailable!;
const fiatEn = JSON.parse(readFileSync(join(import.meta.dirname, '../../src/features/fiat/locales/en_US.json'), 'utf8')) as typeof fiatCatalogue;
const futuresEn = JSON.parse(readFileSync(join(import.meta.dirname, '../../src/features/futures/locales/en_US.json'), 'utf8')) as typeof futuresCatalogue;
const bookOf = (page: Page, lang: string) => page.getByRole('table', { name: baseCatalogue(lang).trade.orderBook });

test.describe('market process', () => {
  let server: ChildProcess | undefined;
  let markets: ChildProcess | undefined;
  let front: ChildProcess | undefined;
  // A node with only a market pool (ROLES=markets), its only member: it runs every entry, m1, f1 and s1.
  const startMarkets = () => (markets = runServer({ ...env, ROLES: 'markets', PORT: '0', DATABASE_URL: embeddedDatabaseUrl(join(dataDir, 'postgres')) }));

  test.beforeAll(async () => {
    test.skip(!(await redisAnswers()), 'no Redis on 127.0.0.1:6379 for the bus');
    // A fresh data directory's first start: see untilAnswers.
    test.setTimeout(180_000);
    // The server believes the front's X-Forwarded-For (the same host here).
    server = runServer({ ...env, PORT: String(port), DATA_DIR: dataDir, TRUSTED_PROXIES: '127.0.0.1', OPERATOR_ACCOUNT: OPERATOR.account, OPERATOR_PASSWORD: OPERATOR.password, OPERATOR_TOTP_SECRET: OPERATOR.totpSecret });
    await untilAnswers(`${origin}/home`, 200);
    startMarkets();
  });

  test.afterAll(async () => {
    kill(front);
    kill(markets);
    kill(server);
    await stopEmbeddedPostgres(join(dataDir, 'postgres'));
  });

  failOnPageErrors();

  /** A new funded trader on the BTC_USDT page, in `lang`, once m1's market makers move the book; `at` the server or a front. */
  async function traderOnBtc(page: Page, lang: string, w: SpotWords, at = origin) {
    await signUp(page, `e2e-market-process-${lang.toLowerCase()}-${Date.now()}@example.org`, { server: { origin: at, dataDir }, open: false });
    await fund(page, '1000', at);
    await page.evaluate((stored) => window.localStorage.setItem('language', JSON.stringify(stored)), LANGUAGES.find((l) => l.lang === lang));
    await page.goto(`${at}/markets/kline/BTC_USDT`);
    // Three processes on a busy two-core machine: CI once drew the page's header and ticker but not
    // yet the form after the default 10 s, so it gets the same time as the balance below.
    await expect(form(page).getByRole('button', { name: w.buyBtc })).toBeVisible({ timeout: 20_000 });
    await expect(form(page).getByTestId('available')).toHaveText(/^1,000\.00 USDT$/, { timeout: 20_000 });
    await expectChange(() => bookOf(page, lang).innerText(), 60_000);
  }

  test('trades through the server on a market that runs in the process, in English', async ({ page }) => {
    test.setTimeout(150_000);
    await traderOnBtc(page, 'en_US', EN);
    await placeAndCancelFarLimitBuy(page, EN);
    // Cancelling gave the frozen 10 USDT back, pushed over the private channel from m1's commit.
    await expect(form(page).getByTestId('available')).toHaveText(/^1,000\.00 USDT$/);
    if (process.env.E2E_SHOTS) await page.screenshot({ path: test.info().outputPath('market-process-kline.png') });
  });

  test('in Japanese; with the process stopped the page says trading is paused and an order is refused at once, and trading resumes when it is back', async ({ page }) => {
    test.setTimeout(180_000);
    await traderOnBtc(page, 'ja_JP', JA);
    await placeAndCancelFarLimitBuy(page, JA);

    kill(markets);
    // Once m1's beat has been silent for four seconds the server sends it nothing: refused at once, in Japanese, nothing frozen.
    await expect
      .poll(
        async () => {
          await page.waitForTimeout(2100); // the form's anti-double-submit window (spec §9)
          await submitFarLimitBuy(page, JA);
          return page.getByRole('alert').filter({ hasText: unavailableJa }).count();
        },
        { timeout: 30_000, intervals: [0] },
      )
      .toBeGreaterThan(0);
    // The server hears nothing from m1 for four seconds: the page says trading is paused.
    const paused = page.getByRole('status').filter({ hasText: baseCatalogue('ja_JP').trade.paused });
    await expect(paused).toBeVisible({ timeout: 20_000 });
    await paused.scrollIntoViewIfNeeded();
    if (process.env.E2E_SHOTS) await page.screenshot({ path: test.info().outputPath('market-process-unavailable-ja.png') });
    await expect(form(page).getByTestId('available')).toHaveText(/^1,000\.00 USDT$/);

    startMarkets();
    await expect(paused).toHaveCount(0, { timeout: 60_000 });
    await expectChange(() => bookOf(page, 'ja_JP').innerText(), 60_000);
    await page.waitForTimeout(2100);
    await placeAndCancelFarLimitBuy(page, JA);
  });

  test("through another node's web part: sign-up, deposit and the order served there (the order in m1), the book and the private channel from its sockets", async ({ page }) => {
    test.setTimeout(180_000);
    // A cluster node's web part alone (ROLES=web): it serves every route itself; its sign-up codes go to the same outbox.
    front = runServer({ ...env, ROLES: 'web', PORT: String(frontPort), DATA_DIR: dataDir, DATABASE_URL: embeddedDatabaseUrl(join(dataDir, 'postgres')) });
    await untilAnswers(`${frontOrigin}/home`, 200);
    await traderOnBtc(page, 'en_US', EN, frontOrigin);
    await placeAndCancelFarLimitBuy(page, EN);
    await expect(form(page).getByTestId('available')).toHaveText(/^1,000\.00 USDT$/);
    // Nothing of it went to the server's address: the page, its calls and its socket were the node's.
    expect(new URL(page.url()).port).toBe(String(frontPort));
    if (process.env.E2E_SHOTS) await page.screenshot({ path: test.info().outputPath('front-kline.png') });
  });

  test('futures in a process of its own: the contract page shows f1\'s book and mark, and a verified trader opens a long through it', async ({ page }) => {
    test.setTimeout(180_000);
    const f = futuresEn.futures;
    const email = `e2e-product-process-${Date.now()}@example.org`;
    await signUp(page, email, { server: { origin, dataDir } });
    await verifyIdentity(page, email, origin);
    await fund(page, '5000', origin);
    const token = await tokenOf(page);
    await call(page, '/api/wallet/transfer', { currency: 'USDT', from: 'spot', to: 'contract', quantity: '5000' }, token, origin);
    // f1's market makers quote once its mark price exists (its index comes from the spot trades).
    await expect
      .poll(async () => (await call<{ mark_price: string | null }>(page, FUTURES_PATHS.config, { symbol: 'btc_usdt' }, token, origin)).mark_price, { timeout: 60_000 })
      .not.toBeNull();

    await page.goto(`${origin}/contract/btc_usdt`);
    await expect(page.getByTestId('stats-mark')).toHaveText(/^\d/, { timeout: 20_000 });
    // The account, read through the server from f1's routes.
    await expect(page.getByTestId('futures-available')).toHaveText('5,000.00 USDT');
    const form = page.getByRole('region', { name: baseEn.trade.openPosition });
    await form.getByRole('group', { name: baseEn.col.type }).getByRole('button', { name: f.market }).click();
    await form.getByRole('textbox', { name: baseEn.col.quantity }).fill('0.01');
    const positions = page.getByRole('list', { name: f.desk.positions });
    const opened = positions.getByTestId('position-size').filter({ hasText: /^0\.01000$/ });
    await expect(async () => {
      // An earlier attempt's answer may still arrive: never open twice.
      if ((await opened.count()) > 0) return;
      const confirm = page.getByRole('dialog', { name: f.form.confirmTitle });
      if ((await confirm.count()) === 0) await form.getByRole('button', { name: f.action.open_long, exact: true }).click();
      await confirm.getByRole('button', { name: f.action.open_long }).click({ timeout: 5_000 });
      // The position comes over the private channel from f1, through socket.io's Redis adapter to the server's socket.
      await expect(opened).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 90_000, intervals: [1_000] });
    await expect(positions).toContainText(f.long);
    if (process.env.E2E_SHOTS) await page.screenshot({ path: test.info().outputPath('product-process-contract.png') });
  });

  test('P2P in a process of its own: a newcomer buys USDT from a merchant f1 simulates, and the page follows the order to its end', async ({ page }) => {
    test.setTimeout(120_000);
    const f = fiatEn.fiat;
    await signUp(page, `e2e-product-process-p2p-${Date.now()}@example.org`, { server: { origin, dataDir }, open: false });
    // The ads f1's merchants published, read through the server.
    await page.goto(`${origin}/deal`);
    const table = page.getByRole('table');
    await table.getByRole('row').nth(1).getByRole('link').click();
    await expect(page).toHaveURL(/\/deal\/buy-next\?ad=\d+/);
    await page.locator('input[name="value"]').fill('25');
    await page.getByRole('main').getByRole('button', { name: baseEn.deal.buyCoin.replace('{{coin}}', 'USDT'), exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: baseEn.common.confirm }).click();
    // The order is placed in f1 over the bus: 15 s ran out in a quiet run's own load (2026-12-02).
    await expect(page).toHaveURL(/\/deal\/buy-detail\/\d+$/, { timeout: 40_000 });
    await expect(page.getByTestId('countdown')).toHaveText(/^1:59:\d\d$/);
    await page.getByRole('button', { name: f.iHavePaid }).click();
    await page.getByRole('dialog').getByRole('button', { name: baseEn.common.confirm }).click();
    await expect(page).toHaveURL(/\/deal\/buy-confirm\/\d+$/);
    // f1's simulator confirms receipt; its push reaches the page through the server's socket.
    await expect(page.getByRole('heading', { name: f.purchaseSucceeded })).toBeVisible({ timeout: 30_000 });
    if (process.env.E2E_SHOTS) await page.screenshot({ path: test.info().outputPath('product-process-p2p.png') });
  });
});
