import type { OperatorAuditKind } from '../../../domain/operatorAuditKinds.js';
import { ACCESS_REQUEST_TTL_MS, type AccessRequestKind, type OperatorAccessRequest, type OperatorRole, type OperatorView } from '../../../domain/operators.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit } from '../../kernel/platform/auth/operators/auditLog.js';
import { askOperatorCode } from '../../kernel/platform/auth/operators/operatorAction.js';
import type { MessageKey } from '../../kernel/platform/i18n/messages.js';
import type { Outcome } from '../../kernel/platform/outcome.js';
import { applyChange, applyCreate, canonicalRoles, OPERATOR_VIEW, type OperatorRow } from './operatorChanges.js';
import './messages.js';

/**
 * Two admins give access (docs/OPERATOR.md "Two admins give access"). One admin alone could
 * otherwise make a second finance operator, or give themselves finance, and pass the corrections'
 * four-eyes rule by themselves. So an admin's change that gives access — a new operator, a role
 * added, an operator enabled again — is only asked for here; another admin approves it with their
 * own 2FA code (neither the one who asked nor the operator it gives to), and the approval applies
 * it in its transaction. The environment's operator (OPERATOR_ACCOUNT: whoever holds its password
 * holds the server) gives access alone, as it must on a new deployment. Any admin may reject a
 * pending request, the asker included (a withdrawal). A request not approved within a day can only
 * be rejected: an old yes to an old question is not a yes now.
 *
 * Audit rows, each in its call's transaction: `operator.access_request` (the ask), the change's own
 * kind with `request` and `requested_by` in its `after` (the approval), `operator.access_reject`;
 * refusals as `operator.access_approve` / `operator.access_reject` with their key.
 */

interface RequestRow {
  id: number;
  kind: AccessRequestKind;
  operator_id: number | null;
  account: string;
  roles: string[];
  password_hash: string | null;
  requested_by: string;
  requested_by_id: number;
  requested_at: number;
  state: OperatorAccessRequest['state'];
  decided_by: string | null;
  decided_at: number | null;
}

const REQUESTS = `select r.id, r.kind, r.operator_id, r.account, r.roles, r.password_hash, a.account as requested_by, r.requested_by as requested_by_id,
  (extract(epoch from r.requested_at) * 1000)::bigint as requested_at, r.state, d.account as decided_by,
  (extract(epoch from r.decided_at) * 1000)::bigint as decided_at
  from operator_access_request r join app_user a on a.id = r.requested_by left join app_user d on d.id = r.decided_by`;

function toRequest(row: RequestRow): OperatorAccessRequest {
  return {
    id: Number(row.id),
    kind: row.kind,
    operator_id: row.operator_id === null ? null : Number(row.operator_id),
    account: row.account,
    roles: canonicalRoles(row.roles),
    requested_by: row.requested_by,
    requested_by_id: Number(row.requested_by_id),
    requested_at: Number(row.requested_at),
    state: row.state,
    decided_by: row.decided_by,
    decided_at: row.decided_at === null ? null : Number(row.decided_at),
  };
}

/** What an admin asks for: the change, the operator it is for (none yet for a new one), and a new operator's first password. */
export interface AccessAsk {
  kind: AccessRequestKind;
  operatorId: number | null;
  account: string;
  roles: readonly OperatorRole[];
  passwordHash?: string;
}

/** Writes the request and its audit row in `tx`; one already pending for the same operator or name is refused. */
export async function askForAccess(tx: Queryable, actor: OperatorActor, ask: AccessAsk, now: number): Promise<Outcome<{ request: OperatorAccessRequest }>> {
  const asked = { kind: ask.kind, account: ask.account, roles: canonicalRoles(ask.roles) };
  const [made] = await tx.query<{ id: number }>(
    `insert into operator_access_request (kind, operator_id, account, roles, password_hash, requested_by, requested_at)
     values ($1, $2, $3, $4::text[], $5, $6, to_timestamp($7::double precision / 1000)) on conflict do nothing returning id`,
    [ask.kind, ask.operatorId, ask.account, asked.roles, ask.passwordHash ?? null, actor.id, now],
  );
  const object = { type: 'operator', id: ask.operatorId ?? '' };
  if (!made) {
    await writeOperatorAudit(tx, { operator: actor, kind: 'operator.access_request', object, after: asked, outcome: 'refused', detail: 'operatorAccessAlreadyAsked' });
    return { ok: false, key: 'operatorAccessAlreadyAsked' };
  }
  await writeOperatorAudit(tx, { operator: actor, kind: 'operator.access_request', object, after: { ...asked, request: Number(made.id) } });
  const [row] = await tx.query<RequestRow>(`${REQUESTS} where r.id = $1`, [made.id]);
  return { ok: true, data: { request: toRequest(row!) } };
}

