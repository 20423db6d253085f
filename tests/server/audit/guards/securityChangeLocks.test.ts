import { beforeAll, describe, expect, it } from 'vitest';
import { SAFETY_PATHS } from '../../../../domain/accountSafety.js';
import { FIAT_PATHS, type FiatAd } from '../../../../domain/fiat.js';
import { TWO_FACTOR_PATHS } from '../../../../domain/twoFactor.js';
import { WALLET_PATHS } from '../../../../domain/wallet.js';
import { hashPassword } from '../../../../server/kernel/platform/auth/passwords.js';
import { openSession } from '../../../../server/kernel/platform/auth/sessions.js';
import { newTotpSecret, totpOf } from '../../../../server/kernel/platform/auth/twoFactor.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { issueCode, type CodePurpose } from '../../../../server/products/accounts/codes.js';
import { takeAd } from '../../../../server/products/fiat/orders.js';
import { simulatedAddress } from '../../../../server/products/wallet/chain/addresses.js';
import { useFuzzApp } from '../../fuzz/fuzzApp.js';
import { expectOk, expectRefusal, post } from '../../http.js';
import { createTestUser, type TestUser } from '../../support/users.js';

/**
 * Every security change, made through its own route as the user makes it, starts the 24-hour lock,
 * and the lock holds every way crypto leaves: the wallet's withdrawal (its own wording) and P2P's
 * release and sale into a buy ad (kernel/platform/auth/outflow). The exits' own tests set the lock
 * by hand (tests/server/fiat/moneyOut.test.ts); the changes' tests each look at one exit or none:
 * here a change that stopped writing the lock, or an exit that stopped reading it, fails. On the
 * server's whole composition; a change that ends the sessions is followed by a fresh one.
 */
const t = useFuzzApp();
const EN = MESSAGES.en_US;
const LOGIN = 'Guard-login-2026';
const FUNDS = 'Guard-funds-2026';
const NEW_LOGIN = 'Renewed-Kite-2026';
const NEW_FUNDS = 'Vault-Otter-2026';
let loginHash = '';
let fundsHash = '';
beforeAll(async () => {
  [loginHash, fundsHash] = await Promise.all([hashPassword(LOGIN), hashPassword(FUNDS)]);
});

interface Party extends TestUser {
  account: string;
  method: number;
}

let made = 0;
async function party(tag: string, name?: string): Promise<Party> {
  const account = name ?? `guard-${tag}-${++made}-${process.pid}@example.org`;
  const user = await createTestUser(t.db, {
    name: account,
    email: account.includes('@'),
    verified: true,
    passwordHash: loginHash,
    fundsPasswordHash: fundsHash,
    funded: [['USDT', '5000', 'spot'], ['USDT', '5000', 'legal']],
  });
  const [m] = await t.db.query<{ id: number }>(
    `insert into collection_method (user_id, real_name, card_number, bank_name, currency) values ($1, 'Ada Lovelace', '6222 0000 1111 2222', 'Test Bank', 'USD') returning id`,
    [user.id],
  );
  return { ...user, account, method: Number(m!.id) };
}

/** A code as the account's mailbox would receive it. */
async function codeFor(target: string, purpose: CodePurpose): Promise<string> {
  let code = '';
  expect(await issueCode(t.db, { deliver: async (m) => void (code = m.code) }, target, purpose, 'en_US')).toBe('sent');
  return code;
}

async function twoFactorOn(user: Party): Promise<string> {
  const secret = newTotpSecret();
  await t.db.query(`insert into user_two_factor (user_id, secret, enabled, enabled_at) values ($1, $2, true, now())`, [user.id, secret]);
  return secret;
}

interface Change {
  name: string;
  /** Makes the change through its route; answers the funds password that is right afterwards. */
  make(victim: Party): Promise<string>;
  account?: () => string;
}

