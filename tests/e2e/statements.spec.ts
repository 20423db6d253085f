import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { call, tokenOf } from './support/api';
import { textsOf } from './support/catalogue';
import { useLanguage } from './support/phone';
import { signUp } from './support/register';
import { fund } from './support/spotTrading';
import { failOnPageErrors } from './support/waits';
import { toastDuring } from './support/toasts';

/**
 * Statements in real Chromium against the real server: a trader buys BTC from the market makers,
 * then downloads their spot fills from the order history (English) and their ledger from the
 * wallet log (German), and the files hold what happened.
 */
test.describe.configure({ mode: 'parallel' });
failOnPageErrors();

/** A funded trader who bought BTC for 50 USDT at the makers' book. */
async function traderWithAFill(page: Page, tag: string) {
  await signUp(page, `e2e-statement-${tag}-${Date.now()}@example.org`, { open: false });
  await fund(page, '200');
  const token = await tokenOf(page);
  await expect
    .poll(async () => ((await (await page.request.get('/api/v3/depth?symbol=BTCUSDT&limit=5')).json()) as { asks: unknown[] }).asks.length, { timeout: 60_000 })
    .toBeGreaterThan(0);
  const order = await call<{ id: number; status: number }>(page, '/api/spot/order_place', { symbol: 'BTC_USDT', side: 'buy', type: 'market', amount: '50' }, token);
  return order.id;
}

/** Presses Export with the period chosen and answers the downloaded file's name and lines. */
async function download(page: Page, group: ReturnType<Page['getByRole']>, say: ReturnType<typeof textsOf>, days: string) {
  await group.getByRole('combobox', { name: say('statement.period') }).selectOption(days);
  const [file] = await Promise.all([page.waitForEvent('download'), group.getByRole('button', { name: say('statement.export') }).click()]);
  const text = readFileSync((await file.path())!, 'utf8');
  return { name: file.suggestedFilename(), lines: text.split('\r\n').filter(Boolean).map((line) => line.split(',')) };
}

test('the order history exports the spot fills as CSV (English)', async ({ page }) => {
  test.setTimeout(120_000);
  const say = textsOf('en_US');
  const orderId = await traderWithAFill(page, 'en');
  await page.goto('/order/spot-history');
  const group = page.getByRole('group', { name: say('statement.label', { what: say('statement.spotFills') }) });
  // The "saved" toast shows for a second (spec §9): watched from before the press.
  let exported: Awaited<ReturnType<typeof download>> | undefined;
  await toastDuring(page, say('statement.saved'), async () => {
    exported = await download(page, group, say, '7');
  });
  const { name, lines } = exported!;
  expect(name).toMatch(/^openex-spot-fills-\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.csv$/);
  const [header, ...fills] = lines;
  expect(header).toEqual(['time_utc', 'pair', 'side', 'role', 'price', 'quantity', 'quote_amount', 'fee', 'fee_currency', 'order_id', 'trade_id']);
  expect(fills.length).toBeGreaterThan(0);
  for (const fill of fills) expect(fill.slice(1, 4).concat(fill.slice(8, 10))).toEqual(['BTC_USDT', 'buy', 'taker', 'BTC', String(orderId)]);
  // What the fills paid is what the order spent: at most the 50 USDT it was given.
  const paid = fills.reduce((sum, f) => sum + Number(f[6]), 0);
  expect(paid).toBeGreaterThan(40);
  expect(paid).toBeLessThanOrEqual(50);
});

test('the wallet log exports the ledger as CSV (German)', async ({ page }) => {
  test.setTimeout(120_000);
  const say = textsOf('de_DE');
  await traderWithAFill(page, 'de');
  await useLanguage(page, 'de_DE');
  await page.goto('/wallet/wallet-log');
  const group = page.getByRole('group', { name: say('statement.label', { what: say('statement.ledger') }) });
  const { name, lines } = await download(page, group, say, '30');
  expect(name).toMatch(/^openex-ledger-/);
  const [header, ...entries] = lines;
  expect(header!.slice(0, 6)).toEqual(['time_utc', 'account', 'currency', 'kind', 'change', 'balance_after']);
  // The deposit first, then the trade's entries; each balance's last line is what the wallet holds.
  expect(entries[0]!.slice(1, 6)).toEqual(['spot', 'USDT', 'deposit', '200', '200']);
  const last = new Map(entries.map((e) => [`${e[1]}/${e[2]}`, e[5]]));
  const token = await tokenOf(page);
  const balances = await call<Array<{ currency: string; available: string }>>(page, '/api/wallet/balances', { account: 'spot' }, token);
  for (const currency of ['USDT', 'BTC']) expect(Number(last.get(`spot/${currency}`))).toBe(Number(balances.find((b) => b.currency === currency)!.available));
});
