import type { Database } from '../../kernel/db/database.js';
import { hashPassword, verifyPasswordOrDecoy } from '../../kernel/auth/passwords.js';
import { forgetLoginFailures, loginBlocked, loginFailed, loginSucceeded } from '../../kernel/auth/loginThrottle.js';
import { knownDevice, rememberDevice, type DeviceInfo } from '../../kernel/notifications/notify.js';
import type { Outcome } from '../../kernel/outcome.js';
import { openSession } from '../../kernel/auth/sessions.js';

/**
 * Operators review identity submissions. They are app_user rows of kind 'operator': they share
 * sessions and password hashing with users, and the kernel's auth hook (route config `auth`)
 * tells the two kinds apart, so neither token opens the other's endpoints.
 */
export interface Operator {
  id: number;
  account: string;
}

/** Operator sessions are short: a review shift, not a week. */
const OPERATOR_SESSION_DAYS = 1;

/**
 * Creates the operator from OPERATOR_ACCOUNT / OPERATOR_PASSWORD, or resets its password, at
 * every start: the environment is the source of truth. Refuses to take over a user's account.
 */
export async function ensureOperator(db: Database, account: string, password: string): Promise<void> {
  const name = account.trim().toLowerCase();
  if (!name || password.length < 8) throw new Error('OPERATOR_ACCOUNT must be set and OPERATOR_PASSWORD have at least 8 characters');
  const hash = await hashPassword(password);
  const rows = await db.query<{ kind: string }>(
    `insert into app_user (account, nickname, kind, password_hash) values ($1, $1, 'operator', $2)
     on conflict (account) do update set password_hash = excluded.password_hash where app_user.kind = 'operator'
     returning kind`,
    [name, hash],
  );
  if (!rows[0]) throw new Error(`OPERATOR_ACCOUNT ${name} is already a non-operator account`);
  await forgetLoginFailures(db, lockKey(name));
}

// Operator lockouts live beside users' in login_failure, under a prefix no user account can have.
const lockKey = (account: string) => `operator:${account}`;

/**
 * Wrong passwords lock the guessing client out of the operator account and only slow it down for
 * other clients, never for a device the operator has signed in from (kernel/auth/loginThrottle.ts):
 * nobody can lock the operator out any more.
 */
export async function operatorLogin(db: Database, input: { account: string; password: string }, device: DeviceInfo): Promise<Outcome<{ token: string; operator: Operator }>> {
  const name = input.account.trim().toLowerCase();
  const key = lockKey(name);
  const [row] = await db.query<{ id: number; account: string; password_hash: string }>(
    `select id, account, password_hash from app_user where account = $1 and kind = 'operator'`,
    [name],
  );
  const blocked = await loginBlocked(db, key, device.ip, Boolean(row && (await knownDevice(db, row.id, device))));
  if (blocked) return { ok: false, ...blocked };
  // A user's credentials are refused here exactly like wrong ones, with the same timing.
  const good = await verifyPasswordOrDecoy(input.password, row?.password_hash);
  if (!good || !row) {
    const refusal = await loginFailed(db, key, device.ip);
    return refusal ? { ok: false, ...refusal } : { ok: false, key: 'loginFailed' };
  }
  await loginSucceeded(db, key, device.ip);
  await rememberDevice(db, row.id, device);
  const operator = { id: Number(row.id), account: row.account };
  return { ok: true, data: { token: await openSession(db, operator.id, OPERATOR_SESSION_DAYS), operator } };
}
