import type { Database } from '../../kernel/db/database.js';
import { hashPassword, verifyPasswordOrDecoy } from '../../kernel/auth/passwords.js';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '../../kernel/auth/accountRules.js';
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
  await db.query('delete from login_failure where account = $1', [lockKey(name)]);
}

// Operator lockouts live beside users' in login_failure, under a prefix no user account can have.
const lockKey = (account: string) => `operator:${account}`;

export async function operatorLogin(db: Database, input: { account: string; password: string }): Promise<Outcome<{ token: string; operator: Operator }>> {
  const name = input.account.trim().toLowerCase();
  const key = lockKey(name);
  const [lock] = await db.query<{ minutes: number }>(
    `select ceil(extract(epoch from locked_until - now()) / 60)::int as minutes from login_failure where account = $1 and locked_until > now()`,
    [key],
  );
  if (lock) return { ok: false, key: 'accountLocked', vars: { minutes: String(lock.minutes) } };
  const [row] = await db.query<{ id: number; account: string; password_hash: string }>(
    `select id, account, password_hash from app_user where account = $1 and kind = 'operator'`,
    [name],
  );
  // A user's credentials are refused here exactly like wrong ones, with the same timing.
  const good = await verifyPasswordOrDecoy(input.password, row?.password_hash);
  if (!good || !row) {
    const [state] = await db.query<{ failures: number }>(
      `insert into login_failure (account, failures) values ($1, 1)
       on conflict (account) do update set failures = login_failure.failures + 1, updated_at = now() returning failures`,
      [key],
    );
    if (state && state.failures >= LOGIN_MAX_FAILURES) {
      await db.query(`update login_failure set failures = 0, locked_until = now() + make_interval(mins => $2) where account = $1`, [key, LOGIN_LOCK_MINUTES]);
      return { ok: false, key: 'accountLocked', vars: { minutes: String(LOGIN_LOCK_MINUTES) } };
    }
    return { ok: false, key: 'loginFailed' };
  }
  await db.query('delete from login_failure where account = $1', [key]);
  const operator = { id: Number(row.id), account: row.account };
  return { ok: true, data: { token: await openSession(db, operator.id, OPERATOR_SESSION_DAYS), operator } };
}
