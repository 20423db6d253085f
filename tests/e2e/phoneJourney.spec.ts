import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type fiatCatalogue from '../../src/features/fiat/locales/en_US.json';
import type futuresCatalogue from '../../src/features/futures/locales/en_US.json';
import type secondsCatalogue from '../../src/features/seconds/locales/en_US.json';
import type tradingCatalogue from '../../src/features/spot/locales/en_US.json';
import type walletCatalogue from '../../src/features/wallet/locales/en_US.json';
import { baseCatalogue } from './support/catalogue';
import { TEST_FUNDS_PASSWORD } from './support/register';
import { expectNoSidewaysScroll, shoot as shootAs, usePhone, verifiedTrader } from './support/phone';
import { expectRefusalStays, expectTappable, tap, typeInto } from './support/tap';
import { toastDuring } from './support/toasts';

/**
 * Issue 50's phone journey: one new trader on a 390 × 844 phone goes through every product — a
 * withdrawal, a spot order placed and cancelled, a futures position opened and closed, a seconds
 * contract, a P2P purchase started and cancelled — in English on the dark theme and in German on
 * the light one. Every control the journey uses is tapped only after a hit-test at its centre finds
 * it uncovered (support/tap.ts), and every refusal it meets is still on the page 3 s later, where
 * the trader looks (not a toast that vanished). E2E_SHOTS=<folder> keeps a picture of each step.
 */

