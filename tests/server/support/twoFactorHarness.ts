import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { TWO_FACTOR_PATHS, type TwoFactorChallenge, type TwoFactorConfirmed, type TwoFactorEnrolment } from '../../../domain/twoFactor.js';
import { hashPassword } from '../../../server/kernel/platform/auth/passwords.js';
import { setSecurityOutlet } from '../../../server/kernel/platform/auth/securityNotices.js';
import { hashToken } from '../../../server/kernel/platform/auth/sessions.js';
import { buildHttp } from '../../../server/kernel/platform/http/app.js';
import { accounts } from '../../../server/products/accounts/accounts.js';
import type { CodeMessage } from '../../../server/products/accounts/delivery.js';
import { accountRoutes } from '../../../server/products/accounts/routes.js';
import { safetyRoutes } from '../../../server/products/accounts/safety/safetyRoutes.js';
import { securityOutlet } from '../../../server/products/accounts/securityMail.js';
import { withAntiPhishing } from '../../../server/products/accounts/sessions/antiPhishing.js';
import { DEVICE_COOKIE } from '../../../server/products/accounts/sessions/devices.js';
import { sessionRoutes } from '../../../server/products/accounts/sessions/routes.js';
import { twoFactor } from '../../../server/products/accounts/twoFactor.js';
import { twoFactorRoutes } from '../../../server/products/accounts/twoFactorRoutes.js';
import { usersDeskRoutes } from '../../../server/products/accounts/operatorDesk/routes.js';
import { enrolWithSecret } from '../../../server/kernel/platform/auth/twoFactor.js';
import { OPERATOR_SECRET, operatorCode, type TestOperator } from './operators.js';
import { createTestUser } from './users.js';
import { userCentre } from '../../../server/products/accounts/userCentre.js';
import { userRoutes } from '../../../server/products/accounts/userRoutes.js';
import { keyStore } from '../../../server/products/apikeys/keyStore.js';
import { apiKeyRoutes } from '../../../server/products/apikeys/routes.js';
import { secretBox } from '../../../server/products/apikeys/secretBox.js';
import { call, expectOk, post, type Answer } from '../http.js';
import { FUNDS_PASSWORD, useWallet } from '../wallet/harness.js';

/**
 * Issue 49 §3 and §4's test world: the wallet's test bed (withdrawals, the operator, a clock the
 * tests move) and one app with every account-security route — sign-in and its second step, the 2FA
 * calls, the user centre, sessions and anti-phishing, the allowlist, API keys — over its database.
 * Emails land in `outbox` (through withAntiPhishing, as the product composes it), and security
 * notices go out through the accounts product's outlet, as in the running server.
 */
export const PASSWORD = 'Trader2026!';
export const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

/** A signed-in user with an operator's fields (its 2FA secret '' until `enrol`). */
export interface Trader extends TestOperator {
  /** The address the owner signs in from, and the browser's device cookie there. */
  ip: string;
  device: string;
}

let users = 0;
let clients = 0;
let devices = 0;

