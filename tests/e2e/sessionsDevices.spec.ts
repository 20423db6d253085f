import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { useLanguage } from './support/phone';
import { clientCatalogue } from './support/catalogue';
import { sendAndReadCode } from './support/outbox';
import { outboxMessages } from '../server/outbox';
import { signUp, TEST_PASSWORD } from './support/register';
import { toastDuring } from './support/toasts';

/**
 * Issue 35, sessions and devices and the anti-phishing code, in two languages: two sessions of one
 * account in two browser contexts; the first signs the second out from its sessions list, and the
 * second's page is sent to /login at once (its socket is refused, no reload). Then the
 * anti-phishing code is set with a code emailed to the account, shown on its page, and printed
 * first in the next email.
 */
type Texts = { sessions: Record<string, string>; antiPhishing: Record<string, string>; menu: { user: Record<string, string> } };
const texts = (code: string): Texts => {
  const all = clientCatalogue(code) as unknown as Texts;
  return { sessions: all.sessions, antiPhishing: all.antiPhishing, menu: all.menu };
};
const serverText = (code: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../server/products/accounts/sessions/locales', `${code}.json`), 'utf8')) as Record<string, string>;

async function secondSession(browser: Browser, account: string): Promise<Page> {
  const page = await (await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' })).newPage();
  await page.goto('/login');
  await page.getByLabel('Email or phone').fill(account);
  await page.getByLabel('Login password').fill(TEST_PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

// Its tests share nothing (each signs up its own users): spread over the workers, so a long
// journey here does not run after its sibling at the end of the suite while the other workers idle.
test.describe.configure({ mode: 'parallel' });

// One language per browser flow since session 34 (CI time, issue 55): the flows rotate through the languages, and
// each flow's texts in the others are the view tests' and the i18n check's.
for (const lang of ['ja_JP']) {
  test(`${lang}: one session signs another out and its page goes to /login; the anti-phishing code is set and shown`, async ({ browser }) => {
    test.setTimeout(90_000);
    const t = texts(lang);
    const account = `e2e-sess-${lang.replace('_', '').toLowerCase()}-${Date.now()}@example.org`;
    const first = await (await browser.newContext()).newPage();
    await signUp(first, account);
    const second = await secondSession(browser, account);
    await second.goto('/user/user');

    await useLanguage(first, lang);
    await first.goto('/user/s-sessions');
    await expect(first.getByRole('heading', { name: t.menu.user.sessions! })).toBeVisible();
    await expect(first.getByTestId('session-current')).toContainText(t.sessions.thisOne!);
    const other = first.getByRole('row').filter({ has: first.getByTestId('session-other') });
    await expect(other).toHaveCount(1);
    await expect(other).toContainText('Firefox / Linux');
    await other.getByRole('button', { name: t.sessions.revoke! }).click();
    await toastDuring(first, t.sessions.revoked!, () => first.getByRole('dialog').getByRole('button', { name: t.sessions.signOut! }).click());
    await expect(first.getByTestId('session-other')).toHaveCount(0);

    // The other page goes to /login by itself: the server ended its socket's private channel.
    await expect(second).toHaveURL(/\/login$/);

    // The anti-phishing code: explained, refused when too short (translated), then saved with the emailed code and shown.
    await first.goto('/user/s-securityset');
    await first.getByRole('link', { name: t.antiPhishing.securityLink! }).click();
    await expect(first).toHaveURL(/\/user\/s-antiphishing$/);
    await expect(first.getByText(t.antiPhishing.what!)).toBeVisible();
    const field = first.getByLabel(t.antiPhishing.label!.replace('{{min}}', '4').replace('{{max}}', '20'));
    await field.fill('ab');
    await first.getByRole('button', { name: t.antiPhishing.save!, exact: true }).click();
    await expect(first.getByRole('alert').filter({ hasText: (t.antiPhishing as unknown as { errors: Record<string, string> }).errors.antiPhishingLength! })).toBeVisible();
    await expect(first.getByTestId('anti-phishing-current')).toHaveText(t.antiPhishing.none!);
    const phrase = lang === 'ja_JP' ? '青いカワウソ42' : 'Blue Otter 42';
    await field.fill(phrase);
    // Not with the session alone (issue 49 §4): 2FA is off, so a code emailed to the account.
    await first.getByLabel(t.antiPhishing.emailCodeLabel!, { exact: true }).fill(await sendAndReadCode(first.getByRole('button', { name: t.antiPhishing.sendCode!, exact: true }), account, 'anti_phishing'));
    await toastDuring(first, t.antiPhishing.saved!, () => first.getByRole('button', { name: t.antiPhishing.save!, exact: true }).click());
    await expect(first.getByTestId('anti-phishing-current')).toHaveText(phrase);

    // The next email shows it first, in the requester's language.
    const token = JSON.parse((await first.evaluate(() => window.localStorage.getItem('token')))!) as string;
    await first.request.post('/api/user/send_code', { data: { purpose: 'change_funds_pwd', to: 'current' }, headers: { token, lang } });
    const line = serverText(lang).antiPhishingEmailLine!.replace('{code}', phrase);
    await expect
      .poll(() => {
        const mine = outboxMessages<{ to: string; purpose: string; text?: string }>(process.env.E2E_DATA_DIR!).filter((m) => m.to === account && m.purpose === 'change_funds_pwd');
        return mine.at(-1)?.text?.split('\n')[0];
      })
      .toBe(line);
  });
}
