import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../server/products/accounts/accounts.js';
import { accountRoutes } from '../../server/products/accounts/routes.js';
import { ensureOperator } from '../../server/products/operator/operators.js';
import { operatorRoutes } from '../../server/products/operator/routes.js';
import { buildHttp } from '../../server/kernel/platform/http/app.js';
import { ACCOUNT_FREE_FAILURES, PAIR_LOCK_MINUTES, PAIR_MAX_FAILURES, pruneLoginFailures } from '../../server/kernel/platform/auth/loginThrottle.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import type { CodeMessage } from '../../server/products/accounts/delivery.js';
import { call, expectOk, expectRefusal, type Answer } from './http.js';
import { openTestDatabase } from './testDb.js';

/**
 * Issue 34 item 5: wrong passwords must not lock the rightful owner out. They lock the guessing
 * client out of that account, slow the account down for unknown clients only, and every sign-in
 * route is rate-limited per client by @fastify/rate-limit, the operator's included.
 */
let db: Database;
let app: FastifyInstance;
const outbox: CodeMessage[] = [];
const strong = 'Trader2026!';
const OPERATOR = { account: 'desk@openex.test', password: 'Operator2026!' };
/** Room for the lockout's guesses from one client, and not much more. */
const OPERATOR_PER_MINUTE = PAIR_MAX_FAILURES + 1;

