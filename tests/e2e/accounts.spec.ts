import { expect, test, type Page } from '@playwright/test';
import { sendAndReadCode } from './support/outbox';



async function register(page: Page, email: string, labels: { account: RegExp; send: string | RegExp; code: RegExp; next: RegExp }) {
  await page.goto('/reg');
  // The area code is asked only for a phone number (issue 50 C9).
  await page.getByLabel(labels.account).fill('13800138000');
  await expect(page.locator('input[name="area_code"]')).toBeVisible();
  await page.getByLabel(labels.account).fill(email);
  await expect(page.locator('input[name="area_code"]')).toHaveCount(0);
  await page.getByLabel(labels.code).fill(await sendAndReadCode(page.getByRole('button', { name: labels.send }), email));
  await page.getByRole('button', { name: labels.next }).click();
  // The code is checked by the server first: on a slow machine under both workers' load that took over 10 s once.
  await expect(page).toHaveURL(/\/reg-next$/, { timeout: 30_000 });
}

test('a new user registers with a code from the outbox, signs out, and logs in again', async ({ page }) => {
  const email = `e2e-${Date.now()}@example.org`;
  await register(page, email, { account: /Email or phone/, send: 'Send code', code: /Verification code/, next: /^Next$/ });
  await page.getByLabel('Login password', { exact: true }).fill('Trader2026!');
  await page.getByLabel('Repeat the password').fill('Trader2026!');
  await page.getByLabel('Funds password', { exact: true }).fill('Funds2026!');
  await page.getByLabel('Repeat the funds password').fill('Funds2026!');
  await page.getByLabel('Invitation code').fill('OPENEX');
  await page.getByRole('button', { name: 'Create account' }).click();
  // Not yet agreed: the form says so and stays.
  await expect(page.getByRole('alert').filter({ hasText: 'Please accept the user agreement' })).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await banner.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Unverified')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(banner.getByRole('link', { name: 'Log in' })).toBeVisible();

  await page.getByLabel('Email or phone').fill(email);
  await page.getByLabel('Login password').fill('Wrong2026');
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong account or password' })).toBeVisible();
  // The refusal stays in the form, not only a toast that vanishes, until the form changes (issue 50 S3);
  // the wait also passes the 2 s anti-double-submit window.
  await page.waitForTimeout(3_000);
  await expect(page.getByTestId('login-refusal')).toHaveText('Wrong account or password');
  await page.getByLabel('Login password').fill('Trader2026!');
  await expect(page.getByTestId('login-refusal')).toHaveCount(0);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(banner.getByRole('button', { name: 'Account' })).toBeVisible();
  // A signed-in user reaches the login-gated pages.
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/wallet$/);
});

test('registration speaks Japanese, including the rules of step two', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('banner').getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: /日本語/ }).click();
  const email = `trader.ja.${Date.now()}@example.org`;
  await register(page, email, { account: /メール/, send: 'コードを送信', code: /認証コード/, next: /^次へ$/ });
  // A password built on the account name: the meter and the form judge it as the server does (weak), not "strong".
  await page.getByLabel('ログインパスワード', { exact: true }).fill('Trader2026!');
  await page.getByLabel('ログインパスワード', { exact: true }).blur();
  await expect(page.getByRole('alert').filter({ hasText: 'このパスワードは推測されやすすぎます' })).toBeVisible();
  await expect(page.getByTestId('strength-password')).toHaveAttribute('data-score', /^[0-2]$/);
  await page.getByLabel('ログインパスワード', { exact: true }).fill('Velvet-Harbor-91');
  await expect(page.getByTestId('strength-password')).toHaveAttribute('data-score', /^[34]$/);
  await page.getByLabel('パスワード（確認）', { exact: true }).fill('Different2026');
  await page.getByLabel('パスワード（確認）', { exact: true }).blur();
  await expect(page.getByRole('alert').filter({ hasText: '2つのパスワードが一致しません' })).toBeVisible();
  await page.getByLabel('パスワード（確認）', { exact: true }).fill('Velvet-Harbor-91');
  await page.getByLabel('資金パスワード', { exact: true }).fill('Funds2026!');
  await page.getByLabel('資金パスワード（確認）').fill('Funds2026!');
  await page.getByLabel('招待コード').fill('openex');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'アカウントを作成' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('banner').getByRole('button', { name: 'アカウント' }).click();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('未認証')).toBeVisible();
});

test('a forgotten password is reset with a code, then the new one logs in', async ({ page }) => {
  const email = `e2e-reset-${Date.now()}@example.org`;
  await register(page, email, { account: /Email or phone/, send: 'Send code', code: /Verification code/, next: /^Next$/ });
  for (const [label, value] of [['Login password', 'Trader2026!'], ['Repeat the password', 'Trader2026!'], ['Funds password', 'Funds2026!'], ['Repeat the funds password', 'Funds2026!'], ['Invitation code', 'OPENEX']] as const) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.evaluate(() => localStorage.clear());
  await page.goto('/forget-pass');
  await page.getByLabel('Email or phone').fill(email);
  // The reset's own code (the registration's is the address's newest until it is sent), pressed again if told to wait.
  const resetCode = await sendAndReadCode(page.getByRole('main').getByRole('button', { name: 'Send code' }), email, 'reset');
  await expect(page).toHaveURL(/\/set-pass$/);
  await page.getByLabel('Verification code').fill(resetCode);
  await page.getByLabel('New login password').fill('Fresh2026x');
  await page.getByLabel('Repeat the password').fill('Fresh2026x');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email or phone').fill(email);
  await page.getByLabel('Login password').fill('Fresh2026x');
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a phone account registers with its area code and logs in with it, in German', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('banner').getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: /Deutsch/ }).click();
  const phone = `15${String(Date.now()).slice(-8)}`;
  await page.goto('/reg');
  await page.getByLabel('E-Mail oder Telefon').fill(phone);
  await page.getByLabel('Vorwahl (nur Telefon)').fill('49');
  await page.getByLabel('Bestätigungscode').fill(await sendAndReadCode(page.getByRole('button', { name: 'Code senden' }), `+49-${phone}`));
  await page.getByRole('button', { name: /^Weiter$/ }).click();
  await expect(page).toHaveURL(/\/reg-next$/);
  await page.getByLabel('Login-Passwort', { exact: true }).fill('Trader2026!');
  await page.getByLabel('Passwort wiederholen', { exact: true }).fill('Trader2026!');
  await page.getByLabel('Fondspasswort', { exact: true }).fill('Funds2026!');
  await page.getByLabel('Fondspasswort wiederholen').fill('Funds2026!');
  await page.getByLabel('Einladungscode').fill('OPENEX');
  await page.getByRole('checkbox').check();
  // On a busy machine the form can still settle under the pointer (the strength meters load): a
  // press that missed is pressed again; a second one that lands is held by the 2 s guard.
  await expect(async () => {
    if (/\/reg-next$/.test(page.url())) await page.getByRole('main').getByRole('button', { name: 'Konto erstellen' }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/home$/, { timeout: 4_000 });
  }).toPass({ timeout: 30_000 });
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Konto' }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The login form asks for the area code once the account reads as a phone number.
  await expect(page.getByLabel('Vorwahl (nur Telefon)')).toHaveCount(0);
  await page.getByLabel('E-Mail oder Telefon').fill(phone);
  await page.getByLabel('Vorwahl (nur Telefon)').fill('49');
  await page.getByLabel('Login-Passwort').fill('Trader2026!');
  await page.getByRole('main').getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(banner.getByRole('button', { name: 'Konto' })).toBeVisible();
});
