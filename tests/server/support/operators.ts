import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { OPERATOR_PATHS, type OperatorEnrolment, type OperatorRole, type OperatorView } from '../../../domain/operators.js';
import { newRecoveryCodes, recoveryHash } from '../../../server/kernel/platform/auth/twoFactor.js';
import type { Queryable } from '../../../server/kernel/platform/db/database.js';
import { expectOk, post } from '../http.js';
import { enrolmentStep, nextTotpStep, STEP_MS } from './totpSteps.js';

/**
 * The password an admin gives a new operator at its creation (zxcvbn score ≥ 3), and the one the
 * operator chooses for itself at its first sign-in (the enrolment's `new_password`: migration 068),
 * which every later sign-in types.
 */
export const DESK_INITIAL_PASSWORD = 'Lantern-Harbour-Quill-2026';
export const DESK_PASSWORD = 'Orchard-Beacon-Thimble-2026';

/**
 * OPERATOR_TOTP_SECRET of the test files' environment operators (base32): ensureOperator(db, account,
 * password, OPERATOR_SECRET) pre-enrols it, and `signInOperator` signs it in with codes of it.
 */
export const OPERATOR_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export interface TestOperator {
  id: number;
  account: string;
  headers: Record<string, string>;
  /** Its 2FA secret (base32): `operatorCode(op.secret, clock)` is its code at a moment. */
  secret: string;
}

let made = 0;

/** The TOTP code of `secret` at `timestamp` (ms), as an authenticator app shows it. */
export const operatorCode = (secret: string, timestamp = Date.now()): string =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });

/**
 * The last step each secret's codes were used at by these helpers, per app (each test app has a
 * database of its own, where the server keeps the last step it took). A code is accepted once and
 * the steps before and after now are accepted too, so each sign-in takes the next unused step from
 * now − 1 to now + 1, and only waits when all three are taken: an app's operator can sign in three
 * times at once, then once every 30 s. Per app, not per secret: the files of a worker share this
 * module (vitest.config.ts, isolate: false) and the environment operators' OPERATOR_SECRET, so
 * steps counted per secret made a file wait for the steps an earlier file had used on its own
 * server (kyc.test.ts took 25 s after usersDeskSockets.test.ts instead of 1.5 s alone, and a
 * 30-s test timed out on it).
 */
const perApp = new WeakMap<FastifyInstance, { usedSteps: Map<string, number>; secrets: Map<string, string> }>();
function known(app: FastifyInstance) {
  let state = perApp.get(app);
  if (!state) perApp.set(app, (state = { usedSteps: new Map(), secrets: new Map() }));
  return state;
}
const usedSteps = (app: FastifyInstance) => known(app).usedSteps;

/** The operator's next unused code on `app` (after its enrolment's and every code taken here), waiting for a step when it must. */
export async function nextCode(app: FastifyInstance, secret: string): Promise<string> {
  const used = usedSteps(app);
  const { step, waitMs } = nextTotpStep(used.get(secret) ?? -Infinity);
  // Taken before the wait, so callers at once each get a step of their own, not the same one.
  used.set(secret, step);
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
  return operatorCode(secret, step * STEP_MS + STEP_MS / 2);
}

/**
 * Signs an enrolled operator in through the real routes — password and code in one call — from
 * `remoteAddress` (app.inject's default when absent): its token.
 */
export async function signInOperator(app: FastifyInstance, who: { account: string; password: string; secret: string }, remoteAddress?: string): Promise<string> {
  const answer = await app.inject({ method: 'POST', url: OPERATOR_PATHS.login, payload: { account: who.account, password: who.password, code: await nextCode(app, who.secret) }, ...(remoteAddress ? { remoteAddress } : {}) });
  const body = answer.json() as { code: number; data: { token?: string } | null };
  if (body.code !== 200 || !body.data?.token) throw new Error(`operator sign-in of ${who.account} failed: ${answer.body}`);
  givesCodes({ token: body.data.token }, () => nextCode(app, who.secret));
  return body.data.token;
}

