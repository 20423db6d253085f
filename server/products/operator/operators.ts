import { OPERATOR_ROLES, type OperatorRole } from '../../../domain/operators.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { hashPassword } from '../../kernel/platform/auth/passwords.js';
import { forgetLoginFailures } from '../../kernel/platform/auth/loginThrottle.js';
import { enrolWithSecret, isTotpSecret } from '../../kernel/platform/auth/twoFactor.js';
import './messages.js';
// Everything that signs an operator in loads the permission table with it (see permissions.ts).
import './permissions.js';

/**
 * Operators run the exchange's desks. They are app_user rows of kind 'operator': they share
 * sessions and password hashing with users, and the kernel's auth hook (route config `auth`)
 * tells the two kinds apart, so neither token opens the other's endpoints. Their roles and standing
 * are operator_account rows (migration 040); the hook checks a permission on every operator call
 * (kernel/platform/auth/operators/). The operators desk (desk.ts) makes the others.
 */
export interface Operator {
  id: number;
  account: string;
  roles: OperatorRole[];
  /** In the sign-in's answer: the operator OPERATOR_ACCOUNT names (its password is the environment's). */
  from_environment?: boolean;
}

/** Operator sessions are short: a review shift, not a week. */
export const OPERATOR_SESSION_DAYS = 1;

/**
 * Creates the operator from OPERATOR_ACCOUNT / OPERATOR_PASSWORD, or resets its password, at
 * every start: the environment is the source of truth. It is the first admin and holds every role
 * (so the desks, the e2e journeys and the server tests that sign in as it keep every permission),
 * enabled again if it was disabled; an operator the environment named before stops being marked
 * so, and is the admins' to change from then on. Refuses to take over a user's account.
 * `totpSecret` (OPERATOR_TOTP_SECRET, base32): its 2FA is on with that secret, no enrolment step.
 */
export async function ensureOperator(db: Database, account: string, password: string, totpSecret?: string): Promise<void> {
  const name = account.trim().toLowerCase();
  if (!name || password.length < 8) throw new Error('OPERATOR_ACCOUNT must be set and OPERATOR_PASSWORD have at least 8 characters');
  if (totpSecret !== undefined && !isTotpSecret(totpSecret)) throw new Error('OPERATOR_TOTP_SECRET must be a base32 secret (16 or more characters of A-Z and 2-7)');
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      `insert into app_user (account, nickname, kind, password_hash) values ($1, $1, 'operator', $2)
       on conflict (account) do update set password_hash = excluded.password_hash where app_user.kind = 'operator'
       returning id`,
      [name, hash],
    );
    if (!rows[0]) throw new Error(`OPERATOR_ACCOUNT ${name} is already a non-operator account`);
    const id = Number(rows[0].id);
    await tx.query(
      `insert into operator_account (user_id, roles, from_environment) values ($1, $2::text[], true)
       on conflict (user_id) do update set roles = excluded.roles, disabled_at = null, from_environment = true`,
      [id, [...OPERATOR_ROLES]],
    );
    await tx.query('update operator_account set from_environment = false where from_environment and user_id <> $1', [id]);
    // OPERATOR_TOTP_SECRET pre-enrols it (tests, CI, scripted deployments); without it, it enrols at its first sign-in like anyone.
    if (totpSecret !== undefined) await enrolWithSecret(tx, id, totpSecret);
  });
  await forgetLoginFailures(db, lockKey(name));
}

// Operator lockouts live beside users' in login_failure, under a prefix no user account can have.
export const lockKey = (account: string) => `operator:${account}`;
