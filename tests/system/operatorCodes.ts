import { Secret, TOTP } from 'otpauth';
import { OPERATOR_PATHS, type OperatorEnrolment } from '../../domain/operators.js';
import { newRecoveryCodes, recoveryHash } from '../../server/kernel/platform/auth/twoFactor.js';
import { openPostgres } from '../../server/kernel/platform/db/postgres.js';
import { mustCall } from './client.js';
import { DESK_INITIAL_PASSWORD, DESK_PASSWORD, operatorCode } from '../server/support/operators.js';
import { nextTotpStep, STEP_MS } from '../server/support/totpSteps.js';
import { OPERATOR } from './serverProcess.js';

/**
 * The environment operator signed in on a server, and its own code for each action that asks one
 * (an identity review, a withdrawal's approval: docs/OPERATOR.md "What each call needs").
 */
export interface OperatorSession {
  token: string;
  /** A code good now and once: a recovery code of this process's (`recoveryCodesOf`), else its next TOTP step. */
  code(): Promise<string>;
}

/**
 * The environment's operator signed in — password and a code (mandatory 2FA, issue 51 §1) — on the
 * server at `url`. With `databaseUrl` (the server's database, reachable while it runs: a schema on
 * PostgreSQL, the embedded one's socket) its sign-in and its actions take recovery codes this
 * process writes there, none waiting for a TOTP step; without (PGlite, which the server's process
 * holds alone; or a test that acts on nothing), its TOTP steps, three a 30-second step.
 */
export async function operatorSession(url: string, databaseUrl?: string): Promise<OperatorSession> {
  const code = databaseUrl ? recoveryCodesOf(databaseUrl) : nextOperatorCode;
  const { token } = await mustCall<{ token: string }>(url, '/api/operator/login', { account: OPERATOR.account, password: OPERATOR.password, code: await code() });
  return { token, code };
}

/** Recovery codes written at a time: a workload approving withdrawals opens a connection every this many. */
const RECOVERY_BATCH = 50;

/**
 * Recovery codes of the operator `account` (the environment's by default), each good once and at
 * once whatever the clocks say (the tests/e2e/support/deskOperators.ts reviewer's way): random codes
 * this process makes and writes into the server's database `databaseUrl`, a batch at a time when it
 * has none left, and hands out once each. A server uses a code up in the database its processes
 * share; codes of this process's own cannot be taken by another process on that database (a
 * cluster's nodes, a test file's servers before and after a crash). Two calls at once share a batch.
 */
export function recoveryCodesOf(databaseUrl: string, account = OPERATOR.account): () => Promise<string> {
  const left: string[] = [];
  let writing: Promise<void> | undefined;
  const write = async () => {
    const codes = Array.from({ length: RECOVERY_BATCH / 10 }, newRecoveryCodes).flat();
    const db = await openPostgres(databaseUrl, { pool: 1, planOnce: 1 });
    try {
      const written = await db.query(
        `insert into two_factor_recovery (user_id, code_hash) select u.id, unnest($2::text[]) from app_user u where u.account = $1 and u.kind = 'operator' returning user_id`,
        [account.trim().toLowerCase(), codes.map(recoveryHash)],
      );
      if (written.length !== codes.length) throw new Error(`no operator ${account} in ${databaseUrl} to give recovery codes to`);
    } finally {
      await db.close();
    }
    left.push(...codes);
  };
  return async () => {
    while (left.length === 0) await (writing ??= write().finally(() => (writing = undefined)));
    return left.shift()!;
  };
}

/**
 * The last TOTP step this process used of the environment operator's codes (its sign-in where no
 * database is at hand for recovery codes). A code is good once (the server keeps the last used step;
 * a test's servers may share one database), and the steps before and after now are accepted too:
 * each code takes the next unused step from now − 1 on, and waits only when now + 1 is taken
 * already (a fourth code within one 30-second step).
 */
let lastStep = -Infinity;

const codeAt = (step: number) => TOTP.generate({ secret: Secret.fromBase32(OPERATOR.totpSecret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: step * STEP_MS + STEP_MS / 2 });

/** The environment operator's next unused TOTP code, waiting only when now + 1 is taken. */
// Its steps as the server tests' helper takes them, with the margin for a code's way to the server
// (icoCrash.test.ts's sign-in, made in a step's last moments for the step before, once reached a
// server busy starting two steps old: "Wrong or already used authentication code").
export async function nextOperatorCode(): Promise<string> {
  const { step, waitMs } = nextTotpStep(lastStep);
  lastStep = step;
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
  return codeAt(step);
}

/**
 * A second operator with `roles`, made as a business makes one: the admin `admin` creates it with
 * its own code (access is given), and it enrols its 2FA and chooses its password at its first
 * sign-in, over HTTP. Its codes are recovery codes written into `databaseUrl` (none waits for a
 * TOTP step): a four-eyes action (a balance correction) needs an operator other than the proposer.
 */
export async function deskOperator(url: string, admin: OperatorSession, databaseUrl: string, roles: readonly string[]): Promise<OperatorSession> {
  const account = `${roles.join('-')}-${process.pid}-${Date.now()}@openex.test`;
  await mustCall(url, OPERATOR_PATHS.create, { account, password: DESK_INITIAL_PASSWORD, roles, code: await admin.code() }, { token: admin.token });
  const enrolment = await mustCall<OperatorEnrolment>(url, OPERATOR_PATHS.login, { account, password: DESK_INITIAL_PASSWORD });
  const own = enrolment.new_password ? { new_password: DESK_PASSWORD } : {};
  const { token } = await mustCall<{ token: string }>(url, OPERATOR_PATHS.loginEnrol, { ticket: enrolment.ticket, code: operatorCode(enrolment.secret), ...own });
  return { token, code: recoveryCodesOf(databaseUrl, account) };
}