/**
 * How each admin session gives its own 2FA code to the operators desk (creating an operator,
 * disabling or enabling one, setting roles ask it), by token: registered where the session is
 * opened (signInOperator, deskOperator, the test bed's operator), read by `adminCode`.
 */
const adminCodes = new Map<string, () => Promise<string>>();

export function givesCodes(headers: Record<string, string>, next: () => Promise<string>): void {
  if (headers.token) adminCodes.set(headers.token, next);
}

/** A fresh code of the admin behind `headers` (each good once): what the desk's `code` field takes. */
export async function adminCode(headers: Record<string, string>): Promise<string> {
  const next = headers.token ? adminCodes.get(headers.token) : undefined;
  if (!next) throw new Error('this operator session gives no 2FA code: open it with the test bed, signInOperator or deskOperator, or register it with givesCodes');
  return next();
}

/** The database behind each test app (the test bed registers it): a desk operator's recovery codes are topped up there. */
const databases = new WeakMap<FastifyInstance, Queryable>();
export function appDatabase(app: FastifyInstance, db: Queryable): void {
  databases.set(app, db);
}

/** Codes from `codes` (an enrolment's recovery codes), each once, then from `more`. */
export function codesFrom(codes: readonly string[], more: () => Promise<string>): () => Promise<string> {
  const left = [...codes];
  return async () => left.shift() ?? more();
}

/**
 * Recovery codes of an operator made outside the desk (the test bed's environment operator), ten
 * at a time, each good once and at once whatever the clocks say. 2FA is turned on at the first
 * code with OPERATOR_SECRET (kept if it was on already), so a file whose operator never creates
 * another keeps an operator without 2FA.
 */
export function recoveryCodesOf(db: Queryable, account: string): () => Promise<string> {
  let left: string[] = [];
  return async () => {
    if (left.length === 0) {
      const [user] = await db.query<{ id: number }>('select id from app_user where account = $1', [account.trim().toLowerCase()]);
      if (!user) throw new Error(`no operator ${account}`);
      await db.query('insert into user_two_factor (user_id, secret, enabled, enabled_at) values ($1, $2, true, now()) on conflict (user_id) do nothing', [user.id, OPERATOR_SECRET]);
      left = newRecoveryCodes();
      for (const code of left) await db.query('insert into two_factor_recovery (user_id, code_hash) values ($1, $2)', [user.id, recoveryHash(code)]);
    }
    return left.shift()!;
  };
}

/** The secrets of the operators these helpers enrolled, per app (as the steps above) and by account: signInAnswer signs them in with a code. */
const secrets = (app: FastifyInstance) => known(app).secrets;

/**
 * What a person at the console ends with after typing the password (and the code their app
 * shows): the answer of the last call, as JSON. An operator a helper enrolled sends its code along
 * (one call: the session, or the refusal); one not enrolled yet enrols (the password's enrolment,
 * then its first code: the answer has the session and the recovery codes); an account unknown
 * here answers the password step's answer itself.
 */
export async function signInAnswer(app: FastifyInstance, account: string, password: string, remoteAddress = '10.51.255.1') {
  type Answer = { code: number; msg: string; data: { token: string; operator: { id: number; roles: string[] }; recovery_codes?: string[] } | null };
  const name = account.trim().toLowerCase();
  const secret = secrets(app).get(name);
  const payload = secret ? { account, password, code: await nextCode(app, secret) } : { account, password };
  const first = await app.inject({ method: 'POST', url: OPERATOR_PATHS.login, payload, remoteAddress });
  const enrolment = (first.json() as { data: OperatorEnrolment | null }).data;
  if (!enrolment?.enrol) return first.json() as Answer;
  const step = enrolmentStep();
  usedSteps(app).set(enrolment.secret, step);
  secrets(app).set(name, enrolment.secret);
  const code = operatorCode(enrolment.secret, step * STEP_MS + STEP_MS / 2);
  const own = enrolment.new_password ? { new_password: DESK_PASSWORD } : {};
  return (await app.inject({ method: 'POST', url: OPERATOR_PATHS.loginEnrol, payload: { ticket: enrolment.ticket, code, ...own }, remoteAddress })).json() as Answer;
}

