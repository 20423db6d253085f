import { describe, expect, it } from 'vitest';
import { SAFETY_PATHS } from '../../../../domain/accountSafety.js';
import { API_KEY_PATHS } from '../../../../domain/apiKeys.js';
import { TWO_FACTOR_PATHS } from '../../../../domain/twoFactor.js';
import { WALLET_PATHS } from '../../../../domain/wallet.js';
import { WITHDRAWAL_LOCK_MS } from '../../../../server/kernel/platform/auth/withdrawalLock.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { readBalance } from '../../../../server/kernel/platform/ledger/ledger.js';
import { expectRefusal, type Answer } from '../../http.js';
import { ADDRESS, useTwoFactorWorld, type Trader } from '../../support/twoFactorHarness.js';
import { FUNDS_PASSWORD } from '../../wallet/harness.js';

/**
 * docs/API.md "What each action asks": every action the 2FA code protects, with 2FA on, tried four
 * ways — without the code, with a wrong one, with a code already used once (by another protected
 * action, within its 30-second step), and with a fresh one. The first three are refused, translated,
 * and change nothing the action would change; the fourth goes through. The kernel's one check
 * (kernel/platform/auth/twoFactor.ts requireSecondFactor) is what each route calls today: a route
 * that checks a code its own way, or not at all, fails here.
 */
const w = useTwoFactorWorld();
const { t } = w;
const EN = MESSAGES.en_US;
const NEW_PASSWORD = 'Renewed-Kite-2026';
let tries = 0;

interface Protected {
  name: string;
  /** The field the code goes in. */
  field?: string;
  /** What the action needs besides the code (codes emailed, a mode on, funds), answering its body. */
  arrange(who: Trader): Promise<object>;
  send(who: Trader, body: object): Promise<Answer<unknown>>;
  /** What the action changes, read back. */
  state(who: Trader): Promise<unknown>;
}

const row = async (who: Trader, columns: string) => (await t.db.query(`select ${columns} from app_user where id = $1`, [who.id]))[0];
const count = async (table: string, who: Trader) => Number((await t.db.query<{ n: number }>(`select count(*)::int as n from ${table} where user_id = $1`, [who.id]))[0]!.n);

/** Has the route send its code to `to` and answers it. */
async function emailed(who: Trader, purpose: string, to: 'current' | 'new', account?: string): Promise<string> {
  const before = w.outbox.length;
  expect((await w.call(who, '/api/user/send_code', { purpose, to, ...(account ? { account } : {}) })).body.code).toBe(200);
  return w.outbox.slice(before).find((m) => m.purpose === purpose)!.code;
}

const userCentre = (path: string) => (who: Trader, body: object) => w.call(who, path, body);

