import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type futuresCatalogue from '../../src/locales/futures/en_US.json';
import type baseCatalogue from '../../src/locales/en_US.json';
import { FUTURES_PATHS } from '../../src/domain/futures/api';
import { call, fundAccount, tokenOf } from './support/api';
import { OPERATOR } from './support/operator';
import { registerThroughUi } from './support/register';

const catalogue = <T>(file: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../src/locales', file), 'utf8')) as T;
const WORDS = {
  en_US: { f: catalogue<typeof futuresCatalogue>('futures/en_US.json').futures, base: catalogue<typeof baseCatalogue>('en_US.json') },
  de_DE: { f: catalogue<typeof futuresCatalogue>('futures/de_DE.json').futures, base: catalogue<typeof baseCatalogue>('de_DE.json') },
};

// A 1×1 PNG for the identity photos.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Identity verified through the API: the trader submits, the operator approves (§6: futures need it). */
async function verify(page: Page, email: string) {
  const token = await tokenOf(page);
  await call(page, '/api/identity/submit', { name: 'Ada Futures', id_number: 'X1234567', front: PNG, back: PNG }, token);
  const operator = await call<{ token: string }>(page, '/api/operator/login', OPERATOR);
  const queue = await call<Array<{ id: number; account: string }>>(page, '/api/operator/kyc/list', {}, operator.token);
  const mine = queue.find((s) => s.account === email)!;
  await call(page, '/api/operator/kyc/approve', { id: mine.id }, operator.token);
}

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

/**
 * Futures against the real server (issue 13): a verified, funded trader opens a long on BTC/USDT
 * against the market makers, sets a take-profit and a stop-loss, closes part by market and the rest
 * by flash close (through the API: the trade page's order form is not built yet), and the orders
 * centre and /wallet/contract show it all, in English and in German.
 */
for (const lang of ['en_US', 'de_DE'] as const) {
  test(`open, TP/SL, market close and flash close, seen in the orders centre and the wallet (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    const w = WORDS[lang];
    const email = `e2e-futures-${lang.slice(0, 2)}-${Date.now()}@example.org`;
    await registerThroughUi(page, email);
    await verify(page, email);
    await fundAccount(page, 'contract', '5000');
    const token = await tokenOf(page);
    // The market makers quote once the mark price exists.
    await expect.poll(async () => (await call<{ mark_price: string | null }>(page, FUTURES_PATHS.config, { symbol: 'btc_usdt' })).mark_price, { timeout: 30_000 }).not.toBeNull();
    await call(page, FUTURES_PATHS.leverage, { symbol: 'btc_usdt', leverage: 10, margin_mode: 'isolated' }, token);
    await expect
      .poll(async () => {
        const r = await page.request.post(FUTURES_PATHS.order, { data: { symbol: 'btc_usdt', action: 'open_long', type: 'market', quantity: '0.02' }, headers: { token } });
        return ((await r.json()) as { code: number }).code;
      }, { timeout: 30_000, intervals: [1000] })
      .toBe(200);
    await call(page, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'take_profit', trigger_by: 'roe', trigger_value: '500', exec_type: 'market' }, token);
    await call(page, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'stop_loss', trigger_by: 'roe', trigger_value: '90', exec_type: 'market' }, token);

    await page.goto('/order/u-hold');
    if (lang === 'de_DE') {
      await page.getByRole('banner').getByRole('button', { name: 'Language' }).click();
      await page.getByRole('menuitemradio', { name: /Deutsch/ }).click();
    }
    await expect(page.getByRole('heading', { name: w.base.page.order.uHold })).toBeVisible();
    const positions = page.getByRole('table');
    await expect(positions).toContainText('BTC/USDT');
    await expect(positions).toContainText(w.f.long);
    await expect(positions).toContainText('10×');
    await expect(positions).toContainText('0.02');

    await page.goto('/order/u-plan');
    await expect(page.getByRole('table')).toContainText(w.f.takeProfit);
    await expect(page.getByRole('table')).toContainText(w.f.stopLoss);

    await page.goto('/wallet/contract');
    await expect(page.getByTestId('futures-equity')).toContainText('USDT');
    await expect(page.getByText(w.f.marginRatio)).toBeVisible();

    await call(page, FUTURES_PATHS.close, { symbol: 'btc_usdt', type: 'market', quantity: '0.01' }, token);
    await call(page, FUTURES_PATHS.flashClose, { symbol: 'btc_usdt' }, token);
    const account = await call<{ positions: unknown[] }>(page, FUTURES_PATHS.account, {}, token);
    expect(account.positions).toEqual([]);

    await page.goto('/order/u-history');
    const history = page.getByRole('table');
    await expect(history).toContainText(w.f.action.close_long);
    await expect(history).toContainText(w.f.action.open_long);
    await expect(history).toContainText(w.f.status.allTraded);
    // The position is gone, so its take-profit and stop-loss were cancelled with it.
    await page.goto('/order/u-plan');
    await expect(page.getByRole('table')).toContainText(w.f.empty);
  });
}