/**
 * An operator with `roles`, made through the admin's desk as `admin` (the environment's operator,
 * who gives access alone; its session gives codes: `adminCode`) and enrolled through the real first
 * sign-in, as a person would, choosing DESK_PASSWORD; it can act as an admin in turn (its recovery codes, then its TOTP). The password answers the
 * enrolment (secret and URI), its first code turns 2FA on and opens the session. The enrolment
 * used the step before now (the drift window takes it), so a test's first code at its clock's now
 * is new. Each sign-in comes from an address of its own, so the login's per-client limit never
 * counts them together.
 */
export async function deskOperator(app: FastifyInstance, admin: Record<string, string>, roles: readonly OperatorRole[], name?: string): Promise<TestOperator> {
  const account = name ?? `${roles.join('-') || 'none'}-${++made}-${process.pid}@openex.test`;
  const view = expectOk(await post<OperatorView>(app, OPERATOR_PATHS.create, { account, password: DESK_INITIAL_PASSWORD, roles, code: await adminCode(admin) }, admin));
  const answer = await signInAnswer(app, account, DESK_INITIAL_PASSWORD, `10.51.${made % 250}.${(made * 7) % 250}`);
  const token = answer.data?.token;
  const secret = secrets(app).get(account.trim().toLowerCase());
  if (!token || !answer.data?.recovery_codes || !secret) throw new Error(`operator ${account} could not enrol: ${JSON.stringify(answer)}`);
  // Its ten recovery codes, then more where the app's database is known (else its TOTP, a few every 30 s).
  const db = databases.get(app);
  givesCodes({ token }, codesFrom(answer.data.recovery_codes, db ? recoveryCodesOf(db, account) : () => nextCode(app, secret)));
  return { id: view.id, account, headers: { token }, secret };
}

/** The audit log's rows after `afterId`, oldest first. */
export async function auditRowsAfter(db: Queryable, afterId: number) {
  return db.query<{ id: number; operator_id: number | null; kind: string; object_type: string; object_id: string; outcome: string; detail: string; before: unknown; after: unknown; roles: string[]; client: string }>(
    'select id, operator_id, kind, object_type, object_id, outcome, detail, before, after, roles, client from operator_audit_log where id > $1 order by id',
    [afterId],
  );
}

/** The audit log's [kind, outcome] after `afterId`, oldest first: what a desk test expects of what it tried. */
export async function auditKindsAfter(db: Queryable, afterId: number): Promise<[string, string][]> {
  return (await auditRowsAfter(db, afterId)).map((r) => [r.kind, r.outcome]);
}

/** The log's last id (0 when empty): a test's mark before it acts. */
export async function auditMark(db: Queryable): Promise<number> {
  const [row] = await db.query<{ id: number | null }>('select max(id) as id from operator_audit_log');
  return Number(row?.id ?? 0);
}

/** The [outcome, detail] rows auditOutcomes gives for refusals, one a detail (`expect.any(String)` where a test does not name it). */
export const refusals = (...details: unknown[]): [string, unknown][] => details.map((detail) => ['refused', detail]);

/** The audit log's [outcome, detail] of one kind of action, oldest first: what a desk test expects of its refusals and its deed. */
export async function auditOutcomes(db: Queryable, kind: string): Promise<[string, string][]> {
  const rows = await db.query<{ outcome: string; detail: string }>('select outcome, detail from operator_audit_log where kind = $1 order by id', [kind]);
  return rows.map((r) => [r.outcome, r.detail]);
}