export function accessRequests(db: Database, now: () => number = Date.now) {
  const refused = async <T>(tx: Queryable, actor: OperatorActor, kind: OperatorAuditKind, request: RequestRow | number, key: MessageKey): Promise<Outcome<T>> => {
    const id = typeof request === 'number' ? request : Number(request.id);
    const object = { type: 'operator', id: typeof request === 'number' ? '' : (request.operator_id ?? '') };
    await writeOperatorAudit(tx, { operator: actor, kind, object, after: { request: id }, outcome: 'refused', detail: key });
    return { ok: false, key };
  };

  /** The pending request `id`, locked, or why it cannot be decided. */
  async function pending(tx: Queryable, id: number): Promise<RequestRow | MessageKey> {
    const [row] = await tx.query<RequestRow>(`${REQUESTS} where r.id = $1 for update of r`, [id]);
    if (!row) return 'operatorAccessRequestNotFound';
    if (row.state !== 'pending') return 'operatorAccessRequestDecided';
    return row;
  }

  const decide = (tx: Queryable, actor: OperatorActor, id: number, state: 'approved' | 'rejected') =>
    tx.query(`update operator_access_request set state = $2, decided_by = $3, decided_at = to_timestamp($4::double precision / 1000), password_hash = null where id = $1`, [id, state, actor.id, now()]);

  /** The approved change, applied as its approver (the change's audit row names the request and who asked). */
  async function apply(tx: Queryable, actor: OperatorActor, request: RequestRow): Promise<Outcome<OperatorView>> {
    const approval = { request: Number(request.id), requested_by: request.requested_by };
    if (request.kind === 'operator.create') {
      return applyCreate(tx, actor, { account: request.account, roles: canonicalRoles(request.roles) }, request.password_hash!, { ...approval, created_by: Number(request.requested_by_id) });
    }
    const [row] = await tx.query<OperatorRow>(`${OPERATOR_VIEW} where o.user_id = $1 for update of o`, [request.operator_id]);
    if (!row) return { ok: false, key: 'operatorNotFound' };
    if (row.from_environment) return { ok: false, key: 'operatorFromEnvironment' };
    const what = request.kind === 'operator.enable' ? { kind: request.kind } : { kind: request.kind, roles: canonicalRoles(request.roles) };
    return { ok: true, data: await applyChange(tx, actor, row, what, approval) };
  }

  return {
    /** The pending requests, oldest first, then the last 50 decided ones. */
    async list(): Promise<OperatorAccessRequest[]> {
      const rows = await db.query<RequestRow>(
        `(${REQUESTS} where r.state = 'pending' order by r.id limit 500) union all (${REQUESTS} where r.state <> 'pending' order by r.decided_at desc, r.id desc limit 50)`,
      );
      return rows.map(toRequest);
    },

    /** A second admin's yes, with their own code: the change is made in the same transaction. */
    async approve(actor: OperatorActor, id: number, code: string | undefined, lang?: string): Promise<Outcome<OperatorView>> {
      const proven = await askOperatorCode(db, { operator: actor, kind: 'operator.access_approve', object: { type: 'operator_access_request', id }, code, now: now(), lang, notEnabled: 'operatorDeskTwoFactorRequired' });
      if (!proven.ok) return proven;
      return db.transaction(async (tx) => {
        const request = await pending(tx, id);
        if (typeof request === 'string') return refused(tx, actor, 'operator.access_approve', id, request);
        if (Number(request.requested_by_id) === actor.id) return refused(tx, actor, 'operator.access_approve', request, 'operatorAccessOwnRequest');
        if (request.operator_id !== null && Number(request.operator_id) === actor.id) return refused(tx, actor, 'operator.access_approve', request, 'operatorAccessForYou');
        if (now() - Number(request.requested_at) > ACCESS_REQUEST_TTL_MS) return refused(tx, actor, 'operator.access_approve', request, 'operatorAccessRequestExpired');
        const applied = await apply(tx, actor, request);
        // A refusal while applying (the name was taken meanwhile, the operator is gone) leaves the request pending: it can be rejected.
        if (!applied.ok) return applied.key === 'operatorAccountTaken' ? applied : refused(tx, actor, 'operator.access_approve', request, applied.key);
        await decide(tx, actor, Number(request.id), 'approved');
        return applied;
      });
    },

    /** Any admin's no (the asker's own withdrawal included): nothing is changed but the request. */
    async reject(actor: OperatorActor, id: number): Promise<Outcome<OperatorAccessRequest>> {
      return db.transaction(async (tx) => {
        const request = await pending(tx, id);
        if (typeof request === 'string') return refused(tx, actor, 'operator.access_reject', id, request);
        await decide(tx, actor, Number(request.id), 'rejected');
        const after = { request: Number(request.id), kind: request.kind, account: request.account, roles: canonicalRoles(request.roles), state: 'rejected' };
        await writeOperatorAudit(tx, { operator: actor, kind: 'operator.access_reject', object: { type: 'operator', id: request.operator_id ?? '' }, before: { state: 'pending' }, after });
        const [row] = await tx.query<RequestRow>(`${REQUESTS} where r.id = $1`, [request.id]);
        return { ok: true, data: toRequest(row!) };
      });
    },
  };
}

export type AccessRequests = ReturnType<typeof accessRequests>;