beforeAll(async () => {
  db = await openTestDatabase();
  const service = accounts({ db, delivery: { deliver: async (m) => void outbox.push(m) }, invitationCode: 'OPENEX', phoneRegisterEnabled: async () => true });
  await ensureOperator(db, OPERATOR.account, OPERATOR.password);
  app = await buildHttp({ db, routes: [accountRoutes(db, service, { login: 1000, sendCode: 1000 }), operatorRoutes(db, { operatorLogin: OPERATOR_PER_MINUTE })] });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

/** A POST from a given client address (and browser, with the device cookie it keeps, if any), in `lang`. */
function from<T>(ip: string, url: string, payload: object, lang = 'en_US', userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0', device?: string): Promise<Answer<T>> {
  const cookie = device ? { cookie: `openex_device=${device}` } : {};
  return call<T>(app, { method: 'POST', url, payload, remoteAddress: ip, headers: { lang, 'user-agent': userAgent, ...cookie } });
}
/** The owner's browser: a user's device is its device cookie seen from a network it signed in from (issue 49 §4). */
const OWNER_DEVICE = 'owner-browser-device-id-0123456789abcdef';

async function registered(account: string): Promise<void> {
  await from('10.9.9.9', '/api/send_code', { account, purpose: 'register' });
  const code = [...outbox].reverse().find((m) => m.to === account)!.code;
  const body = { account, code, password: strong, password_repeat: strong, funds_password: 'Funds2026!', funds_password_repeat: 'Funds2026!', invitation_code: 'openex', agree: true };
  expectOk(await from('10.9.9.9', '/api/register_next', body));
}

const lockedHere = (lang: keyof typeof MESSAGES) => MESSAGES[lang].loginLockedHere.replace('{minutes}', String(PAIR_LOCK_MINUTES));

describe('user login backoff', () => {
  it('locks the guessing client out of the account, and the owner on another client still signs in', async () => {
    await registered('ivan@example.org');
    for (let i = 1; i < PAIR_MAX_FAILURES; i++) expectRefusal(await from('10.0.0.1', '/api/login', { account: 'ivan@example.org', password: 'Wrong2026!' }), 400, MESSAGES.en_US.loginFailed);
    expectRefusal(await from('10.0.0.1', '/api/login', { account: 'ivan@example.org', password: 'Wrong2026!' }), 400, lockedHere('en_US'));
    // That client waits, even with the right password, and is told so in its language.
    expectRefusal(await from('10.0.0.1', '/api/login', { account: 'ivan@example.org', password: strong }, 'de_DE'), 400, lockedHere('de_DE'));
    // The owner elsewhere is not held out.
    const grant = expectOk(await from<{ token: string }>('10.0.0.2', '/api/login', { account: 'ivan@example.org', password: strong }));
    expect(grant.token).toBeTruthy();
    // The locked client may still sign into another account.
    await registered('judy@example.org');
    expectOk(await from('10.0.0.1', '/api/login', { account: 'judy@example.org', password: strong }));
  });

  it('slows the account down for unknown clients after many guesses from many addresses, never for a device the owner used', async () => {
    await registered('kate@example.org');
    // The owner's own device, known from an earlier sign-in.
    expectOk(await from('10.1.0.200', '/api/login', { account: 'kate@example.org', password: strong }, 'en_US', undefined, OWNER_DEVICE));
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
      expectRefusal(await from(`10.1.0.${i + 1}`, '/api/login', { account: 'kate@example.org', password: 'Wrong2026!' }), 400, MESSAGES.en_US.loginFailed);
    }
    // Four guesses over that each waited out its delay (1, 2, 4, 8 s), written as the counts they
    // left rather than waited for: a 1-second delay is over before a loaded machine's next request.
    await db.query(`update login_failure set failures = failures + 4 where account = $1`, ['kate@example.org']);
    // One more guess: the next try waits 16 s (doubling).
    expectRefusal(await from('10.1.0.50', '/api/login', { account: 'kate@example.org', password: 'Wrong2026!' }), 400, MESSAGES.en_US.loginFailed);
    const [delay] = await db.query<{ seconds: number }>(`select ceil(extract(epoch from locked_until - now()))::int as seconds from login_failure where account = $1`, ['kate@example.org']);
    expect(delay!.seconds).toBeGreaterThan(8);
    const slowed = await from('10.1.0.51', '/api/login', { account: 'kate@example.org', password: strong }, 'ja_JP');
    expectRefusal(slowed, 400, new RegExp(MESSAGES.ja_JP.loginSlowDown.replace('{seconds}', '\\d+')));
    // The owner on their known device goes straight in; the same user agent at the same address
    // without the owner's device cookie is a stranger's browser, and waits.
    expectOk(await from('10.1.0.200', '/api/login', { account: 'kate@example.org', password: strong }, 'en_US', undefined, OWNER_DEVICE));
    expectRefusal(await from('10.1.0.200', '/api/login', { account: 'kate@example.org', password: strong }), 400, new RegExp(MESSAGES.en_US.loginSlowDown.replace('{seconds}', '\\d+')));
  });

  it('a password reset clears every count of the account', async () => {
    await registered('liam@example.org');
    for (let i = 0; i < PAIR_MAX_FAILURES; i++) await from('10.2.0.1', '/api/login', { account: 'liam@example.org', password: 'Wrong2026!' });
    expectRefusal(await from('10.2.0.1', '/api/login', { account: 'liam@example.org', password: strong }), 400, lockedHere('en_US'));
    await from('10.2.0.1', '/api/send_code', { account: 'liam@example.org', purpose: 'reset' });
    const code = [...outbox].reverse().find((m) => m.to === 'liam@example.org')!.code;
    expect((await from('10.2.0.1', '/api/forget_pass', { account: 'liam@example.org', code, password: 'Renewed2026!', password_repeat: 'Renewed2026!' })).body.code).toBe(200);
    expectOk(await from('10.2.0.1', '/api/login', { account: 'liam@example.org', password: 'Renewed2026!' }));
  });
});

describe('stale sign-in failure counts', () => {
  it('are pruned once past the window and unlocked; a lock still running and a recent count stay, and a locked client is still refused', async () => {
    await registered('noah@example.org');
    for (let i = 0; i < PAIR_MAX_FAILURES; i++) await from('10.3.0.1', '/api/login', { account: 'noah@example.org', password: 'Wrong2026!' });
    await from('10.3.0.2', '/api/login', { account: 'noah@example.org', password: 'Wrong2026!' });
    // Counts of another account, touched an hour ago and never locked (or locked, the lock over): nothing they count any more.
    await db.query(`insert into login_failure (account, failures, locked_until, updated_at) values
      ('pair 10.3.9.9 gone@example.org', 3, null, now() - interval '1 hour'), ('gone@example.org', 12, now() - interval '30 minutes', now() - interval '1 hour')`);
    // The locked pair, last touched long ago but still locked: it stays.
    await db.query(`update login_failure set updated_at = now() - interval '1 hour' where account = 'pair 10.3.0.1 noah@example.org'`);
    await pruneLoginFailures(db);
    const left = (await db.query<{ account: string }>(`select account from login_failure where account like '%noah@example.org' or account like '%gone@example.org' order by account`)).map((r) => r.account);
    expect(left).toEqual(['noah@example.org', 'pair 10.3.0.1 noah@example.org', 'pair 10.3.0.2 noah@example.org']);
    expectRefusal(await from('10.3.0.1', '/api/login', { account: 'noah@example.org', password: strong }), 400, lockedHere('en_US'));
  });
});

describe('operator login', () => {
  it('cannot be locked out: wrong guesses from one client leave the operator on another client free', async () => {
    for (let i = 1; i < PAIR_MAX_FAILURES; i++) expectRefusal(await from('10.3.0.1', '/api/operator/login', { account: OPERATOR.account, password: 'Guess2026!' }), 400, MESSAGES.en_US.loginFailed);
    expectRefusal(await from('10.3.0.1', '/api/operator/login', { account: OPERATOR.account, password: 'Guess2026!' }), 400, lockedHere('en_US'));
    expectOk(await from('10.3.0.2', '/api/operator/login', OPERATOR));
  });

  it('is rate-limited per client, with a translated answer that says when to try again', async () => {
    for (let i = 0; i < OPERATOR_PER_MINUTE; i++) await from('10.4.0.1', '/api/operator/login', { account: 'nobody@openex.test', password: 'Guess2026!' });
    const refused = await from('10.4.0.1', '/api/operator/login', { account: 'nobody@openex.test', password: 'Guess2026!' }, 'fr_FR');
    expectRefusal(refused, 429, new RegExp(`^${MESSAGES.fr_FR.tooManyRequestsRetry.replace('{seconds}', '\\d+')}$`));
    // Another client is counted on its own.
    expectOk(await from('10.4.0.2', '/api/operator/login', OPERATOR));
  });
});
