import { expect, test } from '@playwright/test';

/**
 * Issue 11, item 6: the Content Security Policy lets the whole product run (styled-components'
 * runtime styles, the chart canvas, socket.io) and stops a script injected into the page, which
 * could otherwise read the session token from localStorage.
 */
test('the pages run under the CSP without a single violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ['/home', '/markets/kline/btc_usdt', '/register', '/login']) {
    const answer = await page.goto(path);
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(answer?.headers()['x-frame-options']).toBe('DENY');
  }
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.goto('/markets/kline/btc_usdt');
  await expect(page.getByText('Live')).toBeVisible();
  expect(violations).toEqual([]);
});

test('an injected inline script does not run', async ({ page }) => {
  await page.goto('/home');
  const outcome = await page.evaluate(
    () =>
      new Promise<{ ran: boolean; blocked: string }>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve({ ran: 'pwned' in window, blocked: event.violatedDirective }), { once: true });
        const script = document.createElement('script');
        script.textContent = 'window.pwned = localStorage.getItem("token")';
        document.body.append(script);
      }),
  );
  expect(outcome).toEqual({ ran: false, blocked: 'script-src-elem' });
});
