import { expect, type Page } from '@playwright/test';
import { codeFor } from './outbox';

export const TEST_PASSWORD = 'Trader2026!';
export const TEST_FUNDS_PASSWORD = 'Funds2026!';

/**
 * Registers a new account through the English pages, with the code from the outbox; ends signed in
 * on /home. `server`: another server than the suite's (its origin and data directory).
 */
export async function registerThroughUi(page: Page, email: string, server: { origin: string; dataDir: string } = { origin: '', dataDir: process.env.E2E_DATA_DIR! }): Promise<void> {
  await page.goto(`${server.origin}/reg`);
  await page.getByLabel(/Email or phone/).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel(/Verification code/).fill(await codeFor(email, 'register', server.dataDir));
  await page.getByRole('button', { name: /^Next$/ }).click();
  // The code is checked by the server first: on a loaded CI machine that took over 10 s once.
  await expect(page).toHaveURL(/\/reg-next$/, { timeout: 30_000 });
  await page.getByLabel('Login password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Repeat the password').fill(TEST_PASSWORD);
  await page.getByLabel('Funds password', { exact: true }).fill(TEST_FUNDS_PASSWORD);
  await page.getByLabel('Repeat the funds password').fill(TEST_FUNDS_PASSWORD);
  await page.getByLabel('Invitation code').fill('OPENEX');
  // The strength meters and field checks settle as the password module loads; on a busy machine
  // the form can still move under the pointer, so the click is repeated until the box is ticked.
  const agree = page.getByRole('checkbox');
  await expect(async () => {
    // A click that landed on the agreement's link opened it: close it first.
    if (await page.getByRole('dialog').isVisible()) await page.keyboard.press('Escape');
    if (!(await agree.isChecked())) await agree.check({ timeout: 2_000 });
    await expect(agree).toBeChecked({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  // As with the box above: a press that missed is pressed again (a second that lands is held by the 2 s guard).
  await expect(async () => {
    if (/\/reg-next$/.test(page.url())) await page.getByRole('button', { name: 'Create account' }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/home$/, { timeout: 4_000 });
  }).toPass({ timeout: 30_000 });
}
