import { expect, test, type Page } from '@playwright/test';
import { baseCatalogue } from './support/catalogue';
import { sendAndReadCode } from './support/outbox';
import { signUp } from './support/register';
import { toastDuring, toastSeen } from './support/toasts';


const de = baseCatalogue('de_DE') as unknown as Record<string, Record<string, string>>;

/** Deletes the row holding `rowText` by its Delete button, through the page's confirmation (`question`, then `confirm`); the `done` notice shows and the row is gone. */
async function deleteRow(page: Page, rowText: string, say: { question: string; confirm: string; done: string }): Promise<void> {
  const row = page.getByRole('row').filter({ hasText: rowText });
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText(say.question);
  await toastDuring(page, say.done, () => page.getByRole('dialog').getByRole('button', { name: say.confirm }).click());
  await expect(row).toHaveCount(0);
}

test('a new user edits settings, keeps an address book and collection methods, and changes the login password', async ({ page }) => {
  test.setTimeout(90_000); // one long journey through five pages
  const email = `e2e-set-${Date.now()}@example.org`;
  await signUp(page, email);

  // Nickname (/user/c-set), seen again on the personal info page.
  await page.goto('/user/c-set');
  await page.getByLabel('Nickname').fill('  Satoshi  ');
  await toastDuring(page, 'Saved', () => page.getByRole('button', { name: 'Save' }).click());
  // Saved and re-read through the session: the field now holds the trimmed name.
  await expect(page.getByLabel('Nickname')).toHaveValue('Satoshi');
  await page.goto('/user/user');
  await expect(page.getByRole('main').getByText('Satoshi', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText(email).first()).toBeVisible();

  // Withdrawal address, in German: a 3-character note is refused with the translated rule.
  await page.goto('/user/c-set');
  await page.getByLabel('Display language').selectOption('de_DE');
  await page.goto('/user/c-symAddr');
  // Sent empty, the network's error is said under it; the currency select beside it keeps its own height (a UI audit: it stretched to match).
  await page.getByRole('button', { name: de.addresses!.add! }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  const heights = await Promise.all([de.col!.currency!, de.col!.network!].map(async (label) => (await page.getByLabel(label, { exact: true }).boundingBox())!.height));
  expect(Math.abs(heights[0]! - heights[1]!), `currency ${heights[0]} px, network ${heights[1]} px`).toBeLessThanOrEqual(1);
  await page.getByLabel(de.col!.network!).selectOption('TRC20'); // A select of the currency's networks (issue 50 M12)
  await page.getByLabel(de.col!.address!, { exact: true }).fill('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
  await page.getByLabel(de.addresses!.noteLabel!).fill('abc');
  await page.getByRole('button', { name: de.addresses!.add! }).click();
  await expect(page.getByRole('alert').filter({ hasText: de.addresses!.noteLength! })).toBeVisible();
  await page.getByLabel(de.addresses!.noteLabel!).fill('abcd');
  await toastDuring(page, de.addresses!.added!, () => page.getByRole('button', { name: de.addresses!.add! }).click());
  const row = page.getByRole('row').filter({ hasText: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' });
  await expect(row).toContainText('abcd');
  // Back to English for the rest.
  await page.goto('/user/c-set');
  await page.getByLabel(de.settings!.language!).selectOption('en_US');
  await page.goto('/user/c-symAddr');
  await page.getByRole('row').filter({ hasText: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Keep address' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' })).toBeVisible();
  await deleteRow(page, 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', { question: 'Delete this withdrawal address?', confirm: 'Delete address', done: 'Address deleted' });

  // Collection method: add, edit, delete with confirmation.
  await page.goto('/user/addCollAddr');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter the real name' })).toBeVisible();
  await page.getByLabel('Real name').fill('Ada Lovelace');
  await page.getByLabel('Card or account number').fill('6222 0000 1111 2222');
  await page.getByLabel('Bank name').fill('First Test Bank');
  await toastDuring(page, 'Collection method added', () => page.getByRole('button', { name: 'Save' }).click());
  await expect(page).toHaveURL(/\/user\/c-collAddr$/);
  await page.getByRole('row').filter({ hasText: 'Ada Lovelace' }).getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/user\/editCollAddr\/\d+$/);
  await expect(page.getByLabel('Bank name')).toHaveValue('First Test Bank');
  await page.getByLabel('Bank name').fill('Second Test Bank');
  await toastDuring(page, 'Collection method edited', () => page.getByRole('button', { name: 'Save' }).click());
  await expect(page).toHaveURL(/\/user\/c-collAddr$/);
  await expect(page.getByRole('row').filter({ hasText: 'Ada Lovelace' })).toContainText('Second Test Bank');
  await deleteRow(page, 'Ada Lovelace', { question: 'Delete this collection method?', confirm: 'Delete method', done: 'Collection method deleted' });

  // Login password: a code to the account, the new password twice, then log in again with it.
  await page.goto('/user/s-loginpwd');
  await page.getByLabel('Code sent to your account').fill(await sendAndReadCode(page.getByRole('button', { name: 'Send code' }), email, 'change_login_pwd'));
  await expect(page.getByRole('button', { name: /Resend in/ })).toBeVisible();
  await page.getByLabel('New login password').fill('Fresh2026x');
  await page.getByLabel('Repeat the password').fill('Fresh2026x');
  // 2FA is off for this trader, and the page knows it: no authenticator code is offered.
  await expect(page.getByLabel('Authenticator code (if 2FA is on)')).toHaveCount(0);
  // A press right after the fields are filled, while the strength library still loads for the first
  // time in this browser context, can come to nothing (seen since sign-up stopped loading the library
  // earlier; the cause is not yet found, see issue 55's notes): pressed again until the page moves on
  // (a second press that lands is held by the 2 s guard).
  // The error toast shows for 1.2 s (spec §9): watched at every frame from before the first press.
  const loginAgain = toastSeen(page, 'Changed; please log in again', { role: 'alert', timeout: 40_000 });
  await expect(async () => {
    if (/\/user\/s-loginpwd$/.test(page.url())) await page.getByRole('button', { name: 'Confirm change' }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/login$/, { timeout: 4_000 });
  }).toPass({ timeout: 20_000 });
  await loginAgain;
  await page.getByLabel('Email or phone').fill(email);
  await page.getByLabel('Login password').fill('Trader2026!');
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong account or password' })).toBeVisible();
  await page.waitForTimeout(2100);
  await page.getByLabel('Login password').fill('Fresh2026x');
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('trading alerts by email: switched off in French, still off after a reload, and on again', async ({ page }) => {
  const fr = baseCatalogue('fr_FR') as unknown as Record<string, Record<string, string>>;
  await signUp(page, `e2e-notice-${Date.now()}@example.org`);
  await page.goto('/user/c-set');
  await page.getByLabel('Display language').selectOption('fr_FR');
  const toggle = page.getByRole('switch', { name: fr.noticeSettings!.tradingEmails! });
  await expect(toggle).toBeChecked();
  await toastDuring(page, fr.noticeSettings!.saved!, () => toggle.click());
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: fr.noticeSettings!.tradingEmails! })).not.toBeChecked();
  await page.getByRole('switch', { name: fr.noticeSettings!.tradingEmails! }).click();
  await expect(page.getByRole('switch', { name: fr.noticeSettings!.tradingEmails! })).toBeChecked();
});
