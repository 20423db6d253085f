import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { LANGUAGES } from '../../../domain/languages';
import { fundAccount } from './api';
import { verifyIdentity } from './operator';
import { signUp } from './register';
import { fund } from './spotTrading';
import { failOnPageErrors } from './waits';

/** The phone the phone specs hold: 390 × 844, an iPhone 12–15's CSS viewport. */
export const PHONE = { width: 390, height: 844 } as const;

/**
 * A spec on the phone: its viewport, its tests run side by side, and a page error fails the test
 * (what the trader would meet as a blank or frozen screen).
 */
export function usePhone(): void {
  test.use({ viewport: PHONE });
  test.describe.configure({ mode: 'parallel' });
  failOnPageErrors();
}

/** The language the page opens in from its next load, as the language menu stores it. */
export async function useLanguage(page: Page, lang: string): Promise<void> {
  const language = LANGUAGES.find((l) => l.lang === lang)!;
  await page.evaluate((stored) => window.localStorage.setItem('language', JSON.stringify(stored)), language);
}

/** A new browser (another device) at `path` in `lang`: the language stored, then the page loaded again in it. */
export async function newDeviceIn(browser: Browser, path: string, lang: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(path);
  await useLanguage(page, lang);
  await page.reload();
  return page;
}

/** The theme the page opens in from its next load, as the theme switch stores it. */
export async function useTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate((stored) => window.localStorage.setItem('theme', JSON.stringify(stored)), theme);
}

/**
 * A new trader with a verified identity, funded, opening in `lang` and `theme` from the next load.
 * fundAccount deposits into an empty spot account and moves it on: the other accounts are funded
 * first, the spot USDT last.
 */
export async function verifiedTrader(
  page: Page,
  o: { email: string; accounts: Array<['contract' | 'sec_contract', string]>; spot: string; lang: string; theme: 'dark' | 'light' },
): Promise<void> {
  await signUp(page, o.email);
  await verifyIdentity(page, o.email);
  for (const [account, quantity] of o.accounts) await fundAccount(page, account, quantity);
  await fund(page, o.spot);
  await useLanguage(page, o.lang);
  await useTheme(page, o.theme);
}

export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where} scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
}

/** Where pictures go: E2E_SHOTS=<folder> keeps them; otherwise the test's output. */
export function shotsFolder(): string {
  const folder = process.env.E2E_SHOTS ?? test.info().outputPath('shots');
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** A picture of the page named for the test and the step, when E2E_SHOTS asks for pictures (CI keeps none). */
export async function shoot(page: Page, prefix: string, name: string): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  await page.screenshot({ path: join(shotsFolder(), `${prefix}-${test.info().title.slice(0, 8)}-${name}.png`) });
}
