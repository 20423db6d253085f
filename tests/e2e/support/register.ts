import { expect, type Page } from '@playwright/test';
import { codeFor } from './outbox';

export const TEST_PASSWORD = 'Trader2026!';
export const TEST_FUNDS_PASSWORD = 'Funds2026!';

/**
 * A new account made through the API, for the tests whose subject is not registration (its pages
 * are accounts.spec.ts's). Signing up through the pages cost each of those tests about 4.4 CPU-s of
 * browser (the cold sign-up page 1.6 s, the password meters' dictionaries 1.3 s, /home), measured
 * with the browser's process counters; the API and one storage page cost about 0.3 s, on a 2-core CI
 * machine where browser CPU is what the suite waits for. The session is stored as the app stores it
 * (spec §3: `token`, `user_info`) on a page of the origin that runs no app; then `open` (/home by
 * default) is opened, or, with `open: false`, nothing: the caller's next step is its own `goto`.
 */
export async function signUp(page: Page, email: string, options: { server?: { origin: string; dataDir: string }; open?: string | false } = {}): Promise<void> {
  const server = options.server ?? { origin: '', dataDir: process.env.E2E_DATA_DIR! };
  const post = async <T>(path: string, data: object): Promise<T> => {
    const envelope = (await (await page.request.post(`${server.origin}${path}`, { data })).json()) as { code: number; msg: string; data: T };
    expect(envelope.code, `${path}: ${envelope.msg}`).toBe(200);
    return envelope.data;
  };
  // Codes are limited per client address (20 a minute, README), and every test signs up from
  // 127.0.0.1: a burst of sign-ups across the workers is told to wait a moment, and waits.
  for (let attempt = 1; ; attempt++) {
    const sent = (await (await page.request.post(`${server.origin}/api/send_code`, { data: { account: email, purpose: 'register' } })).json()) as { code: number; msg: string };
    if (sent.code !== 429 || attempt >= 40) {
      expect(sent.code, `/api/send_code: ${sent.msg}`).toBe(200);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
  const code = await codeFor(email, 'register', server.dataDir);
  const grant = await post<{ token: string; user_info: unknown }>('/api/register_next', {
    account: email,
    code,
    password: TEST_PASSWORD,
    password_repeat: TEST_PASSWORD,
    funds_password: TEST_FUNDS_PASSWORD,
    funds_password_repeat: TEST_FUNDS_PASSWORD,
    invitation_code: 'OPENEX',
    agree: true,
  });
  // A missing asset answers a small JSON 404 at the origin without the app: its storage, no script.
  await page.goto(`${server.origin}/assets/signed-up.txt`);
  await page.evaluate((g) => {
    window.localStorage.setItem('token', JSON.stringify(g.token));
    window.localStorage.setItem('user_info', JSON.stringify(g.user_info));
  }, grant);
  const open = options.open ?? '/home';
  if (open !== false) await page.goto(`${server.origin}${open}`);
}
