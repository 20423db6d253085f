import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/register';
import { baseEn, EN, form, fund, ordersPanel, tradingEn } from './support/spotTrading';
import { failOnPageErrors } from './support/waits';
import { toastDuring } from './support/toasts';

/**
 * Spot stop-limit and OCO in the browser (issue 37) against the real server: a funded trader
 * places a buy stop-limit above the market by the form's visible labels, finds it waiting on the
 * orders panel's Stop orders tab with its trigger, cancels it after the confirmation; then places a
 * buy OCO and sees both legs — the stop with its OCO mark, the take-profit limit among open orders.
 */

const s = tradingEn.spot;
/** A whole BTC/USDT price as the pages show it: grouped, at the pair's 2 places (192,000.00). */
const group = (n: number) => `${n.toLocaleString('en-US')}.00`;

failOnPageErrors();

/** The form's price, prefilled from the last trade: where BTC trades now. */
async function lastPrice(page: Page): Promise<number> {
  const price = form(page).getByLabel(baseEn.col.price, { exact: true });
  await expect(price).toHaveValue(/^\d+(\.\d+)?$/, { timeout: 20_000 });
  return Math.round(Number(await price.inputValue()));
}

test('a stop-limit is placed by its labels, waits with its trigger, is cancelled; an OCO shows both legs', async ({ page }) => {
  test.setTimeout(150_000);
  await signUp(page, `e2e-stops-${Date.now()}@example.org`, { open: false });
  await fund(page, '5000');
  await page.goto('/markets/kline/BTC_USDT');
  await expect(form(page).getByTestId('available')).toHaveText(/^5,000\.00 USDT$/, { timeout: 20_000 });
  const last = await lastPrice(page);
  const trigger = last * 2;

  // Stop-limit: the form asks for the trigger first, and says what is missing.
  await form(page).getByRole('button', { name: s.type.stopLimit, exact: true }).click();
  await expect(form(page).getByTestId('stop-hint')).toHaveText(s.form.stopHintBuy);
  await form(page).getByRole('button', { name: EN.buyBtc }).click();
  await expect(form(page).getByRole('alert').first()).toHaveText(s.validation.triggerRequired);
  await form(page).getByLabel(s.form.trigger, { exact: true }).fill(String(trigger));
  await form(page).getByLabel(s.form.limitPrice, { exact: true }).fill(String(trigger));
  await form(page).getByLabel(EN.quantity, { exact: true }).fill('0.001');
  await toastDuring(page, s.form.stopPlaced, () => form(page).getByRole('button', { name: EN.buyBtc }).click());

  await ordersPanel(page).getByRole('tab', { name: new RegExp(`^${s.stops.title}`) }).click();
  const stopRow = ordersPanel(page).getByRole('row').filter({ hasText: s.stops.status.waiting });
  await expect(stopRow).toHaveCount(1, { timeout: 15_000 });
  await expect(stopRow.getByTestId('stop-trigger')).toHaveText(group(trigger));
  await expect(stopRow).toContainText(s.type.stopLimit);
  await expect(ordersPanel(page).getByRole('tab', { name: `${s.stops.title} (1)` })).toBeVisible();
  // Its funds are frozen while it waits.
  await expect(form(page).getByTestId('available')).not.toHaveText(/^5,000\.00 USDT$/);

  // The same stop on /order/spot-current, then cancelled after the confirmation.
  await page.goto('/order/spot-current');
  const stopsTable = page.getByRole('table', { name: s.stops.title });
  const pageRow = stopsTable.getByRole('row').filter({ hasText: 'BTC/USDT' });
  await expect(pageRow).toHaveCount(1, { timeout: 15_000 });
  await expect(pageRow.getByTestId('stop-trigger')).toHaveText(group(trigger));
  await pageRow.getByRole('button', { name: EN.revoke }).click();
  await expect(page.getByRole('dialog')).toContainText(EN.question);
  await toastDuring(page, s.stops.cancelled, () => page.getByRole('dialog').getByRole('button', { name: EN.confirm }).click());
  await expect(stopsTable.getByRole('row').filter({ hasText: 'BTC/USDT' })).toHaveCount(0);
  await expect(stopsTable).toContainText(s.stops.none);

  // OCO: a take-profit buy below the market, the stop above it; both legs show.
  await page.goto('/markets/kline/BTC_USDT');
  await expect(form(page).getByTestId('available')).toHaveText(/^5,000\.00 USDT$/, { timeout: 20_000 });
  const takeProfit = Math.round(last / 2);
  await form(page).getByRole('button', { name: s.type.oco, exact: true }).click();
  await form(page).getByLabel(s.form.takeProfitPrice, { exact: true }).fill(String(trigger));
  await form(page).getByLabel(s.form.stopTrigger, { exact: true }).fill(String(trigger));
  await form(page).getByLabel(s.form.stopLimitPrice, { exact: true }).fill(String(trigger));
  await form(page).getByLabel(EN.quantity, { exact: true }).fill('0.001');
  await form(page).getByRole('button', { name: EN.buyBtc }).click();
  // A buy's take-profit must be below the trigger, as the server says too.
  await expect(form(page).getByRole('alert')).toHaveText(s.validation.ocoBuyBelow);
  await form(page).getByLabel(s.form.takeProfitPrice, { exact: true }).fill(String(takeProfit));
  await toastDuring(page, s.form.stopPlaced, () => form(page).getByRole('button', { name: EN.buyBtc }).click());

  const legRow = ordersPanel(page).getByRole('row').filter({ hasText: EN.waiting });
  await expect(legRow).toHaveCount(1, { timeout: 15_000 });
  await expect(legRow.getByRole('cell').filter({ hasText: new RegExp(`^${group(takeProfit).replace('.', '\\.')}$`) })).toBeVisible();
  await ordersPanel(page).getByRole('tab', { name: new RegExp(`^${s.stops.title}`) }).click();
  const ocoRow = ordersPanel(page).getByRole('row').filter({ hasText: s.stops.status.waiting });
  await expect(ocoRow).toHaveCount(1, { timeout: 15_000 });
  await expect(ocoRow).toContainText(s.type.oco);
  await expect(ocoRow.getByTestId('stop-trigger')).toHaveText(group(trigger));
  if (process.env.E2E_SHOTS) await page.screenshot({ path: test.info().outputPath('oco-placed.png') });

  // Issue 50 M11: the OCO's limit leg is marked OCO among the open orders; M19: at 1440 px the
  // Actions column is whole, its Cancel button inside the panel (it was cut to "Cance").
  await page.setViewportSize({ width: 1440, height: 900 });
  await ordersPanel(page).getByRole('tab', { name: new RegExp(`^${EN.openOrders}`) }).click();
  const leg = ordersPanel(page).getByRole('row').filter({ hasText: EN.waiting });
  await expect(leg).toContainText(s.type.oco);
  const cancel = leg.getByRole('button', { name: EN.revoke });
  const [button, panel] = await Promise.all([cancel.boundingBox(), ordersPanel(page).boundingBox()]);
  expect(button!.x + button!.width).toBeLessThanOrEqual(panel!.x + panel!.width);
  const hit = await cancel.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.right - 2, r.top + r.height / 2));
  });
  expect(hit).toBe(true);

  // Cancelled, both stops are in the stop history of /order/spot-history (issue 50 M11).
  await ordersPanel(page).getByRole('tab', { name: new RegExp(`^${s.stops.title}`) }).click();
  await ocoRow.getByRole('button', { name: EN.revoke }).click();
  await toastDuring(page, s.stops.cancelled, () => page.getByRole('dialog').getByRole('button', { name: EN.confirm }).click());
  await page.goto('/order/spot-history');
  const stopHistory = page.getByRole('table', { name: s.stops.history });
  await expect(stopHistory.getByRole('row').filter({ hasText: s.stops.status.cancelled })).toHaveCount(2, { timeout: 15_000 });
  await expect(stopHistory.getByRole('row').filter({ hasText: s.type.oco })).toHaveCount(1);
});
