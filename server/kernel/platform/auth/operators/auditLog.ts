import type { OperatorAuditKind } from '../../../../../domain/operatorAuditKinds.js';
import type { AuditOutcome } from '../../../../../domain/operators.js';
import type { Queryable } from '../../db/database.js';

/**
 * The operator audit log (issue 51 §2; migration 040, docs/OPERATOR.md "The audit log"): one row
 * per operator action, sign-in attempt and permission refusal, in the same transaction as the
 * action, so a committed action always has its row and a rolled-back one never does. The table is
 * append-only (a trigger refuses update, delete and truncate) and chained: the insert trigger gives
 * each row the next id and sha256(previous hash ‖ content), under a lock held to the commit. The
 * kernel's, because the auth hook writes refusals and every product with operator actions writes
 * its own rows; products never import each other.
 */

/** Who acted: the auth hook's actor (`request.operator`), or as much of it as the caller knows. */
export interface AuditActor {
  /** Null for a sign-in attempt that named no operator. */
  id: number | null;
  /** Looked up from the id when absent (or the account typed at a failed sign-in). */
  account?: string;
  /** Looked up from operator_account, in the same transaction, when absent. */
  roles?: readonly string[];
  /** The client's address (request.ip). */
  client?: string;
}

export interface OperatorAuditEntry {
  operator: AuditActor;
  /** What was done, dotted: `operator.create`, `kyc.approve`, `access.refused` … (domain/operatorAuditKinds.ts lists them, each with the desk's label). */
  kind: OperatorAuditKind;
  /** What it was done to: a table-like type and its id. */
  object?: { type: string; id: string | number };
  /** The object's values before and after, as JSON (only the fields the action touched). */
  before?: unknown;
  after?: unknown;
  /** 'done' (the default) or 'refused'. */
  outcome?: AuditOutcome;
  /** A reason, a refusal's message key, the route refused. */
  detail?: string;
}

const DETAIL_MAX = 500;
const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * Writes one row in `tx`, the action's own transaction. Write it as the transaction's last
 * statement: the chain's lock is taken here and held to the commit, so taking other locks after it
 * could deadlock against another writer that holds them and waits for the chain.
 */
export async function writeOperatorAudit(tx: Queryable, entry: OperatorAuditEntry): Promise<void> {
  const { operator } = entry;
  await tx.query(
    `insert into operator_audit_log (operator_id, operator_account, roles, client, kind, object_type, object_id, before, after, outcome, detail)
     select $1::bigint, coalesce($2::text, (select account from app_user where id = $1::bigint), ''),
       coalesce($3::text[], (select roles from operator_account where user_id = $1::bigint), '{}'::text[]),
       $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, $11`,
    [
      operator.id,
      operator.account === undefined ? null : operator.account.slice(0, 254),
      operator.roles === undefined ? null : [...operator.roles],
      (operator.client ?? '').slice(0, 64),
      entry.kind,
      entry.object?.type ?? '',
      entry.object === undefined ? '' : String(entry.object.id),
      json(entry.before),
      json(entry.after),
      entry.outcome ?? 'done',
      (entry.detail ?? '').slice(0, DETAIL_MAX),
    ],
  );
}

/**
 * The chain's check, for the ledger audit (ledgerAudit.ts): every row's id follows the previous
 * one's, its prev_hash is the previous row's hash, and its hash is what its content gives. A deleted
 * row shows as a gap, an edited one as a hash that no longer matches, a re-hashed edit as the next
 * row's broken link. (Cutting rows off the end leaves a shorter, valid chain: docs/OPERATOR.md says
 * how an operator anchors the last hash outside the database.) Nothing on a database migrated to
 * before the log existed.
 */
export async function operatorAuditFindings(db: Queryable): Promise<string[]> {
  const [table] = await db.query<{ name: string | null }>(`select to_regclass('operator_audit_log')::text as name`);
  if (!table?.name) return [];
  const broken = await db.query<{ id: number; problem: 'gap' | 'link' | 'hash' }>(
    `select id, case when id <> expected_id then 'gap' when prev_hash <> expected_prev then 'link' else 'hash' end as problem from (
       select l.id, l.prev_hash, l.hash, operator_audit_hash(l) as computed,
         lag(l.id, 1, 0::bigint) over w + 1 as expected_id, lag(l.hash, 1, '') over w as expected_prev
       from operator_audit_log l window w as (order by l.id)) chained
     where id <> expected_id or prev_hash <> expected_prev or hash <> computed
     order by id limit 20`,
  );
  const says = { gap: 'rows are missing before it', link: "its prev_hash is not the previous row's hash", hash: 'its content does not give its hash (edited)' };
  return broken.map((b) => `operator audit log broken at row ${b.id}: ${says[b.problem]}`);
}


/**
 * The fields that differ between an object's two states, as the row's before and after: an edit
 * of one field of a project records that field, not the whole project twice.
 */
export function changedFields<T extends object>(before: T, after: T): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return { before: was, after: now };
}
