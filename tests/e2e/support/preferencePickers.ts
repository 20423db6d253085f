import { expect, type Page } from '@playwright/test';
import { LANGUAGES } from '../../../domain/languages';
import { baseCatalogue } from './catalogue';

/**
 * The page's language or theme changed as a trader changes it, without loading the page again: a
 * test that checks a layout in every language or both themes pays one load instead of one per
 * choice (a fresh load costs Chromium about 2 CPU-s in its first seconds, bench/README.md "CI's own time").
 */

const htmlLang = (lang: string) => lang.replace('_', '-');
const nameOf = (lang: string) => LANGUAGES.find((l) => l.lang === lang)!.name;

/** From `from` to `to` through the wide header's language menu. */
export async function pickLanguageInHeader(page: Page, from: string, to: string): Promise<void> {
  if (from === to) return;
  await page.getByRole('banner').getByRole('button', { name: baseCatalogue(from).nav.language }).click();
  await page.getByRole('menuitemradio', { name: nameOf(to) }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLang(to));
}

/** From `from` to `to` through a phone's site menu (the header's menu button, its language list), the menu closed again. */
export async function pickLanguageInPhoneMenu(page: Page, from: string, to: string): Promise<void> {
  if (from === to) return;
  const menu = baseCatalogue(from).nav.menu;
  await page.getByRole('banner').getByRole('button', { name: menu, exact: true }).click();
  await page.getByRole('dialog', { name: menu }).getByRole('combobox', { name: baseCatalogue(from).nav.language }).selectOption(to);
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLang(to));
  await page.getByRole('banner').getByRole('button', { name: baseCatalogue(to).nav.menu, exact: true }).click();
  await expect(page.getByRole('dialog', { name: baseCatalogue(to).nav.menu })).toBeHidden();
}

/**
 * To `theme` through a phone's site menu, in the page's language `lang`: whatever dialog is open is
 * closed first (Escape; the menu button sits under a modal), the menu closed again after.
 */
export async function pickThemeInPhoneMenu(page: Page, lang: string, theme: 'dark' | 'light'): Promise<void> {
  const nav = baseCatalogue(lang).nav;
  await page.keyboard.press('Escape');
  await page.getByRole('banner').getByRole('button', { name: nav.menu, exact: true }).click();
  const sheet = page.getByRole('dialog', { name: nav.menu });
  await sheet.getByRole('button', { name: theme === 'light' ? nav.themeLight : nav.themeDark, exact: true }).click();
  await page.getByRole('banner').getByRole('button', { name: nav.menu, exact: true }).click();
  await expect(sheet).toBeHidden();
}
