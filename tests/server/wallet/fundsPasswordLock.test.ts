import { describe, expect, it } from 'vitest';
import { WALLET_PATHS, type WithdrawalRecord } from '../../../domain/wallet.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from '../http.js';
import { FUNDS_PASSWORD, useWallet, type TestUser } from './harness.js';

const EN = MESSAGES.en_US;
const MINUTE = 60_000;
const t = useWallet();
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
let keys = 0;
const withdraw = (user: TestUser, password: string, headers: Record<string, string> = {}) =>
  t.call<WithdrawalRecord>(
    { ...user.headers, ...headers },
    WALLET_PATHS.withdraw,
    { currency: 'USDT', network: 'TRC20', address: ADDRESS, quantity: '20', funds_password: password },
    `lock-key-${++keys}`,
  );
const locked = (lang: keyof typeof MESSAGES, minutes: number) => MESSAGES[lang].walletFundsPasswordLocked.replace('{minutes}', String(minutes));
/** "Incorrect funds password. Attempts left before a lock: n": the count goes down with each wrong guess. */
const wrong = (attemptsLeft: number) => EN.walletFundsPasswordWrong.replace('{attempts}', String(attemptsLeft));
const wrongTimes = async (user: TestUser, n: number) => {
  for (let i = 0; i < n; i++) expectRefusal(await withdraw(user, `wrong-guess-${i}`), 400, wrong(4 - i));
};

async function nothingHappened(user: TestUser) {
  expect(await t.balance(user, 'USDT')).toEqual({ available: '100', frozen: '0' });
  expect(await t.db.query('select 1 from withdrawal where user_id = $1', [user.id])).toEqual([]);
  expect(await t.db.query('select 1 from idempotency_key where user_id = $1', [user.id])).toEqual([]);
}

describe('funds-password lockout', () => {
  it('locks withdrawals for 15 minutes after 5 wrong funds passwords, even for the right one, freezing nothing', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '100');
    await wrongTimes(user, 4);
    // The fifth wrong one locks, and says so.
    expectRefusal(await withdraw(user, 'wrong-guess-5'), 400, locked('en_US', 15));
    expectRefusal(await withdraw(user, FUNDS_PASSWORD, { lang: 'de_DE' }), 400, locked('de_DE', 15));
    expect(locked('de_DE', 15)).toContain('15');
    await nothingHappened(user);

    // The message counts down with the (injected) clock.
    t.advance(7 * MINUTE + 30_000);
    expectRefusal(await withdraw(user, FUNDS_PASSWORD, { lang: 'ja_JP' }), 400, locked('ja_JP', 8));
    t.advance(7 * MINUTE);
    expectRefusal(await withdraw(user, FUNDS_PASSWORD), 400, locked('en_US', 1));
    await nothingHappened(user);

    t.advance(30_000);
    expect(expectOk(await withdraw(user, FUNDS_PASSWORD)).status).toBe(1);
    expect(await t.balance(user, 'USDT')).toEqual({ available: '79', frozen: '21' });
  });

  it('a right password resets the count; wrong ones far apart do not add up', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '100');
    await wrongTimes(user, 4);
    expectOk(await withdraw(user, FUNDS_PASSWORD));
    await wrongTimes(user, 4);
    expectOk(await withdraw(user, FUNDS_PASSWORD));

    await wrongTimes(user, 4);
    t.advance(16 * MINUTE);
    await wrongTimes(user, 4);
    expectOk(await withdraw(user, FUNDS_PASSWORD));
  });

  it('counts per user, leaves login alone, and many guesses at once cannot slip past the limit', async () => {
    const user = await t.newUser();
    const bystander = await t.newUser();
    await t.fund(user, 'USDT', '100');
    await t.fund(bystander, 'USDT', '100');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => withdraw(user, `parallel-guess-${i}`)));
    expect(answers.every((a) => a.body.code === 400)).toBe(true);
    // Checked one after another: four wrong, the fifth locks, the rest are refused unchecked.
    expect(answers.filter((a) => a.body.msg.startsWith(EN.walletFundsPasswordWrong.split('{')[0]!))).toHaveLength(4);
    // Each wrong guess counted down once (the requests may reach the server in any order).
    expect(answers.map((a) => a.body.msg).filter((m) => m !== locked('en_US', 15)).sort()).toEqual([wrong(1), wrong(2), wrong(3), wrong(4)]);
    expect(answers.filter((a) => a.body.msg === locked('en_US', 15))).toHaveLength(8);
    expectRefusal(await withdraw(user, FUNDS_PASSWORD), 400, locked('en_US', 15));
    await nothingHappened(user);
    expectOk(await withdraw(bystander, FUNDS_PASSWORD));
    // The lock is the funds password's own: the login lockout of the account is untouched.
    const [account] = await t.db.query<{ account: string }>('select account from app_user where id = $1', [user.id]);
    expect(await t.db.query('select 1 from login_failure where account = $1', [account!.account])).toEqual([]);
    t.advance(15 * MINUTE);
  });
});
