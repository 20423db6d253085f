import { expect, type Page } from '@playwright/test';

/** The signed-in page's session token (the spec keeps it in localStorage). */
export async function tokenOf(page: Page): Promise<string> {
  return JSON.parse((await page.evaluate(() => window.localStorage.getItem('token')))!) as string;
}

/** One API call from the page's context; the answer must be body code 200. */
export async function call<T>(page: Page, path: string, body: object, token?: string): Promise<T> {
  const response = await page.request.post(path, { data: body, headers: token ? { token } : {} });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  expect(envelope.code, envelope.msg).toBe(200);
  return envelope.data;
}

/** A simulated USDT deposit to spot, waited for, then moved to `account` (a product's own account). */
export async function fundAccount(page: Page, account: 'sec_contract' | 'ico' | 'contract' | 'legal', quantity: string): Promise<void> {
  const token = await tokenOf(page);
  const { address } = await call<{ address: string }>(page, '/api/wallet/deposit_address', { currency: 'USDT', network: 'TRC20' }, token);
  await call(page, '/api/chain/simulate_deposit', { address, currency: 'USDT', network: 'TRC20', quantity });
  await expect
    .poll(async () => (await call<Array<{ currency: string; available: string }>>(page, '/api/wallet/balances', { account: 'spot' }, token)).find((r) => r.currency === 'USDT')?.available ?? '0', {
      timeout: 60_000,
      intervals: [500],
    })
    .toBe(quantity);
  await call(page, '/api/wallet/transfer', { currency: 'USDT', from: 'spot', to: account, quantity }, token);
}
