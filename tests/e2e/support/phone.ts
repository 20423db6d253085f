import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES } from '../../../domain/languages';

/** The phone the phone specs hold: 390 × 844, an iPhone 12–15's CSS viewport. */
export const PHONE = { width: 390, height: 844 } as const;

/**
 * A spec on the phone: its viewport, its tests run side by side, and a page error fails the test
 * (what the trader would meet as a blank or frozen screen).
 */
export function usePhone(): void {
  test.use({ viewport: PHONE });
  test.describe.configure({ mode: 'parallel' });
  test.beforeEach(async ({ page }) => {
    page.on('pageerror', (error) => {
      throw error;
    });
  });
}

/** The language the page opens in from its next load, as the language menu stores it. */
export async function useLanguage(page: Page, lang: string): Promise<void> {
  const language = LANGUAGES.find((l) => l.lang === lang)!;
  await page.evaluate((stored) => window.localStorage.setItem('language', JSON.stringify(stored)), language);
}

/** The theme the page opens in from its next load, as the theme switch stores it. */
export async function useTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate((stored) => window.localStorage.setItem('theme', JSON.stringify(stored)), theme);
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
