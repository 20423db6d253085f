import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type futuresCatalogue from '../../src/features/futures/locales/en_US.json';
import { baseCatalogue } from './support/catalogue';
import { FUTURES_PATHS } from '../../domain/futures/api';
import { call, fundAccount, tokenOf } from './support/api';
import { verifyIdentity } from './support/operator';
import { signUp } from './support/register';
import { failOnPageErrors } from './support/waits';

const catalogue = <T>(file: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../src', file), 'utf8')) as T;
/**
 * Figures in the language's number style (issue 50 M6): `n` writes an English figure the way the
 * page writes it ("5,000.00" reads "5.000,00" in German); `g` and `d` are its group and decimal
 * separators inside a RegExp, `pc` what follows a percentage's digits ("90,00 %" in German).
 */
const GERMAN = { n: (text: string) => text.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.')), g: '\\.', d: ',', pc: '\u00a0%' };
const ENGLISH = { n: (text: string) => text, g: ',', d: '\\.', pc: '%' };
const WORDS = {
  en_US: { f: catalogue<typeof futuresCatalogue>('features/futures/locales/en_US.json').futures, base: baseCatalogue('en_US'), ...ENGLISH },
  de_DE: { f: catalogue<typeof futuresCatalogue>('features/futures/locales/de_DE.json').futures, base: baseCatalogue('de_DE'), ...GERMAN },
};

/** A catalogue text as a literal inside a RegExp ("Yield (ROE)"). */
const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Take-profit +500 % and stop-loss −90 % by ROE, through the TP/SL dialog of the position in
 * `within` and its confirmation. Issue 37 defect 5: a stop-loss typed as "90" is refused under its
 * field (a loss is entered as a loss), then "−90" goes through and is shown as a loss.
 */
async function setTpslByRoe(page: Page, w: (typeof WORDS)[keyof typeof WORDS], within: Locator) {
  await within.getByRole('button', { name: w.f.tpsl.short, exact: true }).click();
  const tpsl = page.getByRole('dialog', { name: w.f.tpsl.title });
  await tpsl.getByRole('group', { name: w.f.tpsl.by }).getByRole('button', { name: w.f.roe }).click();
  await tpsl.getByRole('textbox', { name: w.f.takeProfit }).fill('500');
  const stopLoss = tpsl.getByRole('textbox', { name: w.f.tpsl.stopLossRoe });
  await stopLoss.fill('90');
  await tpsl.getByRole('button', { name: w.base.common.confirm }).click();
  await expect(tpsl.getByText(w.f.tpsl.lossNegative)).toBeVisible();
  await stopLoss.fill('−90');
  // Issue 50 M8: the price each ROE means is shown under its field before Confirm, and Mark / Last is offered for an ROE too.
  await expect(tpsl.getByTestId('tpsl-tp-price')).toHaveText(new RegExp(`^${esc(w.f.tpsl.triggerPrice)}: \\d.*\\d USDT$`));
  await expect(tpsl.getByTestId('tpsl-sl-price')).toHaveText(new RegExp(`^${esc(w.f.tpsl.triggerPrice)}: \\d.*\\d USDT$`));
  await expect(tpsl.getByRole('group', { name: w.f.tpsl.trigger }).getByRole('button', { name: w.f.markPrice })).toBeVisible();
  await tpsl.getByRole('button', { name: w.base.common.confirm }).click();
  const confirm = page.getByRole('dialog', { name: w.f.tpsl.confirmTitle });
  // Shown as percentages (domain/figures.ts): two decimals, the ASCII minus whichever was typed, the
  // sign as the language writes it (German after a no-break space); each with the price it means.
  await expect(confirm).toContainText(new RegExp(`${esc(w.f.roe)} \\+500${w.d}00${w.pc} → \\d.*\\d USDT`));
  await expect(confirm).toContainText(new RegExp(`${esc(w.f.roe)} -90${w.d}00${w.pc} → \\d.*\\d USDT`));
  await confirm.getByRole('button', { name: w.base.common.confirm }).click();
  await expect(confirm).toBeHidden();
}

// Its tests share nothing (each signs up its own users): spread over the workers, so a long
// journey here does not run after its sibling at the end of the suite while the other workers idle.
test.describe.configure({ mode: 'parallel' });

failOnPageErrors();

/**
 * Futures against the real server (issue 13), through the trade page /contract/btc_usdt: a
 * verified, funded trader sets 10× isolated in the leverage dialog, opens a long by market through
 * the order form and its confirmation, sets a take-profit and a stop-loss by ROE in the position's
 * TP/SL dialog, closes part by market in the close dialog and flash-closes the rest; the orders
 * centre (with the position and order detail views) and /wallet/contract show it all, in English
 * and in German.
 */
// One language per browser flow since session 34 (CI time, issue 55): the flows rotate through the languages, and
// each flow's texts in the others are the view tests' and the i18n check's.
for (const lang of ['de_DE'] as const) {
  test(`open, TP/SL, market close and flash close on the trade page, seen in the orders centre and the wallet (${lang})`, async ({ page }) => {
    test.setTimeout(150_000);
    const w = WORDS[lang];
    const email = `e2e-futures-${lang.slice(0, 2)}-${Date.now()}@example.org`;
    await signUp(page, email);
    await verifyIdentity(page, email);
    await fundAccount(page, 'contract', '5000');
    const token = await tokenOf(page);
    // The market makers quote once the mark price exists.
    await expect.poll(async () => (await call<{ mark_price: string | null }>(page, FUTURES_PATHS.config, { symbol: 'btc_usdt' })).mark_price, { timeout: 30_000 }).not.toBeNull();

    await page.goto('/contract/btc_usdt');
    if (lang === 'de_DE') {
      await page.getByRole('banner').getByRole('button', { name: 'Language' }).click();
      await page.getByRole('menuitemradio', { name: /Deutsch/ }).click();
    }
    await expect(page.getByTestId('stats-mark')).toHaveText(/^\d/, { timeout: 15_000 });
    await expect(page.getByTestId('futures-available')).toHaveText(w.n('5,000.00 USDT'));

    // Leverage and margin mode in their dialog.
    await page.getByTestId('futures-leverage').click();
    const leverage = page.getByRole('dialog', { name: w.f.leverage.title });
    await leverage.getByRole('group', { name: w.f.leverage.mode }).getByRole('button', { name: w.f.isolated }).click();
    await leverage.getByRole('spinbutton', { name: w.f.leverage.input }).fill('10');
    await leverage.getByRole('button', { name: w.base.common.confirm }).click();
    await expect(leverage).toBeHidden();
    await expect(page.getByTestId('futures-leverage')).toHaveText(`${w.f.isolated} · 10×`);

    // A long by market through the form and its confirmation (retried until the makers quote).
    const form = page.getByRole('region', { name: w.base.trade.openPosition });
    await form.getByRole('group', { name: w.base.col.type }).getByRole('button', { name: w.f.market }).click();
    await form.getByRole('textbox', { name: w.base.col.quantity }).fill('0.02');
    // The maximum at the pair's lot (5 places), and above zero once the price and the balance are known.
    await expect(form.getByTestId('futures-max-open')).toHaveText(new RegExp(`^[\\d${w.g}]+${w.d}\\d{5} BTC$`));
    await expect(form.getByTestId('futures-max-open')).not.toHaveText(new RegExp(`^0${w.d}0+ BTC$`));
    // Issue 37: margin, fee, cost and liquidation price of both buttons before anything is sent.
    // Each row reads "long / short": money in USDT cents, liquidation prices at the pair's 2 places.
    await expect(form.getByTestId('futures-cost-open_long')).toHaveText(new RegExp(`^[\\d${w.g}]+${w.d}\\d{2} / [\\d${w.g}]+${w.d}\\d{2} USDT$`));
    await expect(form.getByTestId('futures-liq-open_long')).toHaveText(new RegExp(`^[\\d${w.g}]+${w.d}\\d{2} / [\\d${w.g}]+${w.d}\\d{2}\\s*$`));
    await expect(form.getByText(w.f.form.reduceOnly)).toBeVisible();
    if (process.env.E2E_SHOTS) await form.screenshot({ path: `${process.env.E2E_SHOTS}/futures-form-${lang}.png` });
    const positions = page.getByRole('list', { name: w.f.desk.positions });
    const opened = positions.getByTestId('position-size').filter({ hasText: new RegExp(`^0${w.d}02000$`) });
    await expect(async () => {
      // An earlier attempt's answer may still arrive: never open twice.
      if ((await opened.count()) > 0) return;
      const confirm = page.getByRole('dialog', { name: w.f.form.confirmTitle });
      if ((await confirm.count()) === 0) await form.getByRole('button', { name: w.f.action.open_long, exact: true }).click();
      await expect(confirm).toContainText(w.n('0.02000 BTC'));
      await confirm.getByRole('button', { name: w.f.action.open_long }).click({ timeout: 5_000 });
      await expect(opened).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 60_000, intervals: [1_000] });
    await expect(positions).toContainText(w.f.long);
    await expect(positions).toContainText('10×');

    // Take-profit and stop-loss by ROE in the position's dialog.
    await setTpslByRoe(page, w, positions);
    await expect(page.getByRole('tab', { name: `${w.f.desk.plans} (2)` })).toBeVisible();
    // Issue 37 and 50 M8: the TP/SL on the position card are the prices the ROEs meant; a second TP/SL replaces the first (still two plans).
    await expect(positions.getByTestId('position-tpsl')).toHaveText(/^\d[\d.,\s]*\d \/ \d[\d.,\s]*\d$/);
    await setTpslByRoe(page, w, positions);
    expect((await call<{ list: unknown[] }>(page, FUTURES_PATHS.plans, { page: 1 }, token)).list).toHaveLength(2);
    await expect(page.getByRole('tab', { name: `${w.f.desk.plans} (2)` })).toBeVisible();
    // Issue 50 M9: the Close tab offers only the side held; Reduce-only offers only the close of it, with no margin or liquidation preview.
    await form.getByRole('tab', { name: w.f.form.tabClose }).click();
    await expect(form.getByTestId('futures-closable')).toContainText(w.n('0.02000 BTC'));
    await expect(form.getByRole('button', { name: w.f.action.close_long, exact: true })).toBeVisible();
    await expect(form.getByRole('button', { name: w.f.action.close_short, exact: true })).toHaveCount(0);
    await form.getByRole('tab', { name: w.f.form.tabOpen }).click();
    await form.getByRole('checkbox', { name: w.f.form.reduceOnly }).check();
    await expect(form.getByRole('button', { name: w.f.action.close_long, exact: true })).toBeVisible();
    await expect(form.getByRole('button', { name: w.f.action.open_long, exact: true })).toHaveCount(0);
    await expect(form.getByText(w.f.form.liqEst)).toHaveCount(0);
    await form.getByRole('checkbox', { name: w.f.form.reduceOnly }).uncheck();
    // Issue 50 C4: the futures book fills its 15 rows a side, as spot's does (the makers quote 20 levels).
    await expect(page.getByTestId('book-asks').locator('.level')).toHaveCount(15);
    await positions.getByRole('button', { name: w.f.margin.button, exact: true }).click();
    const marginDialog = page.getByRole('dialog', { name: new RegExp(w.f.margin.title) });
    // Issue 50 M9: more than "Max. removable" is refused in the dialog as it is typed, with no liquidation price previewed.
    await marginDialog.getByRole('button', { name: w.f.margin.remove, exact: true }).click();
    await marginDialog.getByRole('textbox', { name: w.f.margin.amount }).fill('600000');
    await expect(marginDialog.getByTestId('margin-problem')).toHaveText(w.f.margin.removeTooMuch);
    await expect(marginDialog.getByTestId('margin-liq-after')).toHaveText('—');
    await marginDialog.getByRole('button', { name: w.f.margin.add, exact: true }).click();
    await marginDialog.getByRole('textbox', { name: w.f.margin.amount }).fill('25');
    await expect(marginDialog.getByTestId('margin-liq-after')).toHaveText(new RegExp(`^[\\d${w.g}]+${w.d}\\d{2}$`));
    if (process.env.E2E_SHOTS) await marginDialog.screenshot({ path: `${process.env.E2E_SHOTS}/futures-margin-${lang}.png` });
    await marginDialog.getByRole('button', { name: w.base.common.confirm }).click();
    await expect(marginDialog).toBeHidden();

    await page.goto('/order/u-hold');
    await expect(page.getByRole('heading', { name: w.base.page.order.uHold })).toBeVisible();
    const held = page.getByRole('table');
    await expect(held).toContainText('BTC/USDT');
    await expect(held).toContainText(w.f.long);
    await expect(held).toContainText('10×');
    await expect(held).toContainText(w.n('0.02000'));

    // The position's detail view, from its row.
    await held.getByRole('link', { name: /BTC\/USDT/ }).click();
    await expect(page).toHaveURL(/\/order\/u-position\/btc_usdt$/);
    await expect(page.getByRole('heading', { name: w.base.page.order.uPosition })).toBeVisible();
    const positionFacts = page.getByTestId('futures-position-facts');
    await expect(positionFacts).toContainText(w.base.col.openInterest);
    await expect(positionFacts).toContainText(w.n('0.02000 BTC'));
    await expect(positionFacts).toContainText(w.f.detail.avgPositionPrice);
    await expect(positionFacts).toContainText(w.f.detail.guarantee);
    await expect(page.getByRole('table', { name: w.f.detail.pastOrders })).toContainText(w.f.action.open_long);

    await page.goto('/order/u-plan');
    await expect(page.getByRole('table')).toContainText(w.f.takeProfit);
    await expect(page.getByRole('table')).toContainText(w.f.stopLoss);

    await page.goto('/wallet/contract');
    await expect(page.getByTestId('futures-equity')).toContainText('USDT');
    await expect(page.getByText(w.f.marginRatio)).toBeVisible();

    // Part by market in the close dialog, then the rest by flash close, each confirmed.
    await page.goto('/contract/btc_usdt');
    await expect(positions.getByTestId('position-size')).toHaveText(w.n('0.02000'));
    // Market closes are retried while the makers requote an empty side (the server says so).
    const dialogs = page.getByRole('dialog');
    const close = page.getByRole('dialog', { name: w.f.close.title });
    const half = positions.getByTestId('position-size').filter({ hasText: new RegExp(`^0${w.d}01000$`) });
    await expect(async () => {
      // An earlier attempt's answer may still arrive: never close twice.
      if ((await half.count()) > 0) return;
      if ((await dialogs.count()) === 0) {
        await positions.getByRole('button', { name: w.f.close.button, exact: true }).click();
        await close.getByRole('textbox', { name: w.base.col.quantity }).fill('0.01');
      }
      await close.getByRole('button', { name: w.f.close.button, exact: true }).click({ timeout: 5_000 });
      const closeConfirm = page.getByRole('dialog', { name: w.f.close.confirmTitle });
      await expect(closeConfirm).toContainText(w.n('0.01000 BTC'));
      await closeConfirm.getByRole('button', { name: w.f.close.button, exact: true }).click();
      await expect(half).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 60_000, intervals: [1_000] });
    await expect(dialogs).toHaveCount(0);
    const none = positions.getByText(w.f.desk.noPositions);
    await expect(async () => {
      if ((await none.count()) > 0) return;
      if ((await dialogs.count()) === 0) await positions.getByRole('button', { name: w.f.close.flash, exact: true }).click();
      const flash = page.getByRole('dialog', { name: w.f.close.flashTitle });
      await expect(flash).toContainText(w.n('0.01000 BTC'));
      await flash.getByRole('button', { name: w.f.close.flash, exact: true }).click({ timeout: 5_000 });
      await expect(none).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 60_000, intervals: [1_000] });
    const account = await call<{ positions: unknown[] }>(page, FUTURES_PATHS.account, {}, token);
    expect(account.positions).toEqual([]);

    await page.goto('/order/u-history');
    const history = page.getByRole('table');
    await expect(history).toContainText(w.f.action.close_long);
    await expect(history).toContainText(w.f.action.open_long);
    await expect(history).toContainText(w.f.status.allTraded);
    // The flash close's detail view, from its row: prices, leverage, fee, profit, yield and its trades.
    await history.getByRole('row').filter({ hasText: w.f.action.close_long }).first().getByRole('link').click();
    await expect(page).toHaveURL(/\/order\/u-detail\/\d+$/);
    await expect(page.getByRole('heading', { name: w.base.page.order.uDetail })).toBeVisible();
    const orderFacts = page.getByTestId('futures-order-facts');
    await expect(orderFacts).toContainText(w.f.detail.entrustPrice);
    await expect(orderFacts).toContainText(w.base.col.execPrice);
    await expect(orderFacts).toContainText('10×');
    await expect(orderFacts).toContainText(w.f.roe);
    // The language's percent pattern (German "-0,21 %", with a no-break space; Turkish "%-0,21").
    await expect(orderFacts).toContainText(new RegExp(`[+-]?\\d+${w.d}\\d{2}[\\u00a0 ]?%|[+-]?%\\d+${w.d}\\d{2}`));
    await expect(page.getByTestId('futures-order-status')).toHaveText(w.f.status.allTraded);
    await expect(page.getByRole('table', { name: w.f.detail.trades }).getByRole('row').nth(1)).toBeVisible();
    // The contract market keeps its own candle history (the chart's first bars).
    const kline = await page.request.get('/api/futures/kline?pair=btc_usdt&interval=1min');
    expect(((await kline.json()) as { data: { bars: unknown[] } }).data.bars.length).toBeGreaterThan(0);
    // The position is gone, so its take-profit and stop-loss were cancelled with it.
    await page.goto('/order/u-plan');
    await expect(page.getByRole('table')).toContainText(w.f.empty);
  });
}

/**
 * The orders centre's own actions (spec §2 Orders): a funded, verified trader with a long and a
 * resting limit order cancels the order on /order/u-current, sets a take-profit and a stop-loss from
 * /order/u-hold (the trade page's TP/SL dialog), cancels one of them on /order/u-plan, and
 * flash-closes the position from /order/u-hold; each list reads again after the action.
 */
// One language per browser flow since session 34 (CI time, issue 55): the flows rotate through the languages, and
// each flow's texts in the others are the view tests' and the i18n check's.
for (const lang of ['en_US'] as Array<keyof typeof WORDS>) {
  test(`cancel an order, TP/SL, cancel a plan and flash close from the orders centre (${lang})`, async ({ page }) => {
    test.setTimeout(150_000);
    const w = WORDS[lang];
    const email = `e2e-futures-orders-${lang.slice(0, 2)}-${Date.now()}@example.org`;
    await signUp(page, email);
    await verifyIdentity(page, email);
    await fundAccount(page, 'contract', '5000');
    const token = await tokenOf(page);
    const mark = await expect
      .poll(async () => (await call<{ mark_price: string | null }>(page, FUTURES_PATHS.config, { symbol: 'btc_usdt' })).mark_price, { timeout: 30_000 })
      .not.toBeNull()
      .then(async () => (await call<{ mark_price: string }>(page, FUTURES_PATHS.config, { symbol: 'btc_usdt' })).mark_price);
    // A long by market (retried while the makers requote an empty side), and a long by limit well under the market that rests.
    await expect(async () => {
      const account = await call<{ positions: unknown[] }>(page, FUTURES_PATHS.account, {}, token);
      if (account.positions.length === 0) await call(page, FUTURES_PATHS.order, { symbol: 'btc_usdt', action: 'open_long', type: 'market', quantity: '0.02' }, token);
      expect((await call<{ positions: unknown[] }>(page, FUTURES_PATHS.account, {}, token)).positions).toHaveLength(1);
    }).toPass({ timeout: 60_000, intervals: [1_000] });
    const resting = String(Math.floor(Number(mark) * 0.8));
    await call(page, FUTURES_PATHS.order, { symbol: 'btc_usdt', action: 'open_long', type: 'limit', price: resting, quantity: '0.01' }, token);

    await page.goto('/order/u-current');
    if (lang === 'de_DE') {
      await page.getByRole('banner').getByRole('button', { name: 'Language' }).click();
      await page.getByRole('menuitemradio', { name: /Deutsch/ }).click();
    }
    await expect(page.getByRole('heading', { name: w.base.page.order.uCurrent })).toBeVisible();

    // Cancel the resting order, after the question.
    const orders = page.getByRole('table');
    const row = orders.getByRole('row').filter({ hasText: w.f.action.open_long });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: w.base.common.cancel, exact: true }).click();
    const ask = page.getByRole('dialog', { name: w.f.desk.cancelOrderTitle });
    await expect(ask).toContainText(w.f.desk.cancelOrderQuestion);
    await ask.getByRole('button', { name: w.f.desk.cancelOrder }).click();
    await expect(ask).toBeHidden();
    await expect(orders).toContainText(w.f.empty);

    // TP/SL by ROE from the position's row on u-hold.
    await page.goto('/order/u-hold');
    await expect(page.getByRole('heading', { name: w.base.page.order.uHold })).toBeVisible();
    const held = page.getByRole('table');
    const position = held.getByRole('row').filter({ hasText: 'BTC/USDT' });
    await expect(position).toContainText(w.n('0.02000'));
    await setTpslByRoe(page, w, position);

    // Both plans wait on u-plan; the stop-loss is cancelled there.
    await page.goto('/order/u-plan');
    const plans = page.getByRole('table');
    await expect(plans).toContainText(w.f.takeProfit);
    const stop = plans.getByRole('row').filter({ hasText: w.f.stopLoss });
    await stop.getByRole('button', { name: w.base.common.cancel, exact: true }).click();
    const askPlan = page.getByRole('dialog', { name: w.f.desk.cancelPlanTitle });
    await askPlan.getByRole('button', { name: w.f.desk.cancelPlan }).click();
    await expect(askPlan).toBeHidden();
    await expect(stop).toHaveCount(0);
    await expect(plans).toContainText(w.f.takeProfit);

    // The close dialog opens from the row (limit or market, quantity) and can be left.
    await page.goto('/order/u-hold');
    await position.getByRole('button', { name: w.f.close.button, exact: true }).click();
    const close = page.getByRole('dialog', { name: w.f.close.title });
    await expect(close.getByRole('textbox', { name: w.base.col.quantity })).toHaveValue('0.02');
    await close.getByRole('button', { name: w.base.common.cancel }).click();
    await expect(close).toBeHidden();

    // Flash close from the row, after the trade page's confirmation; the list reads again.
    const dialogs = page.getByRole('dialog');
    await expect(async () => {
      if ((await position.count()) === 0) return;
      if ((await dialogs.count()) === 0) await position.getByRole('button', { name: w.f.close.flash, exact: true }).click();
      const flash = page.getByRole('dialog', { name: w.f.close.flashTitle });
      await expect(flash).toContainText(w.n('0.02000 BTC'));
      await flash.getByRole('button', { name: w.f.close.flash, exact: true }).click({ timeout: 5_000 });
      await expect(position).toHaveCount(0, { timeout: 10_000 });
    }).toPass({ timeout: 60_000, intervals: [1_000] });
    await expect(held).toContainText(w.f.empty);
    expect((await call<{ positions: unknown[] }>(page, FUTURES_PATHS.account, {}, token)).positions).toEqual([]);
  });
}