const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const read = <T>(file: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../src', file), 'utf8')) as T;
const wordsOf = (lang: string) => ({
  base: baseCatalogue(lang),
  wallet: read<typeof walletCatalogue>(`features/wallet/locales/${lang}.json`).wallet,
  spot: read<typeof tradingCatalogue>(`features/spot/locales/${lang}.json`).spot,
  f: read<typeof futuresCatalogue>(`features/futures/locales/${lang}.json`).futures,
  sec: read<typeof secondsCatalogue>(`features/seconds/locales/${lang}.json`).seconds,
  fiat: read<typeof fiatCatalogue>(`features/fiat/locales/${lang}.json`).fiat,
});
type Words = ReturnType<typeof wordsOf>;

usePhone();

const shoot = (page: Page, name: string) => shootAs(page, 'journey', name);

/** A phone shows one section of a trade page at a time: its tabs. */
const tradeTab = (page: Page, w: Words, name: string) => tap(page.getByRole('tablist', { name: w.base.trade.tabs.label }).getByRole('tab', { name, exact: true }), `the ${name} tab`);

async function withdrawal(page: Page, w: Words) {
  await page.goto('/wallet/cash/USDT');
  const networks = page.getByRole('radiogroup', { name: w.base.col.network });
  await expect(networks.getByRole('radio').first()).toBeVisible({ timeout: 15_000 });
  await expectTappable(page.getByLabel(w.base.col.currency, { exact: true }), 'the currency');
  await tap(networks.getByRole('radio').first(), 'the first network');
  await typeInto(page.getByLabel(w.wallet.withdraw.address), ADDRESS, 'the address');
  await typeInto(page.getByLabel(w.wallet.withdraw.quantity), '20', 'the quantity');
  await tap(page.getByRole('main').getByRole('button', { name: w.base.menu.wallet.cash, exact: true }), 'Withdraw');
  const security = page.getByRole('dialog', { name: w.wallet.withdraw.securityCheck });
  await typeInto(security.getByLabel(w.wallet.withdraw.fundsPassword), 'Wrong-funds-1', 'the funds password');
  await tap(security.getByRole('button', { name: w.base.common.confirm }), 'Confirm (security check)');
  await expectRefusalStays(security.getByRole('alert'), 'a wrong funds password');
  await shoot(page, 'withdrawal-refused');
  await typeInto(security.getByLabel(w.wallet.withdraw.fundsPassword), TEST_FUNDS_PASSWORD, 'the funds password');
  await tap(security.getByRole('button', { name: w.base.common.confirm }), 'Confirm (security check)');
  const confirm = page.getByRole('dialog', { name: w.wallet.withdraw.confirmTitle });
  await tap(confirm.getByRole('button', { name: w.wallet.withdraw.confirm }), 'Withdraw now');
  await expect(page.getByText(w.wallet.withdraw.submitted).first()).toBeVisible({ timeout: 15_000 });
  await expectNoSidewaysScroll(page, 'the withdrawal');
}

async function spot(page: Page, w: Words) {
  const s = w.spot;
  await page.goto('/markets/kline/BTC_USDT');
  await tradeTab(page, w, w.base.trade.tabs.form);
  const form = page.locator('section.form');
  await expect(form.getByTestId('available')).toHaveText(/\d/, { timeout: 20_000 });
  await tap(form.getByRole('button', { name: s.type.limit, exact: true }), 'Limit');
  const buy = form.getByRole('button', { name: s.form.buySubmit.replace('{{currency}}', 'BTC') });
  // Far below BTC's market, yet inside the price band (domain/priceBand.ts).
  await typeInto(form.getByLabel(w.base.col.price, { exact: true }), '30000', 'the price');
  await typeInto(form.getByLabel(w.base.col.quantity, { exact: true }), '100', 'the quantity');
  await tap(buy, 'Buy BTC (too much)');
  await expectRefusalStays(form.getByRole('alert').filter({ hasText: s.validation.insufficient }), 'a buy beyond the balance');
  await shoot(page, 'spot-refused');
  await typeInto(form.getByLabel(w.base.col.quantity, { exact: true }), '0.001', 'the quantity');
  await toastDuring(page, s.form.placed, () => tap(buy, 'Buy BTC'));
  // The orders sit under the form, behind their own tabs.
  await tap(page.getByRole('tab', { name: new RegExp(`^${w.base.trade.openOrders}`) }), 'the open orders tab');
  // The price 30000 in the language's number style (issue 50 M6): "30,000.00" in English, "30.000,00" in German.
  const row = page.getByRole('row').filter({ hasText: /30[.,]000[.,]00/ }).first();
  await tap(row.getByRole('button', { name: s.orders.revoke }), 'Cancel (the order)');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(s.orders.revokeQuestion);
  // The buttons say what they do (issue 50 C3): "Keep order" / "Cancel order".
  await expect(dialog.getByRole('button', { name: s.orders.keepOrder })).toBeVisible();
  await toastDuring(page, s.orders.revoked, () => tap(dialog.getByRole('button', { name: s.orders.cancelOrder }), 'Cancel order (confirm)'));
  await shoot(page, 'spot-cancelled');
  await expectNoSidewaysScroll(page, 'spot');
}

async function futures(page: Page, w: Words) {
  const f = w.f;
  await page.goto('/contract/btc_usdt');
  await expect(page.getByTestId('stats-mark')).toHaveText(/^\d/, { timeout: 20_000 });
  await tradeTab(page, w, w.base.trade.tabs.form);
  const form = page.getByRole('region', { name: w.base.trade.openPosition });
  await tap(form.getByRole('group', { name: w.base.col.type }).getByRole('button', { name: f.market }), 'Market');
  await typeInto(form.getByRole('textbox', { name: w.base.col.quantity }), '0.01', 'the quantity');
  const positions = page.getByRole('list', { name: f.desk.positions });
  // 0.01 in the language's number style ("0,01000" in German).
  const opened = positions.getByTestId('position-size').filter({ hasText: /^0[.,]010*$/ });
  // Retried until the makers quote.
  await expect(async () => {
    if ((await opened.count()) > 0) return;
    const confirm = page.getByRole('dialog', { name: f.form.confirmTitle });
    if ((await confirm.count()) === 0) await tap(form.getByRole('button', { name: f.action.open_long, exact: true }), 'Open long');
    await tap(confirm.getByRole('button', { name: f.action.open_long }), 'Open long (confirm)');
    await expect(opened).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000, intervals: [1_000] });
  await shoot(page, 'futures-opened');
  // The Close tab: more than the position is refused where it was typed, then the whole closes.
  await tap(form.getByRole('tab', { name: f.form.tabClose }), 'the Close tab');
  await tap(form.getByRole('group', { name: w.base.col.type }).getByRole('button', { name: f.market }), 'Market');
  await typeInto(form.getByRole('textbox', { name: w.base.col.quantity }), '5', 'the quantity to close');
  await tap(form.getByRole('button', { name: f.action.close_long, exact: true }), 'Close long (too much)');
  const tooMuch = page.getByRole('dialog', { name: f.form.confirmTitle });
  if ((await tooMuch.count()) > 0) await tap(tooMuch.getByRole('button', { name: f.action.close_long }), 'Close long (confirm)');
  await expectRefusalStays(form.getByRole('alert'), 'a close beyond the position');
  await shoot(page, 'futures-refused');
  await typeInto(form.getByRole('textbox', { name: w.base.col.quantity }), '0.01', 'the quantity to close');
  await tap(form.getByRole('button', { name: f.action.close_long, exact: true }), 'Close long');
  const confirm = page.getByRole('dialog', { name: f.form.confirmTitle });
  await tap(confirm.getByRole('button', { name: f.action.close_long }), 'Close long (confirm)');
  await expect(opened).toHaveCount(0, { timeout: 20_000 });
  await expectNoSidewaysScroll(page, 'futures');
}

async function seconds(page: Page, w: Words) {
  const sec = w.sec;
  await page.goto('/contract_sec/btc_usdt');
  const ticket = page.getByRole('region', { name: sec.ticket }).or(page.locator(`section[aria-label="${sec.ticket}"]`));
  await expect(ticket.getByTestId('seconds-available')).toHaveText(/\d/, { timeout: 20_000 });
  const stake = ticket.getByLabel(sec.stake.replace('{{currency}}', 'USDT'));
  await typeInto(stake, '100000', 'the stake');
  await tap(ticket.getByRole('button', { name: new RegExp(sec.up) }), 'Up (too much)');
  await expectRefusalStays(ticket.getByRole('alert'), 'a stake beyond the balance');
  await shoot(page, 'seconds-refused');
  await typeInto(stake, '10', 'the stake');
  await tap(ticket.getByRole('button', { name: new RegExp(sec.up) }), 'Up');
  const risk = page.getByRole('dialog').filter({ hasText: sec.risk.title });
  await tap(risk.getByRole('button', { name: sec.risk.accept }), 'Accept the risk');
  const confirm = page.getByRole('dialog').filter({ hasText: sec.confirm.title });
  await toastDuring(page, sec.bought, () => tap(confirm.getByRole('button', { name: sec.confirm.buy }), 'Buy (confirm)'));
  await shoot(page, 'seconds-bought');
  await expectNoSidewaysScroll(page, 'seconds');
}

async function p2p(page: Page, w: Words) {
  const fi = w.fiat;
  await page.goto('/deal');
  // A seeded merchant's ad (50,000 USDT): the newest ads at the top are other specs' small ones,
  // which a parallel journey or spec may have drained below this one's 25 (CI, one run in two).
  const merchantAd = page.getByRole('main').getByRole('listitem').filter({ hasText: /Atlas OTC|Sakura Trade|Bosphorus Pay/ }).first();
  const first = merchantAd.getByRole('link').filter({ hasText: w.base.deal.buyCoin.replace('{{coin}}', 'USDT') });
  await tap(first, "a merchant's ad");
  await expect(page).toHaveURL(/\/deal\/buy-next\?ad=\d+/);
  const value = page.locator('input[name="value"]');
  const buy = page.getByRole('main').getByRole('button', { name: w.base.deal.buyCoin.replace('{{coin}}', 'USDT'), exact: true });
  // An amount below the ad's minimum is said as it is typed, and Buy waits for a good one.
  await typeInto(value, '0.01', 'the amount');
  await expectRefusalStays(page.getByRole('main').getByText(fi.belowMin.split('{{')[0]!.trim()), 'an amount below the minimum');
  await expect(buy).toBeDisabled();
  await shoot(page, 'p2p-refused');
  await typeInto(value, '25', 'the amount');
  await tap(buy, 'Buy USDT');
  await tap(page.getByRole('dialog').getByRole('button', { name: w.base.common.confirm }), 'Confirm (buy)');
  await expect(page).toHaveURL(/\/deal\/buy-detail\/\d+$/, { timeout: 15_000 });
  await tap(page.getByRole('button', { name: fi.cancelOrder }), 'Cancel the order');
  await toastDuring(page, fi.cancelledBuyer, () => tap(page.getByRole('dialog').getByRole('button', { name: fi.cancelOrder }), 'Cancel order (confirm)'));
  await shoot(page, 'p2p-cancelled');
  await expectNoSidewaysScroll(page, 'P2P');
}

for (const [lang, theme] of [['en_US', 'dark'], ['de_DE', 'light']] as const) {
  test(`${lang} ${theme}: a trader's phone journey over every product, each control tapped after a hit-test, each refusal still there 3 s later`, async ({ page }) => {
    test.setTimeout(300_000);
    const w = wordsOf(lang);
    await verifiedTrader(page, { email: `e2e-journey-${lang.slice(0, 2)}-${Date.now()}@example.org`, accounts: [['contract', '500'], ['sec_contract', '100']], spot: '1000', lang, theme });
    await test.step('withdrawal', () => withdrawal(page, w));
    await test.step('spot', () => spot(page, w));
    await test.step('futures', () => futures(page, w));
    await test.step('seconds', () => seconds(page, w));
    await test.step('P2P', () => p2p(page, w));
  });
}
