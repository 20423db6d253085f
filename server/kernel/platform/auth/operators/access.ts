import { ResultCode } from '../../../../../domain/api.js';
import { isOperatorRole, rolesGrant, type OperatorPermission, type OperatorRole } from '../../../../../domain/operators.js';
import type { Queryable } from '../../db/database.js';
import { ApiFailure } from '../../http/envelope.js';
import { registerMessages } from '../../i18n/messages.js';
import { writeOperatorAudit } from './auditLog.js';
import { permissionForRoute } from './routePermissions.js';
import type en_US from './locales/en_US.json';

type OperatorAccessMessages = typeof en_US;
declare module '../../i18n/messages.js' {
  interface MessageCatalogue extends OperatorAccessMessages {}
}
registerMessages(new URL('./locales/', import.meta.url));

/**
 * The operator behind a call, as the auth hook found it: handlers read it as `request.operator`
 * and hand it to writeOperatorAudit, so each row says who, with which roles, from where.
 */
export interface OperatorActor {
  id: number;
  account: string;
  roles: OperatorRole[];
  /** The client's address (request.ip: X-Forwarded-For only from TRUSTED_PROXIES). */
  client: string;
  /** The session the call came with (session_token.id): its step-up window is this session's alone (stepUp.ts). */
  session?: number;
}

/**
 * A permission refusal: body code 403 like an ended session, but with `data.permission` set, so the
 * console can tell "not yours to do" (stay signed in) from "signed out" (docs/API.md).
 */
export class PermissionRefused extends ApiFailure {
  constructor(readonly permission: OperatorPermission | null) {
    super(ResultCode.forbidden, permission ? 'operatorPermissionRefused' : 'operatorRouteUnlisted', { permission: permission ?? '' }, { permission: permission ?? '' });
  }
}

/**
 * An enabled operator's account and roles, read on every operator call (one indexed row), so a
 * role taken away or a disable applies to the very next call on every server, cache or no cache.
 * Undefined for a disabled operator (or an id that is no operator).
 */
export async function operatorStanding(db: Queryable, id: number): Promise<{ account: string; roles: OperatorRole[] } | undefined> {
  const [row] = await db.query<{ account: string; roles: string[] | null; disabled: boolean }>(
    `select u.account, o.roles, o.disabled_at is not null as disabled
     from app_user u left join operator_account o on o.user_id = u.id where u.id = $1 and u.kind = 'operator'`,
    [id],
  );
  if (!row || row.disabled) return undefined;
  // No operator_account row (an operator made outside ensureOperator and the desk): no roles, so nothing is allowed.
  return { account: row.account, roles: (row.roles ?? []).filter(isOperatorRole) };
}

/**
 * The permission check of the auth hook (authPlugin.ts) for an operator's call: the route's
 * permission from the one table (routePermissions.ts), granted by one of the operator's roles, or
 * the call is refused — a route the table lacks to everyone — and the refusal is written to the
 * audit log (a statement of its own: there is no action to share a transaction with). A disabled
 * operator's token is refused like an ended session (its sessions were revoked with the disable;
 * this covers a server that has not heard yet).
 */
export async function authoriseOperator(db: Queryable, call: { method: string; url: string; client: string }, id: number, session?: number): Promise<OperatorActor> {
  const standing = await operatorStanding(db, id);
  if (!standing) throw new ApiFailure(ResultCode.forbidden, 'notLoggedIn');
  const actor: OperatorActor = { id, ...standing, client: call.client, ...(session === undefined ? {} : { session }) };
  const permission = permissionForRoute(call.method, call.url) ?? null;
  if (permission && rolesGrant(actor.roles, permission)) return actor;
  await writeOperatorAudit(db, {
    operator: actor,
    kind: 'access.refused',
    object: { type: 'route', id: `${call.method.toUpperCase()} ${call.url}` },
    outcome: 'refused',
    detail: permission ?? 'no permission declared for this route',
  });
  throw new PermissionRefused(permission);
}
