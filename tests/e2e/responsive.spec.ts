import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { baseCatalogue, type BaseCatalogue } from './support/catalogue';
import type { RouteEntry } from '../../src/app/routeList';
import { loadRouteTable } from '../../scripts/bundle/routeTable';
import { signUp } from './support/register';
import { failOnPageErrors, waitForFirstPage } from './support/waits';

/**
 * Issue 12: every route of the route table at a phone's 390×844, in English and in German (long
 * words), signed out and signed in: the page never scrolls sideways
 * (document.documentElement.scrollWidth ≤ 390), the header's menu button is there, and the main
 * actions (navigation, wallet, orders, language, pricing currency, log in / register or sign out;
 * the trade page's tabs; the seconds desk's up / down) are reachable by their visible labels.
 *
 * The routes come from the app's own route table (src/app/routes.tsx through the products'
 * feature.tsx, read by Vite: scripts/bundle/routeTable.ts), so a product that adds pages is covered
 * without touching this file; parameters are filled by src/app/routeList.ts (symbol btc_usdt,
 * currency USDT, id 1).
 */
const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 } });

const ROUTES: RouteEntry[] = await loadRouteTable();
const read = <T>(path: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../..', path), 'utf8')) as T;
type Base = BaseCatalogue;

interface Language {
  name: string;
  code: string;
  base: Base;
}
const EN: Language = { name: 'English', code: 'en_US', base: baseCatalogue('en_US') };
const DE: Language = { name: 'Deutsch', code: 'de_DE', base: baseCatalogue('de_DE') };

/** Pages signed-in visitors see differently (header account area, the spot order form). */
const SIGNED_IN_TOO = (route: RouteEntry) => route.gated || /:symbol/.test(route.pattern) || route.pattern === '/home';
/** The operator's interface has its own layout and session (no site header). */
const isOperator = (route: RouteEntry) => route.pattern.startsWith('/operator');

// Its tests share nothing (each signs up its own users): spread over the workers, so a long
// journey here does not run after its sibling at the end of the suite while the other workers idle.
test.describe.configure({ mode: 'parallel' });

failOnPageErrors();
waitForFirstPage((page) => page.getByRole('banner'));

test('the route table is read from the code', () => {
  expect(ROUTES.length).toBeGreaterThan(40);
  for (const pattern of ['/home', '/markets/kline/:symbol', '/contract/:symbol', '/contract_sec/:symbol', '/wallet']) {
    expect(ROUTES.map((r) => r.pattern)).toContain(pattern);
  }
});

/**
 * Elements sticking out past the viewport's right edge (innermost, and not inside something that
 * scrolls or clips sideways by itself): what to fix when the page scrolls sideways.
 */
async function overflowReport(page: Page): Promise<string> {
  return page.evaluate((width) => {
    const contained = (el: Element) => {
      for (let up = el.parentElement; up; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const box = el.getBoundingClientRect();
      if (box.right <= width + 0.5 || box.width === 0 || contained(el)) continue;
      if (Array.from(el.children).some((c) => c.getBoundingClientRect().right > width + 0.5)) continue;
      const parent = el.parentElement;
      out.push(`${el.tagName.toLowerCase()} in ${parent?.tagName.toLowerCase()} right=${Math.round(box.right)} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
      if (out.length >= 6) break;
    }
    return out.join('; ');
  }, WIDTH);
}

/**
 * Opens a route and waits until its page's code has arrived and it has drawn. After the first page
 * the app is already running, so the route is opened the way its links open it (the router's
 * history, no reload): a reload per route made this suite the slowest of CI, and what is checked
 * here is the page's layout, not the app's start (every other spec loads pages afresh).
 */
async function visit(page: Page, route: RouteEntry) {
  const running = await page.evaluate(() => document.querySelector('#root main') !== null).catch(() => false);
  if (running) {
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, route.path);
  } else {
    await page.goto(route.path);
  }
  // The app has started (past its boot screen) and the page's code has arrived.
  await expect(page.locator('#root main').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-page-loading]')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(400);
}

async function expectNoSidewaysScroll(page: Page, route: RouteEntry, state: string) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  const detail = scrollWidth > WIDTH ? await overflowReport(page) : '';
  expect.soft(scrollWidth, `${route.path} (${route.pattern}, ${state}) is ${scrollWidth} px wide: ${detail}`).toBeLessThanOrEqual(WIDTH);
}

const menuButton = (page: Page, lang: Language) => page.getByRole('banner').getByRole('button', { name: lang.base.nav.menu, exact: true });
const siteMenu = (page: Page, lang: Language) => page.getByRole('dialog', { name: lang.base.nav.menu });

async function switchToGerman(page: Page) {
  await page.goto('/home');
  await menuButton(page, EN).click();
  await siteMenu(page, EN).getByRole('combobox', { name: EN.base.nav.language }).selectOption({ label: 'Deutsch' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
}

/** The header's menu: every destination of the desktop header, by its visible label. */
async function expectSiteMenu(page: Page, lang: Language, signedIn: boolean) {
  const { nav, menu } = lang.base;
  await expect(page.getByRole('banner').getByRole('navigation', { name: nav.main })).toBeHidden();
  await menuButton(page, lang).click();
  const panel = siteMenu(page, lang);
  await expect(panel).toBeVisible();
  for (const label of [nav.markets, nav.spot, nav.contract, nav.secContract, menu.wallet.overview, menu.wallet.recharge, menu.wallet.transfer]) {
    await expect(panel.getByRole('link', { name: label, exact: true }).first()).toBeVisible();
  }
  // Language, pricing currency and theme come first, above the forty-odd links.
  const language = panel.getByRole('combobox', { name: nav.language });
  await expect(language).toBeVisible();
  await expect(panel.getByRole('combobox', { name: nav.pricing }).locator('option', { hasText: 'EUR €' })).toHaveCount(1);
  await expect(panel.getByRole('button', { name: nav.themeLight })).toBeVisible();
  const top = async (locator: Locator) => (await locator.boundingBox())!.y;
  expect(await top(language)).toBeLessThan(await top(panel.getByRole('navigation', { name: nav.main })));
  if (signedIn) await expect(panel.getByRole('button', { name: nav.signOut })).toBeVisible();
  else {
    await expect(panel.getByRole('link', { name: nav.login, exact: true })).toBeVisible();
    await expect(panel.getByRole('link', { name: nav.register, exact: true })).toBeVisible();
  }
  const within = await panel.evaluate((el) => el.getBoundingClientRect().right);
  expect(within).toBeLessThanOrEqual(WIDTH);
  // Picking a destination closes the menu and goes there.
  await panel.getByRole('link', { name: nav.markets, exact: true }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/markets$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
}

/** The trade page as tabs: each shows its panel, alone, within the width. */
async function expectTradeTabs(page: Page, lang: Language, signedIn: boolean) {
  const { trade } = lang.base;
  const tabs = page.getByRole('tablist', { name: trade.tabs.label });
  await expect(tabs).toBeVisible();
  const panels: Array<[string, string]> = [
    [trade.tabs.chart, 'section.chart'],
    [trade.tabs.book, 'section.book'],
    [trade.tabs.trades, 'section.trades'],
    [trade.tabs.form, 'section.form'],
  ];
  for (const [label, selector] of panels) {
    await tabs.getByRole('tab', { name: label, exact: true }).click();
    await expect(tabs.getByRole('tab', { name: label, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator(selector).first()).toBeVisible();
    for (const [, other] of panels) if (other !== selector) await expect(page.locator(other).first()).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
  }
  // The order form tab holds the form's actions (or, signed out, log in / register).
  const form = page.locator('section.form');
  if (signedIn && page.url().includes('/markets/kline/')) await expect(form.getByRole('button', { name: /BTC/ }).first()).toBeVisible();
  else if (!signedIn) await expect(form.getByRole('link', { name: lang.base.nav.login, exact: true })).toBeVisible();
}

// English signed in (every gated route), German (long words) signed out on the public routes: the
// public routes in English as well added 40 s to CI's 25 minutes and no route the other two miss.
for (const [lang, signedIn] of [[EN, true], [DE, false]] as const) {
  {
    const state = `${lang.name}, ${signedIn ? 'signed in' : 'signed out'}`;
    test(`390×844, ${state}: no route scrolls sideways and the main actions are reachable`, async ({ page }) => {
      test.setTimeout(420_000);
      if (signedIn) await signUp(page, `e2e-resp-${lang.code.toLowerCase()}-${Date.now()}@example.org`);
      if (lang === DE) await switchToGerman(page);
      const routes = ROUTES.filter((r) => (signedIn ? SIGNED_IN_TOO(r) : !r.gated));
      for (const route of routes) {
        await test.step(route.path, async () => {
          await visit(page, route);
          await expectNoSidewaysScroll(page, route, state);
          if (!isOperator(route)) await expect.soft(menuButton(page, lang), `${route.path}: the header's menu button`).toBeVisible();
        });
      }
      await test.step('the header menu', async () => {
        await page.goto('/home');
        await expectSiteMenu(page, lang, signedIn);
      });
      for (const path of ['/markets/kline/btc_usdt', '/contract/btc_usdt']) {
        await test.step(`${path} as tabs`, async () => {
          await page.goto(path);
          await expectTradeTabs(page, lang, signedIn);
        });
      }
      await test.step('/contract_sec/btc_usdt stacked', async () => {
        await page.goto('/contract_sec/btc_usdt');
        const { seconds } = read<{ seconds: { up: string; down: string } }>(`src/features/seconds/locales/${lang.code}.json`);
        const ticket = page.getByRole('region', { name: read<{ seconds: { ticket: string } }>(`src/features/seconds/locales/${lang.code}.json`).seconds.ticket });
        // Signed in: buy up or down; signed out: log in or register, in the ticket.
        const actions = signedIn
          ? [ticket.getByRole('button', { name: new RegExp(`${seconds.up}$`) }), ticket.getByRole('button', { name: new RegExp(`${seconds.down}$`) })]
          : [ticket.getByRole('link', { name: lang.base.nav.login, exact: true }), ticket.getByRole('link', { name: lang.base.nav.register, exact: true })];
        for (const action of actions) {
          await expect(action).toBeVisible();
          await action.scrollIntoViewIfNeeded();
          await expect(action).toBeInViewport();
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
      });
    });
  }
}
