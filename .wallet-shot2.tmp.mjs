import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const base = 'http://127.0.0.1:8197';
const email = `shots2-${Date.now()}@example.org`;
const code = async () => {
  for (let i = 0; i < 50; i++) {
    try {
      const lines = readFileSync('/tmp/wallet-data/outbox.jsonl', 'utf8').trim().split('\n').map((l) => JSON.parse(l)).filter((m) => m.to === email);
      if (lines.length) return lines.at(-1).code;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('no code');
};
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
page.setDefaultTimeout(60000);
await page.goto(base + '/reg');
await page.getByLabel(/Email or phone/).fill(email);
await page.getByRole('button', { name: 'Send code' }).click();
await page.getByLabel(/Verification code/).fill(await code());
await page.getByRole('button', { name: /^Next$/ }).click();
await page.waitForURL(/reg-next/);
await page.getByLabel('Login password', { exact: true }).fill('Trader2026');
await page.getByLabel('Repeat the password').fill('Trader2026');
await page.getByLabel('Fund password', { exact: true }).fill('Funds2026');
await page.getByLabel('Repeat the fund password').fill('Funds2026');
await page.getByLabel('Invitation code').fill('OPENEX');
await page.getByRole('checkbox').check();
await page.getByRole('button', { name: 'Create account' }).click();
await page.waitForURL(/home/);
await page.goto(base + '/wallet/recharge/USDT');
await page.waitForFunction(() => /^T/.test(document.querySelector('[data-testid=deposit-address]')?.textContent ?? ''));
const addr = await page.getByTestId('deposit-address').textContent();
await page.request.post(base + '/api/chain/simulate_deposit', { data: { address: addr, currency: 'USDT', network: 'TRC20', quantity: '640' } });
await page.waitForTimeout(4500);
await page.screenshot({ path: '/tmp/shot-deposit2.png', fullPage: false });
await page.waitForTimeout(3000);
await page.goto(base + '/wallet/cash/USDT');
await page.getByLabel('Withdrawal address').fill('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
await page.getByLabel('Quantity to receive').fill('42.5');
await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/shot-withdraw2.png', fullPage: false });
await browser.close();
