import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MAX_ATTEMPTS } from '../../../../server/kernel/platform/auth/accountRules.js';
import type { Database } from '../../../../server/kernel/platform/db/database.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { accounts } from '../../../../server/products/accounts/accounts.js';
import type { CodeMessage } from '../../../../server/products/accounts/delivery.js';
import { userCentre } from '../../../../server/products/accounts/userCentre.js';
import { databaseFiatRates } from '../../../../server/products/markets/fiatRates.js';
import { buildApp } from '../../buildApp.js';
import { expectOk, post, type Answer } from '../../http.js';
import { openTestDatabase } from '../../testDb.js';

/**
 * The rule "the login and funds passwords differ" is checked at a password reset and at a change
 * with the emailed code right but not yet used up, so the refusal leaves the code for a better
 * password. The refusal says whether the typed password IS the other one: an oracle on the funds
 * password (the last barrier before a withdrawal when the email is lost) that its own lock (5 wrong
 * in 15 minutes) never counted. Sent one after another, a wrong guess changed the password and used
 * the code up; sent all at once, every request passed the code check before the first used it up,
 * so one code tested as many guesses as the burst held. Now each comparison spends one of the
 * code's CODE_MAX_ATTEMPTS tries, however the requests are sent.
 */
let db: Database;
let app: FastifyInstance;
const outbox: CodeMessage[] = [];
const EN = MESSAGES.en_US;
const LOGIN = 'Trader2026!';
const FUNDS = 'Funds2026!';
const lastCode = (to: string, purpose: string) => [...outbox].reverse().find((m) => m.to === to && m.purpose === purpose)?.code ?? '';

beforeAll(async () => {
  db = await openTestDatabase();
  const delivery = { deliver: async (m: CodeMessage) => void outbox.push(m) };
  app = await buildApp({
    db,
    rates: databaseFiatRates(db),
    accounts: accounts({ db, delivery, invitationCode: 'OPENEX', phoneRegisterEnabled: async () => true }),
    userCentre: userCentre({ db, delivery, dataDir: mkdtempSync(join(tmpdir(), 'openex-guards-')) }),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

async function signUp(account: string): Promise<{ token: string }> {
  await post(app, '/api/send_code', { account, purpose: 'register' });
  const grant = expectOk(
    await post<{ token: string }>(app, '/api/register_next', {
      account,
      code: lastCode(account, 'register'),
      password: LOGIN,
      password_repeat: LOGIN,
      funds_password: FUNDS,
      funds_password_repeat: FUNDS,
      invitation_code: 'OPENEX',
      agree: true,
    }),
  );
  return { token: grant.token };
}

interface Route {
  name: string;
  /** Signs a user up, has the code sent, and answers how to send one guess with it. */
  arrange(account: string): Promise<(guess: string) => Promise<Answer<unknown>>>;
  /** The password the refusal reveals. */
  secret: string;
}

const ROUTES: Route[] = [
  {
    name: 'password reset (/api/forget_pass): the funds password',
    secret: FUNDS,
    async arrange(account) {
      await signUp(account);
      await post(app, '/api/send_code', { account, purpose: 'reset' });
      const code = lastCode(account, 'reset');
      return (guess) => post(app, '/api/forget_pass', { account, code, password: guess, password_repeat: guess });
    },
  },
  {
    name: 'login password change (/api/user/login_pwd): the funds password',
    secret: FUNDS,
    async arrange(account) {
      const headers = await signUp(account);
      await post(app, '/api/user/send_code', { purpose: 'change_login_pwd', to: 'current' }, headers);
      const code = lastCode(account, 'change_login_pwd');
      return (guess) => post(app, '/api/user/login_pwd', { code, password: guess, password_repeat: guess }, headers);
    },
  },
  {
    name: 'funds password change (/api/user/funds_pwd): the login password',
    secret: LOGIN,
    async arrange(account) {
      const headers = await signUp(account);
      await post(app, '/api/user/send_code', { purpose: 'change_funds_pwd', to: 'current' }, headers);
      const code = lastCode(account, 'change_funds_pwd');
      return (guess) => post(app, '/api/user/funds_pwd', { code, password: guess, password_repeat: guess }, headers);
    },
  },
];

const revealed = (answer: Answer<unknown>) => answer.body.msg === EN.fundsPasswordSameAsLogin;
let accountNo = 0;

describe.each(ROUTES)('$name', (route) => {
  it(`one code answers at most ${CODE_MAX_ATTEMPTS} comparisons, one after another`, async () => {
    const guess = await route.arrange(`oracle-seq-${++accountNo}@example.org`);
    const answers: Answer<unknown>[] = [];
    for (let i = 0; i < CODE_MAX_ATTEMPTS + 2; i++) answers.push(await guess(route.secret));
    expect(answers.filter(revealed).length).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
    // The first refusal still leaves the code for a better password (the rule's reason).
    expect(revealed(answers[0]!)).toBe(true);
    expect(answers.at(-1)!.body.msg).toBe(EN.codeInvalid);
  });

  it('the owner keeps the code through refusals: the last try allowed still changes the password', async () => {
    const guess = await route.arrange(`oracle-owner-${++accountNo}@example.org`);
    for (let i = 1; i < CODE_MAX_ATTEMPTS; i++) expect(revealed(await guess(route.secret))).toBe(true);
    expect((await guess('Renewed-Kite-2026')).body.code).toBe(200);
    // Used up (or, after a login-password change, the session ended with it).
    expect([EN.codeInvalid, EN.notLoggedIn]).toContain((await guess('Another-Kite-2026')).body.msg);
  });

  it(`a burst of guesses sent at once with one code: at most ${CODE_MAX_ATTEMPTS} are compared`, async () => {
    const guess = await route.arrange(`oracle-burst-${++accountNo}@example.org`);
    const answers = await Promise.all(Array.from({ length: 12 }, () => guess(route.secret)));
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(answers.filter(revealed).length).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
    expect(answers.filter((a) => !revealed(a)).every((a) => a.body.msg === EN.codeInvalid)).toBe(true);
  });
});
