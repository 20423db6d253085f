import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { baseCatalogue } from './catalogue';
import { toastDuring } from './toasts';

export { toastDuring };
import type tradingCatalogue from '../../../src/features/spot/locales/en_US.json';

/** Spot trading in the browser: the words, calls and steps trading.spec.ts and marketProcess.spec.ts share. */
const catalogue = <T>(file: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../../src', file), 'utf8')) as T;
export const baseEn = baseCatalogue('en_US');
export const baseJa = baseCatalogue('ja_JP');
export const tradingEn = catalogue<typeof tradingCatalogue>('features/spot/locales/en_US.json');
export const tradingJa = catalogue<typeof tradingCatalogue>('features/spot/locales/ja_JP.json');

/** The words the tests look for, from the catalogues the app itself uses. */
function wordsOf(base: typeof baseEn, trading: typeof tradingEn) {
  const s = trading.spot;
  return {
    price: base.col.price,
    quantity: base.col.quantity,
    amount: s.form.amount,
    market: s.type.market,
    buyBtc: s.form.buySubmit.replace('{{currency}}', 'BTC'),
    placed: s.form.placed,
    openOrders: base.trade.openOrders,
    history: base.menu.order.history,
    waiting: s.status.waiting,
    filled: s.status.filled,
    revoke: s.orders.revoke,
    question: s.orders.revokeQuestion,
    // The question's buttons say what they do (issue 50 C3).
    confirm: s.orders.cancelOrder,
    keep: s.orders.keepOrder,
    revoked: s.orders.revoked,
    available: base.col.available,
    deals: s.detail.deals,
  };
}
export const EN = wordsOf(baseEn, tradingEn);
export const JA = wordsOf(baseJa, tradingJa);
export type SpotWords = typeof EN;

/** The session token the app stored at sign-in (spec §3 key `token`). */
export async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.localStorage.getItem('token'));
  return JSON.parse(raw!) as string;
}

/** An API call that must succeed; `origin` for a server other than the suite's. */
export async function call<T>(page: Page, path: string, body: object, token?: string, origin = ''): Promise<T> {
  const response = await page.request.post(`${origin}${path}`, { data: body, headers: token ? { token } : {} });
  expect(response.status()).toBe(200);
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  expect(envelope.code, envelope.msg).toBe(200);
  return envelope.data;
}

/** Deposits USDT to the trader's own TRC20 address on the simulated chain, and waits until spot has it. */
export async function fund(page: Page, quantity: string, origin = '') {
  const token = await tokenOf(page);
  const { address } = await call<{ address: string }>(page, '/api/wallet/deposit_address', { currency: 'USDT', network: 'TRC20' }, token, origin);
  await call(page, '/api/chain/simulate_deposit', { address, currency: 'USDT', network: 'TRC20', quantity }, undefined, origin);
  await expect
    .poll(
      async () => {
        const rows = await call<Array<{ currency: string; available: string }>>(page, '/api/wallet/balances', { account: 'spot' }, token, origin);
        return rows.find((r) => r.currency === 'USDT')?.available ?? '0';
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toMatch(/^[1-9]/);
}

export const form = (page: Page) => page.locator('section.form');
export const ordersPanel = (page: Page) => page.locator('section.orders');

/**
 * Fills a limit buy of 0.001 BTC at 30000 USDT (far below BTC's market, ~96,000 seeded, yet inside
 * the price band of a fifth of it: domain/priceBand.ts) and presses buy.
 */
export async function submitFarLimitBuy(page: Page, w: SpotWords) {
  await form(page).getByLabel(w.price, { exact: true }).fill('30000');
  await form(page).getByLabel(w.quantity, { exact: true }).fill('0.001');
  await expect(form(page).getByLabel(w.amount, { exact: true })).toHaveValue('30');
  await form(page).getByRole('button', { name: w.buyBtc }).click();
}


/** A limit buy at 30000 USDT (far below BTC's market), then cancelled after the confirmation. */
export async function placeAndCancelFarLimitBuy(page: Page, w: SpotWords) {
  await toastDuring(page, w.placed, () => submitFarLimitBuy(page, w));

  const row = ordersPanel(page).getByRole('row').filter({ hasText: w.waiting });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').filter({ hasText: /^30,000\.00$/ })).toBeVisible();
  await row.getByRole('button', { name: w.revoke }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(w.question);
  await toastDuring(page, w.revoked, () => dialog.getByRole('button', { name: w.confirm }).click());
  await expect(ordersPanel(page).getByRole('row').filter({ hasText: w.waiting })).toHaveCount(0);
}