let phones = 0;
const CHANGES: Change[] = [
  {
    name: 'login password change',
    async make(v) {
      const code = await codeFor(v.account, 'change_login_pwd');
      expectOk(await post(t.app, '/api/user/login_pwd', { code, password: NEW_LOGIN, password_repeat: NEW_LOGIN }, v.headers).then(withData));
      return FUNDS;
    },
  },
  {
    name: 'password reset',
    async make(v) {
      const code = await codeFor(v.account, 'reset');
      expectOk(await post(t.app, '/api/forget_pass', { account: v.account, code, password: NEW_LOGIN, password_repeat: NEW_LOGIN }).then(withData));
      return FUNDS;
    },
  },
  {
    name: 'funds password change',
    async make(v) {
      const code = await codeFor(v.account, 'change_funds_pwd');
      expectOk(await post(t.app, '/api/user/funds_pwd', { code, password: NEW_FUNDS, password_repeat: NEW_FUNDS }, v.headers).then(withData));
      return NEW_FUNDS;
    },
  },
  {
    name: 'email change',
    async make(v) {
      const next = `moved-${v.id}@example.org`;
      const code = await codeFor(v.account, 'change_email');
      const newCode = await codeFor(next, 'change_email');
      expectOk(await post(t.app, '/api/user/email', { code, account: next, new_code: newCode }, v.headers).then(withData));
      return FUNDS;
    },
  },
  {
    name: 'phone change',
    account: () => `+86-1380013${String(++phones).padStart(4, '0')}`,
    async make(v) {
      const code = await codeFor(v.account, 'change_phone');
      const digits = `1390013${String(v.id % 10_000).padStart(4, '0')}`;
      const newCode = await codeFor(`+86-${digits}`, 'change_phone');
      expectOk(await post(t.app, '/api/user/phone', { code, account: digits, area_code: '86', new_code: newCode }, v.headers).then(withData));
      return FUNDS;
    },
  },
  {
    name: '2FA on',
    async make(v) {
      const { secret } = expectOk(await post<{ secret: string }>(t.app, TWO_FACTOR_PATHS.begin, { password: LOGIN }, v.headers));
      expectOk(await post(t.app, TWO_FACTOR_PATHS.confirm, { code: totpOf(secret).generate() }, v.headers));
      // The exits below ask a code now; the lock is refused first, so none is sent.
      return FUNDS;
    },
  },
  {
    name: '2FA off',
    async make(v) {
      const secret = await twoFactorOn(v);
      expectOk(await post(t.app, TWO_FACTOR_PATHS.disable, { code: totpOf(secret).generate() }, v.headers).then(withData));
      return FUNDS;
    },
  },
  {
    name: 'allowlist mode off',
    async make(v) {
      await t.db.query('update app_user set withdrawal_allowlist = true where id = $1', [v.id]);
      expectOk(await post(t.app, SAFETY_PATHS.allowlist, { enabled: false }, v.headers).then(withData));
      return FUNDS;
    },
  },
];

/** A refusal-free answer with `data: null` is still a success here. */
const withData = <T>(a: { status: number; body: { code: number; msg: string; data: T } }) => ({ ...a, body: { ...a.body, data: a.body.data ?? ({} as T) } });

const holdings = async (ids: number[]) =>
  JSON.stringify([
    await t.db.query(`select user_id, currency, account, trim_scale(available)::text as a, trim_scale(frozen)::text as f from balance where user_id = any($1::bigint[]) order by 1, 2, 3`, [ids]),
    await t.db.query(`select id, status from fiat_order where seller_id = any($1::bigint[]) or buyer_id = any($1::bigint[]) order by id`, [ids]),
    await t.db.query(`select id, status from withdrawal where user_id = any($1::bigint[]) order by id`, [ids]),
  ]);

describe.each(CHANGES)('$name', (change) => {
  it('starts the lock, and every exit refuses during it, moving nothing', async () => {
    const victim = await party('victim', change.account?.());
    const accomplice = await party('accomplice');
    // Arranged before the change: an order the victim sold into, paid, waiting for the release; a buy ad to sell into.
    const ad = expectOk(
      await post<FiatAd>(t.app, FIAT_PATHS.publish, { side: 'buy', crypto: 'USDT', fiat: 'USD', price_kind: 'fixed', fixed_price: '1.01', total: '1000', min_amount: '10', max_amount: '5000', terms: '', method_ids: [] }, accomplice.headers),
    );
    const order = await t.db.transaction((tx) => takeAd(tx, victim.id, { ad_id: ad.id, by: 'amount', value: '101', method_id: victim.method }, Date.now()));
    expectOk(await post(t.app, FIAT_PATHS.markPaid, { order_id: order.id }, accomplice.headers));

    const funds = await change.make(victim);
    // A change that ended the sessions: the owner (or whoever) signs in again.
    const headers = { token: await openSession(t.db, victim.id) };
    const before = await holdings([victim.id, accomplice.id]);
    const key = (name: string) => ({ ...headers, 'idempotency-key': `guard-${name}-${victim.id}` });
    const address = simulatedAddress(800_000 + victim.id, 'USDT', 'TRC20');
    const withdrawal = await post(t.app, WALLET_PATHS.withdraw, { currency: 'USDT', network: 'TRC20', address, quantity: '100', funds_password: funds }, key('withdraw'));
    expectRefusal(withdrawal, 400, /withdrawals are locked until/);
    const release = await post(t.app, FIAT_PATHS.release, { order_id: order.id, funds_password: funds }, key('release'));
    expectRefusal(release, 400);
    expect(release.body.msg.startsWith(EN.outflowLocked.split('{until}')[0]!)).toBe(true);
    const sale = await post(t.app, FIAT_PATHS.take, { ad_id: ad.id, by: 'amount', value: '101', method_id: victim.method, funds_password: funds }, key('take'));
    expect(sale.body.msg).toBe(release.body.msg);
    expect(await holdings([victim.id, accomplice.id])).toBe(before);
  });
});
