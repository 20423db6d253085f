import type { OperatorAuditKind } from '../../../domain/operatorAuditKinds.js';
import { OPERATOR_ROLES, type OperatorRole, type OperatorView } from '../../../domain/operators.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit } from '../../kernel/platform/auth/operators/auditLog.js';
import { endStepUp } from '../../kernel/platform/auth/operators/stepUp.js';
import { revokeAllSessions } from '../../kernel/platform/auth/sessions.js';
import type { MessageKey } from '../../kernel/platform/i18n/messages.js';
import type { Outcome } from '../../kernel/platform/outcome.js';

/**
 * What the operators desk changes, applied inside a caller's transaction: by the desk when the
 * environment's operator or a taking-away change asks (desk.ts), and by the second admin's approval
 * of a request (accessRequests.ts). Each writes the change's audit row as its last statement;
 * `approval` adds the request it came from to that row, so the log names both admins.
 */

export interface OperatorRow {
  id: number;
  account: string;
  roles: string[];
  disabled: boolean;
  from_environment: boolean;
  created_at: number;
}

export const OPERATOR_VIEW = `select u.id, u.account, o.roles, o.disabled_at is not null as disabled, o.from_environment,
  (extract(epoch from o.created_at) * 1000)::bigint as created_at
  from operator_account o join app_user u on u.id = o.user_id`;

export function toOperatorView(row: OperatorRow): OperatorView {
  return {
    id: Number(row.id),
    account: row.account,
    roles: OPERATOR_ROLES.filter((role) => row.roles.includes(role)),
    disabled: row.disabled,
    from_environment: row.from_environment,
    created_at: Number(row.created_at),
  };
}

/** The roles in their canonical order, each once. */
export const canonicalRoles = (roles: readonly string[]): OperatorRole[] => OPERATOR_ROLES.filter((role) => roles.includes(role));

/** The changes an admin makes to another operator's standing. */
export type OperatorChange = { kind: 'operator.disable' | 'operator.enable' } | { kind: 'operator.set_roles'; roles: OperatorRole[] };

/** The request a second admin approved: named in the change's audit row. */
export interface Approval {
  request: number;
  requested_by: string;
}

/** A refusal, written to the log in `tx` (which commits: the attempt is the record). */
export async function refusedChange<T>(tx: Queryable, actor: OperatorActor, kind: OperatorAuditKind, id: number | string, key: MessageKey, after?: unknown): Promise<Outcome<T>> {
  await writeOperatorAudit(tx, { operator: actor, kind, object: { type: 'operator', id }, after, outcome: 'refused', detail: key });
  return { ok: false, key };
}

/** Is `id` the operator OPERATOR_ACCOUNT names (the deployment's owner, who gives access alone)? */
export async function isEnvironmentOperator(tx: Queryable, id: number): Promise<boolean> {
  const [row] = await tx.query<{ from_environment: boolean }>('select from_environment from operator_account where user_id = $1', [id]);
  return row?.from_environment === true;
}

/** The change on `row` (locked by the caller), and its audit row with the field's value before and after. */
export async function applyChange(tx: Queryable, actor: OperatorActor, row: OperatorRow, what: OperatorChange, approval?: Approval): Promise<OperatorView> {
  const id = Number(row.id);
  if (what.kind === 'operator.set_roles') {
    await tx.query('update operator_account set roles = $2::text[] where user_id = $1', [id, what.roles]);
    // What its sessions were stepped up as is gone: a new standing asks a fresh code (stepUp.ts).
    await endStepUp(tx, id);
  } else if (what.kind === 'operator.disable') {
    await tx.query('update operator_account set disabled_at = coalesce(disabled_at, now()) where user_id = $1', [id]);
    // Its sessions end now: every server evicts them when this commits (sessions.ts), and the
    // auth hook refuses a disabled operator even before then (access.ts).
    await revokeAllSessions(tx, id);
  } else {
    await tx.query('update operator_account set disabled_at = null where user_id = $1', [id]);
  }
  const before = toOperatorView(row);
  const [updated] = await tx.query<OperatorRow>(`${OPERATOR_VIEW} where o.user_id = $1`, [id]);
  const after = toOperatorView(updated!);
  const field = what.kind === 'operator.set_roles' ? 'roles' : 'disabled';
  await writeOperatorAudit(tx, { operator: actor, kind: what.kind, object: { type: 'operator', id }, before: { [field]: before[field] }, after: { [field]: after[field], ...approval } });
  return after;
}

/**
 * A new operator with `passwordHash` (an admin's choice, so it must choose its own at its first
 * sign-in: password_change_required), or the refusal of a taken name.
 */
export async function applyCreate(tx: Queryable, actor: OperatorActor, asked: { account: string; roles: OperatorRole[] }, passwordHash: string, approval?: Approval & { created_by: number }): Promise<Outcome<OperatorView>> {
  const [user] = await tx.query<{ id: number }>(
    `insert into app_user (account, nickname, kind, password_hash) values ($1, $1, 'operator', $2) on conflict (account) do nothing returning id`,
    [asked.account, passwordHash],
  );
  if (!user) return refusedChange(tx, actor, 'operator.create', '', 'operatorAccountTaken', asked);
  const id = Number(user.id);
  const { created_by, ...named } = approval ?? { created_by: actor.id };
  await tx.query('insert into operator_account (user_id, roles, created_by, password_change_required) values ($1, $2::text[], $3, true)', [id, asked.roles, created_by]);
  const [row] = await tx.query<OperatorRow>(`${OPERATOR_VIEW} where o.user_id = $1`, [id]);
  await writeOperatorAudit(tx, { operator: actor, kind: 'operator.create', object: { type: 'operator', id }, after: { ...asked, ...named } });
  return { ok: true, data: toOperatorView(row!) };
}
