import { randomUUID } from 'node:crypto';
import { outboxMessages } from '../server/outbox.js';

export interface Answer<T> {
  code: number;
  msg: string;
  data: T;
}

/** One call of docs/API.md, as the browser makes it (envelope, token, lang, idempotency key). */
export async function call<T = unknown>(
  url: string,
  path: string,
  body: object = {},
  options: { token?: string; key?: string; lang?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', lang: options.lang ?? 'en_US' };
  if (options.token) headers.token = options.token;
  if (options.key) headers['idempotency-key'] = options.key;
  const response = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as Answer<T>;
}

export async function mustCall<T = unknown>(url: string, path: string, body: object = {}, options: { token?: string; key?: string } = {}): Promise<T> {
  const answer = await call<T>(url, path, body, options);
  if (answer.code !== 200) throw new Error(`${path} ${JSON.stringify(body)}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

export const PASSWORD = 'Quartz-Heron-2026';
export const FUNDS_PASSWORD = 'Velvet-Lynx-2026';

/** Registers an account through the API, reading the code from the server's outbox. */
export async function registerUser(url: string, dataDir: string, account: string): Promise<string> {
  await mustCall(url, '/api/send_code', { account, purpose: 'register' });
  const code = outboxMessages<{ to: string; code: string }>(dataDir)
    .filter((m) => m.to === account)
    .at(-1)!.code;
  const { token } = await mustCall<{ token: string }>(url, '/api/register_next', {
    account,
    code,
    password: PASSWORD,
    password_repeat: PASSWORD,
    funds_password: FUNDS_PASSWORD,
    funds_password_repeat: FUNDS_PASSWORD,
    invitation_code: 'OPENEX',
    agree: true,
  });
  return token;
}

/** The newest code the server wrote to its outbox for `account` (and `purpose`, if given). */
export function outboxCode(dataDir: string, account: string, purpose?: string): string | undefined {
  return outboxMessages<{ to: string; code: string; purpose?: string }>(dataDir)
    .filter((m) => m.to === account && (purpose === undefined || m.purpose === purpose))
    .at(-1)?.code;
}

/**
 * Changes the trader's funds password through the user centre (an emailed code): a security
 * change, so their withdrawals are locked for 24 hours (docs/API.md "Account safety").
 */
export async function changeFundsPassword(url: string, dataDir: string, trader: { account: string; token: string }, password: string): Promise<void> {
  await mustCall(url, '/api/user/send_code', { purpose: 'change_funds_pwd', to: 'current' }, { token: trader.token });
  const code = outboxCode(dataDir, trader.account, 'change_funds_pwd');
  await mustCall(url, '/api/user/funds_pwd', { code, password, password_repeat: password }, { token: trader.token });
}

export const newKey = () => randomUUID().replaceAll('-', '');
