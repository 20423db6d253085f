import type { Browser, Page } from '@playwright/test';

/** The operator playwright.config.ts creates at server start (the shell may override both). */
export const OPERATOR = { account: process.env.OPERATOR_ACCOUNT ?? 'reviewer@openex.test', password: process.env.OPERATOR_PASSWORD ?? 'Operator2026' };

/** The operator's desk (/operator), signed in, in a browser context of its own (apart from the trader's). */
export async function operatorDesk(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/operator');
  await page.getByLabel('Operator account').fill(OPERATOR.account);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  return page;
}
