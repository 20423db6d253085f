import type { OperatorAuditPage, OperatorAuditQuery, OperatorAuditRow } from '../../../domain/operators.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import type { Outcome } from '../../kernel/platform/outcome.js';
import { csvText } from '../../kernel/platform/http/csv.js';
import './messages.js';

/**
 * The auditor's desk over the operator audit log (issue 51 §2; the log is kernel/platform/auth/operators/
 * auditLog.ts): a search by operator, kind, object, outcome and dates, newest first and paged, and
 * the same filters as CSV. Only reads: the log has no route that changes it.
 */
export const AUDIT_EXPORT_MAX = 10_000;

const COLUMNS = `id, operator_id, operator_account, roles, (extract(epoch from at) * 1000)::bigint as at, client, kind,
  object_type, object_id, before, after, outcome, detail, prev_hash, hash`;

type Row = OperatorAuditRow;

/** The filters as SQL over parameters (never the text itself): `kind` is one kind exactly (the route's schema admits only those of domain/operatorAuditKinds.ts). */
function where(query: OperatorAuditQuery): { sql: string; params: unknown[] } {
  const terms: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    terms.push(sql(`$${params.length}`));
  };
  if (query.operator_id !== undefined) add((n) => `operator_id = ${n}`, query.operator_id);
  if (query.kind) add((n) => `kind = ${n}`, query.kind);
  if (query.object_type) add((n) => `object_type = ${n}`, query.object_type);
  if (query.object_id) add((n) => `object_id = ${n}`, query.object_id);
  if (query.outcome) add((n) => `outcome = ${n}`, query.outcome);
  if (query.from !== undefined) add((n) => `at >= to_timestamp(${n}::bigint / 1000.0)`, query.from);
  if (query.to !== undefined) add((n) => `at < to_timestamp(${n}::bigint / 1000.0)`, query.to);
  return { sql: terms.length ? `where ${terms.join(' and ')}` : '', params };
}

function toRow(row: Row): Row {
  return { ...row, id: Number(row.id), operator_id: row.operator_id === null ? null : Number(row.operator_id), at: Number(row.at) };
}

export async function searchAudit(db: Queryable, query: OperatorAuditQuery, page: number, size: number): Promise<OperatorAuditPage> {
  const filter = where(query);
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n from operator_audit_log ${filter.sql}`, filter.params);
  const rows = await db.query<Row>(
    `select ${COLUMNS} from operator_audit_log ${filter.sql} order by id desc limit $${filter.params.length + 1} offset $${filter.params.length + 2}`,
    [...filter.params, size, (page - 1) * size],
  );
  return { list: rows.map(toRow), total: Number(count?.n ?? 0), page, size };
}

const CSV_HEADER = ['id', 'at', 'operator_id', 'operator_account', 'roles', 'client', 'kind', 'object_type', 'object_id', 'outcome', 'detail', 'before', 'after', 'prev_hash', 'hash'];

/** The filtered rows as CSV, oldest first (the chain's order, so prev_hash follows the line above), or a refusal past AUDIT_EXPORT_MAX rows. */
export async function exportAudit(db: Queryable, query: OperatorAuditQuery): Promise<Outcome<{ csv: string; rows: number }>> {
  const filter = where(query);
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n from operator_audit_log ${filter.sql}`, filter.params);
  if (Number(count?.n ?? 0) > AUDIT_EXPORT_MAX) return { ok: false, key: 'operatorAuditExportTooLarge', vars: { max: String(AUDIT_EXPORT_MAX) } };
  const rows = (await db.query<Row>(`select ${COLUMNS} from operator_audit_log ${filter.sql} order by id`, filter.params)).map(toRow);
  const lines = rows.map((r) =>
    [r.id, new Date(r.at).toISOString(), r.operator_id, r.operator_account, r.roles.join(' '), r.client, r.kind, r.object_type, r.object_id, r.outcome, r.detail, r.before, r.after, r.prev_hash, r.hash],
  );
  return { ok: true, data: { csv: csvText(CSV_HEADER, lines), rows: rows.length } };
}
