import { describe, expect, it } from 'vitest';
import { WALLET_PATHS } from '../../../../domain/wallet.js';
import { FUNDS_PASSWORD_CLIENT_MAX_FAILURES, FUNDS_PASSWORD_MAX_FAILURES, requireFundsPassword } from '../../../../server/kernel/platform/auth/outflow/fundsPassword.js';
import type { Queryable } from '../../../../server/kernel/platform/db/database.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { Refusal } from '../../../../server/kernel/platform/outcome.js';
import { call, expectOk, expectRefusal, type Answer } from '../../http.js';
import { FUNDS_PASSWORD, useWallet, type TestUser } from '../../wallet/harness.js';

/**
 * The funds password (withdrawals, P2P) had a limit per user — 5 wrong in a row lock that user's
 * checks for 15 minutes — and none per address: one address holding many sessions (stolen, or its
 * own accounts) tried 4 guesses on each account in turn, forever. Sign-ins have a per-address
 * budget (kernel/platform/http/rateLimit.ts, loginThrottle.ts); now the funds password has one too:
 * FUNDS_PASSWORD_CLIENT_MAX_FAILURES wrong ones from an address, whichever accounts, lock that
 * address out of every funds-password check for 15 minutes, with its own translated refusal.
 */
const t = useWallet();
const EN = MESSAGES.en_US;
const MINUTE = 60_000;
let addresses = 0;
const newAddress = () => `198.51.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const check = (user: TestUser, password: string, from: string, lang = 'en_US'): Promise<Answer<{ ok: true }>> =>
  call(t.app, { method: 'POST', url: WALLET_PATHS.checkFundsPassword, remoteAddress: from, headers: { ...user.headers, lang }, payload: { funds_password: password } });

const hereLocked = (lang: keyof typeof MESSAGES, minutes: number) => MESSAGES[lang].fundsPasswordTooManyHere.replace('{minutes}', String(minutes));
const isWrong = (a: Answer<unknown>) => a.body.msg.startsWith(EN.walletFundsPasswordWrong.split('{')[0]!);

/** Users enough to spend an address's budget 4 guesses each, none reaching their own lock. */
async function users(n: number): Promise<TestUser[]> {
  return Promise.all(Array.from({ length: n }, () => t.newUser()));
}

describe('the funds password per client address', () => {
  it('locks an address out after its budget of wrong guesses across accounts, each below its own limit; other addresses are untouched', async () => {
    const from = newAddress();
    const per = FUNDS_PASSWORD_MAX_FAILURES - 1;
    const victims = await users(Math.ceil(FUNDS_PASSWORD_CLIENT_MAX_FAILURES / per) + 1);
    const answers: Array<Answer<unknown>> = [];
    for (const victim of victims) {
      for (let i = 0; i < per && answers.length < FUNDS_PASSWORD_CLIENT_MAX_FAILURES; i++) answers.push(await check(victim, `guess-${victim.id}-${i}`, from));
    }
    // Every guess but the last is told "incorrect" (no account reached its own lock); the last spends the budget.
    expect(answers.slice(0, -1).every(isWrong)).toBe(true);
    expectRefusal(answers.at(-1)!, 400, hereLocked('en_US', 15));
    // From that address nothing is checked now, the right password of an untouched account neither; translated.
    const untouched = victims.at(-1)!;
    expectRefusal(await check(untouched, FUNDS_PASSWORD, from, 'de_DE'), 400, hereLocked('de_DE', 15));
    expect(hereLocked('de_DE', 15)).not.toBe(hereLocked('en_US', 15));
    // The owners elsewhere are not locked: their count is their own.
    const elsewhere = newAddress();
    for (const victim of victims) expectOk(await check(victim, FUNDS_PASSWORD, elsewhere));
    // It counts down with the clock, and ends.
    t.advance(10 * MINUTE);
    expectRefusal(await check(untouched, FUNDS_PASSWORD, from), 400, hereLocked('en_US', 5));
    t.advance(5 * MINUTE);
    expectOk(await check(untouched, FUNDS_PASSWORD, from));
  }, 60_000);

  it('guesses sent at once on many accounts cannot slip past the budget together', async () => {
    const from = newAddress();
    const victims = await users(FUNDS_PASSWORD_CLIENT_MAX_FAILURES + 10);
    const answers = await Promise.all(victims.map((v, i) => check(v, `burst-${i}`, from)));
    expect(answers.every((a) => a.body.code === 400)).toBe(true);
    // Exactly the budget was checked: all of it wrong, the last of them locking the address.
    expect(answers.filter(isWrong)).toHaveLength(FUNDS_PASSWORD_CLIENT_MAX_FAILURES - 1);
    expect(answers.filter((a) => a.body.msg === hereLocked('en_US', 15))).toHaveLength(victims.length - (FUNDS_PASSWORD_CLIENT_MAX_FAILURES - 1));
    const [counted] = await t.db.query<{ n: number }>(`select coalesce(sum(failures), 0)::int as n from login_failure where account = any($1::text[])`, [victims.map((v) => `funds:${v.id}`)]);
    expect(Number(counted!.n)).toBe(FUNDS_PASSWORD_CLIENT_MAX_FAILURES);
    t.advance(15 * MINUTE);
  });

  it('a check that read "not locked" just before another locked the address takes nothing after the lock', async () => {
    // CI once saw 22 of a 20-guess budget checked in a burst: a check read the address's lock, another
    // then locked it (the count set to 0), and the first took its guess from a fresh count.
    const from = newAddress();
    const [first, second] = await users(2);
    await t.db.query(`insert into login_failure (account, failures, updated_at) values ($1, $2, to_timestamp($3::double precision / 1000))`, [
      `funds-client ${from}`, FUNDS_PASSWORD_CLIENT_MAX_FAILURES - 1, t.now(),
    ]);
    let locked!: () => void;
    const lockWritten = new Promise<void>((resolve) => (locked = resolve));
    // The second check's guess is taken only once the first check has written the address's lock.
    const held: Queryable = {
      async query(sql, params, options) {
        if (sql.startsWith('insert into login_failure')) await lockWritten;
        return t.db.query(sql, params, options);
      },
    };
    const watching: Queryable = {
      async query(sql, params, options) {
        const rows = await t.db.query(sql, params, options);
        if (sql.includes('locked_until = ') && params?.[0] === `funds-client ${from}`) locked();
        return rows as never;
      },
    };
    const refusal = (p: Promise<void>) => p.then(() => null, (e: unknown) => (e instanceof Refusal ? e.key : String(e)));
    const [a, b] = await Promise.all([
      refusal(requireFundsPassword(watching, first!.id, 'wrong-a', t.now(), from)),
      refusal(requireFundsPassword(held, second!.id, 'wrong-b', t.now(), from)),
    ]);
    expect(a).toBe('fundsPasswordTooManyHere');
    expect(b).toBe('fundsPasswordTooManyHere');
    const [user] = await t.db.query<{ n: number }>(`select count(*)::int as n from login_failure where account = $1`, [`funds:${second!.id}`]);
    expect(Number(user!.n)).toBe(0);
    t.advance(15 * MINUTE);
  });

  it('a right password costs the address nothing; it is the wrong ones that count', async () => {
    const from = newAddress();
    const [owner, other] = await users(2);
    // More right ones than the budget (each is a scrypt check: ~45 here, so the test gets a minute on a busy machine).
    for (let i = 0; i <= FUNDS_PASSWORD_CLIENT_MAX_FAILURES; i++) expectOk(await check(owner!, FUNDS_PASSWORD, from));
    // A right one between wrong ones starts the user's own count again (4 wrong, 1 right, …), never the address's.
    let wrong = 0;
    while (wrong < FUNDS_PASSWORD_CLIENT_MAX_FAILURES - 1) {
      expect(isWrong(await check(other!, `slow-${wrong}`, from))).toBe(true);
      if (++wrong % (FUNDS_PASSWORD_MAX_FAILURES - 1) === 0) expectOk(await check(other!, FUNDS_PASSWORD, from));
    }
    expectRefusal(await check(other!, 'the-last-one', from), 400, hereLocked('en_US', 15));
    t.advance(15 * MINUTE);
  }, 60_000);
});