const ACTIONS: Protected[] = [
  {
    name: 'login password change',
    async arrange(who) {
      return { code: await emailed(who, 'change_login_pwd', 'current'), password: NEW_PASSWORD, password_repeat: NEW_PASSWORD };
    },
    send: userCentre('/api/user/login_pwd'),
    state: (who) => row(who, 'password_hash, withdrawals_locked_until_ms'),
  },
  {
    name: 'funds password change',
    async arrange(who) {
      return { code: await emailed(who, 'change_funds_pwd', 'current'), password: NEW_PASSWORD, password_repeat: NEW_PASSWORD };
    },
    send: userCentre('/api/user/funds_pwd'),
    state: (who) => row(who, 'funds_password_hash, withdrawals_locked_until_ms'),
  },
  {
    name: 'email change',
    async arrange(who) {
      const next = `next-${who.id}@example.org`;
      return { code: await emailed(who, 'change_email', 'current'), account: next, new_code: await emailed(who, 'change_email', 'new', next) };
    },
    send: userCentre('/api/user/email'),
    state: (who) => row(who, 'account, email, withdrawals_locked_until_ms'),
  },
  {
    name: '2FA off',
    field: 'code',
    arrange: async () => ({}),
    send: userCentre(TWO_FACTOR_PATHS.disable),
    state: async (who) => (await t.db.query('select enabled from user_two_factor where user_id = $1', [who.id]))[0],
  },
  {
    name: 'allowlist mode off',
    async arrange(who) {
      await t.db.query('update app_user set withdrawal_allowlist = true where id = $1', [who.id]);
      return { enabled: false };
    },
    send: userCentre(SAFETY_PATHS.allowlist),
    state: (who) => row(who, 'withdrawal_allowlist, withdrawals_locked_until_ms'),
  },
  {
    name: 'anti-phishing code',
    arrange: async () => ({ code: 'Blue Otter' }),
    send: userCentre('/api/user/anti_phishing_set'),
    state: (who) => row(who, 'anti_phishing'),
  },
  {
    name: 'withdrawal address',
    arrange: async () => ({ currency: 'USDT', network: 'TRC20', address: ADDRESS, note: 'cold wallet' }),
    send: userCentre('/api/user/address_add'),
    state: (who) => count('withdrawal_address', who),
  },
  {
    name: 'API key',
    arrange: async () => ({ label: 'bot', permissions: ['read', 'trade'], ip_allowlist: [] }),
    send: userCentre(API_KEY_PATHS.create),
    state: (who) => count('api_key', who),
  },
  {
    name: 'withdrawal',
    async arrange(who) {
      await t.fund(who, 'USDT', '100', 'TRC20');
      // Past the lock that turning 2FA on started.
      t.advance(WITHDRAWAL_LOCK_MS + 1);
      return { currency: 'USDT', network: 'TRC20', address: ADDRESS, quantity: '20', funds_password: FUNDS_PASSWORD };
    },
    // A key of its own per try: a repeat must be refused for its code, not answered from the first.
    send: (who, body) => t.post(who, WALLET_PATHS.withdraw, body, { 'idempotency-key': `guards-2fa-${who.id}-${++tries}` }),
    state: async (who) => [await count('withdrawal', who), await readBalance(t.db, who.id, 'USDT', 'spot')],
  },
];

/** Uses up the code on another protected action: the anti-phishing code (the address book for the anti-phishing row itself). */
async function useElsewhere(who: Trader, action: Protected, code: string): Promise<void> {
  const [path, body] =
    action.name === 'anti-phishing code' ? ['/api/user/address_add', { currency: 'USDT', network: 'TRC20', address: ADDRESS, note: 'priming' }] : ['/api/user/anti_phishing_set', { code: 'Priming Code' }];
  expect((await w.call(who, path, { ...body, totp_code: code })).body.code).toBe(200);
}

describe.each(ACTIONS)('$name with 2FA on', (action) => {
  it('refuses no code, a wrong code and a code used once already, changing nothing; takes a fresh code', async () => {
    const who = await w.trader();
    await w.enrol(who);
    const body = await action.arrange(who);
    const field = action.field ?? 'totp_code';
    const before = await action.state(who);

    // Without it: the kernel's "enter the code" (2FA off's required field: the schema's own refusal).
    expectRefusal(await action.send(who, body), 400, field === 'totp_code' ? EN.twoFactorRequired : undefined);
    w.nextStep();
    expectRefusal(await action.send(who, { ...body, [field]: w.wrongCode(who) }), 400, EN.twoFactorWrong);
    const used = w.codeAt(who.secret, w.nextStep());
    await useElsewhere(who, action, used);
    expectRefusal(await action.send(who, { ...body, [field]: used }), 400, EN.twoFactorWrong);
    expect(await action.state(who)).toEqual(before);

    const fresh = await action.send(who, { ...body, [field]: w.codeAt(who.secret, w.nextStep()) });
    expect(fresh.body.code, fresh.body.msg).toBe(200);
    expect(await action.state(who)).not.toEqual(before);
  });
});
