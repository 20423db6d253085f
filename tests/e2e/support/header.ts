import type { Page } from '@playwright/test';
import { signUp } from './register';

/** Picks a language (its name in the menu, "日本語") from the site header's Language menu. */
export async function chooseLanguage(page: Page, name: RegExp): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name }).click();
}

/** A new trader's start: signs up through the UI as `email`, is funded by `fund`, opens `path` and picks `language`. */
export async function signedUpOn(page: Page, path: string, o: { email: string; fund: () => Promise<unknown>; language: RegExp }): Promise<void> {
  await signUp(page, o.email, { open: false });
  await o.fund();
  await page.goto(path);
  await chooseLanguage(page, o.language);
}
