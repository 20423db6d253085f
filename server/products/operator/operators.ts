import { OPERATOR_ROLES, type OperatorRole } from '../../../domain/operators.js';
import type { Database } from '../../kernel/db/database.js';
import { hashPassword, verifyPasswordOrDecoy } from '../../kernel/auth/passwords.js';
import { forgetLoginFailures, loginBlocked, loginFailed, loginSucceeded } from '../../kernel/auth/loginThrottle.js';
import { operatorStanding } from '../../kernel/auth/operators/access.js';
import { writeOperatorAudit, type AuditActor } from '../../kernel/auth/operators/auditLog.js';
import { knownDevice, rememberDevice, type DeviceInfo } from '../../kernel/notifications/notify.js';
import type { Outcome } from '../../kernel/outcome.js';
import { openSession } from '../../kernel/auth/sessions.js';
import './messages.js';
// Everything that signs an operator in loads the permission table with it (see permissions.ts).
import './permissions.js';

/**
 * Operators run the exchange's desks. They are app_user rows of kind 'operator': they share
 * sessions and password hashing with users, and the kernel's auth hook (route config `auth`)
 * tells the two kinds apart, so neither token opens the other's endpoints. Their roles and standing
 * are operator_account rows (migration 040); the hook checks a permission on every operator call
 * (kernel/auth/operators/). The operators desk (desk.ts) makes the others.
 */
export interface Operator {
  id: number;
  account: string;
  roles: OperatorRole[];
}

/** Operator sessions are short: a review shift, not a week. */
export const OPERATOR_SESSION_DAYS = 1;

/**
 * Creates the operator from OPERATOR_ACCOUNT / OPERATOR_PASSWORD, or resets its password, at
 * every start: the environment is the source of truth. It is the first admin and holds every role
 * (so the desks, the e2e journeys and the server tests that sign in as it keep every permission),
 * enabled again if it was disabled; an operator the environment named before stops being marked
 * so, and is the admins' to change from then on. Refuses to take over a user's account.
 */
export async function ensureOperator(db: Database, account: string, password: string): Promise<void> {
  const name = account.trim().toLowerCase();
  if (!name || password.length < 8) throw new Error('OPERATOR_ACCOUNT must be set and OPERATOR_PASSWORD have at least 8 characters');
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
  });
  await forgetLoginFailures(db, lockKey(name));
}

// Operator lockouts live beside users' in login_failure, under a prefix no user account can have.
const lockKey = (account: string) => `operator:${account}`;

/**
 * Wrong passwords lock the guessing client out of the operator account and only slow it down for
 * other clients, never for a device the operator has signed in from (kernel/auth/loginThrottle.ts):
 * nobody can lock the operator out any more. Every attempt is written to the audit log in the
 * attempt's own transaction: a success with its session, a failure with its count.
 */
export async function operatorLogin(db: Database, input: { account: string; password: string }, device: DeviceInfo): Promise<Outcome<{ token: string; operator: Operator }>> {
  const name = input.account.trim().toLowerCase();
  const key = lockKey(name);
  const [row] = await db.query<{ id: number; account: string; password_hash: string }>(
    `select id, account, password_hash from app_user where account = $1 and kind = 'operator'`,
    [name],
  );
  const who: AuditActor = row ? { id: Number(row.id), client: device.ip } : { id: null, account: name, roles: [], client: device.ip };
  const refused = (tx: Parameters<typeof writeOperatorAudit>[0], detail: string) =>
    writeOperatorAudit(tx, { operator: who, kind: 'operator.sign_in', object: { type: 'operator', id: row ? Number(row.id) : '' }, outcome: 'refused', detail });
  const blocked = await loginBlocked(db, key, device.ip, Boolean(row && (await knownDevice(db, row.id, device))));
  if (blocked) {
    await refused(db, blocked.key);
    return { ok: false, ...blocked };
  }
  // A user's credentials are refused here exactly like wrong ones, with the same timing.
  const good = await verifyPasswordOrDecoy(input.password, row?.password_hash);
  if (!good || !row) {
    const refusal = await db.transaction(async (tx) => {
      const counted = await loginFailed(tx, key, device.ip);
      await refused(tx, counted?.key ?? 'loginFailed');
      return counted;
    });
    return refusal ? { ok: false, ...refusal } : { ok: false, key: 'loginFailed' };
  }
  const standing = await operatorStanding(db, Number(row.id));
  if (!standing) {
    await refused(db, 'operatorDisabled');
    return { ok: false, key: 'operatorDisabled' };
  }
  const operator: Operator = { id: Number(row.id), account: row.account, roles: standing.roles };
  const token = await db.transaction(async (tx) => {
    await loginSucceeded(tx, key, device.ip);
    await rememberDevice(tx, operator.id, device);
    const opened = await openSession(tx, operator.id, OPERATOR_SESSION_DAYS, device);
    await writeOperatorAudit(tx, { operator: { ...operator, client: device.ip }, kind: 'operator.sign_in', object: { type: 'operator', id: operator.id } });
    return opened;
  });
  return { ok: true, data: { token, operator } };
}
