import type { Browser, Page } from '@playwright/test';
import { call, tokenOf } from './api';

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

// A 1×1 PNG for the identity photos.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Identity verified through the API: the signed-in trader submits, the operator approves (§6: futures need it); `origin` for another server than the suite's. */
export async function verifyIdentity(page: Page, email: string, origin = ''): Promise<void> {
  const token = await tokenOf(page);
  await call(page, `${origin}/api/identity/submit`, { name: 'Ada Futures', id_number: 'X1234567', front: PNG, back: PNG }, token);
  const operator = await call<{ token: string }>(page, `${origin}/api/operator/login`, OPERATOR);
  const queue = await call<Array<{ id: number; account: string }>>(page, `${origin}/api/operator/kyc/list`, {}, operator.token);
  const mine = queue.find((s) => s.account === email)!;
  await call(page, `${origin}/api/operator/kyc/approve`, { id: mine.id }, operator.token);
}