export function useTwoFactorWorld() {
  const t = useWallet();
  const outbox: CodeMessage[] = [];
  const state = {} as { app: FastifyInstance };
  beforeAll(async () => {
    const delivery = withAntiPhishing(t.db, { deliver: async (m: CodeMessage) => void outbox.push(m) });
    setSecurityOutlet(securityOutlet(t.db, delivery, t.feed));
    const service = twoFactor({ db: t.db, delivery, siteName: async () => 'OpenEx', now: t.now });
    const signIn = accounts({ db: t.db, delivery, invitationCode: 'OPENEX', phoneRegisterEnabled: async () => true, secondFactor: service });
    const keys = keyStore(t.db, secretBox(mkdtempSync(join(tmpdir(), 'openex-2fa-keys-'))), t.now);
    state.app = await buildHttp({
      db: t.db,
      routes: [
        accountRoutes(t.db, signIn, { login: 100_000, sendCode: 100_000 }),
        userRoutes(t.db, userCentre({ db: t.db, delivery, dataDir: '/tmp' }), t.now),
        twoFactorRoutes(service, { login: 100_000 }),
        usersDeskRoutes(t.db, { secondFactor: service, now: t.now }),
        sessionRoutes(t.db, t.now),
        safetyRoutes(t.db, t.now),
        apiKeyRoutes(t.db, keys, t.now),
      ],
    });
    await state.app.ready();
    // The desk's 2FA reset asks the operator's own code (issue 51 §3).
    const [operator] = await t.db.query<{ id: number }>(`select id from app_user where kind = 'operator' order by id limit 1`);
    await enrolWithSecret(t.db, Number(operator!.id), OPERATOR_SECRET);
  });
  afterAll(async () => {
    setSecurityOutlet(undefined);
    await state.app?.close();
  });

  const codeAt = (secret: string, ms: number) => operatorCode(secret, ms);
  /** The clock moved to the start of the next 30-second step, so ±1 step is unambiguous. */
  function nextStep(): number {
    t.advance(30_000 - (t.now() % 30_000));
    return t.now();
  }
  /** A code of no step near now: always wrong. */
  const wrongCode = (who: Trader) => codeAt(who.secret, t.now() + 3_600_000);
  const newDevice = () => `device${String(++devices).padStart(4, '0')}${'x'.repeat(28)}`;

  const w = {
    t,
    outbox,
    get app() {
      return state.app;
    },
    codeAt,
    nextStep,
    wrongCode,
    newDevice,
    /** An address of its own for each call site, so no test's sign-in backoff touches another's. */
    newIp: () => `10.49.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`,

    call<T = unknown>(who: Trader, path: string, body: object, extra: Record<string, string> = {}): Promise<Answer<T>> {
      return post<T>(state.app, path, body, { ...who.headers, ...extra });
    },
    /** A POST from an address, with a browser's device cookie when given. */
    from<T = unknown>(ip: string, path: string, body: object, device?: string, headers: Record<string, string> = {}): Promise<Answer<T>> {
      return call<T>(state.app, { method: 'POST', url: path, payload: body, remoteAddress: ip, headers: { ...headers, ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}) } });
    },

    async trader(): Promise<Trader> {
      const account = `tf49-${++users}-${process.pid}-${Date.now()}@example.org`;
      const { id, headers } = await createTestUser(t.db, { name: account, email: true, passwordHash: await hashPassword(PASSWORD), fundsPasswordHash: await hashPassword(FUNDS_PASSWORD) });
      return { id, account, headers, ip: w.newIp(), device: newDevice(), secret: '' };
    },

    /** Enrols through the HTTP calls (the login password first); answers the recovery codes. */
    async enrol(who: Trader): Promise<string[]> {
      const started = expectOk(await w.call<TwoFactorEnrolment>(who, TWO_FACTOR_PATHS.begin, { password: PASSWORD }));
      who.secret = started.secret;
      return expectOk(await w.call<TwoFactorConfirmed>(who, TWO_FACTOR_PATHS.confirm, { code: codeAt(who.secret, nextStep()) })).recovery_codes;
    },

    /** The password step from `ip` (the owner's own address and device by default): the challenge. */
    async challenge(who: Trader, ip = who.ip, device = who.device): Promise<TwoFactorChallenge> {
      const answer = await w.from<TwoFactorChallenge>(ip, '/api/login', { account: who.account, password: PASSWORD }, device);
      expect(answer.body.code, answer.body.msg).toBe(200);
      expect(answer.body.data).toMatchObject({ second_factor: true });
      return answer.body.data!;
    },
    /**
     * What the password step leaves when it answers a challenge to `ip` (the row only: tests that
     * need fifty of them skip fifty password hashes; `challenge` above goes through the route).
     */
    async challengeRow(who: Trader, ip: string): Promise<string> {
      const token = `c${randomBytes(24).toString('base64url')}`;
      await t.db.query('insert into two_factor_challenge (token_hash, user_id, expires_ms, ip) values ($1, $2, $3, $4)', [hashToken(token), who.id, t.now() + 5 * 60_000, ip]);
      return token;
    },
    secondStep(challenge: string, code: string, ip: string, device?: string) {
      return w.from<{ token: string }>(ip, TWO_FACTOR_PATHS.login, { challenge, code }, device);
    },
    /** A complete sign-in of the owner from their own device, so that device is known. */
    async signInFully(who: Trader): Promise<string> {
      t.advance(30_000);
      const answer = await w.secondStep((await w.challenge(who)).challenge, codeAt(who.secret, t.now()), who.ip, who.device);
      return expectOk(answer).token;
    },

    /** The user's notifications of one kind. */
    async notices(who: Trader, kind: string): Promise<Array<{ params: Record<string, string> }>> {
      return t.db.query<{ params: Record<string, string> }>('select params from notification where user_id = $1 and kind = $2 order by id', [who.id, kind]);
    },
    /** The emails to the user of one purpose (a security notice's kind, when given), once they have gone. */
    mails(who: Trader, purpose: string, kind?: string): CodeMessage[] {
      return outbox.filter((m) => m.to === who.account && m.purpose === purpose && (kind === undefined || m.params?.kind === kind));
    },
  };
  return w;
}
