import type { FastifyInstance } from 'fastify';
import { OPERATOR_PATHS, type OperatorRole, type OperatorView } from '../../../domain/operators.js';
import type { Queryable } from '../../../server/kernel/db/database.js';
import { expectOk, post } from '../http.js';

/** A password the operators desk takes (zxcvbn score ≥ 3). */
export const DESK_PASSWORD = 'Lantern-Harbour-Quill-2026';

export interface TestOperator {
  id: number;
  account: string;
  headers: Record<string, string>;
}

let made = 0;

/**
 * An operator with `roles`, made through the admin's desk as `admin` (an operator holding `admin`)
 * and signed in through the operator login, as a person would: each test file's role operators.
 * Each sign-in comes from an address of its own, so the login's per-client limit never counts them together.
 */
export async function deskOperator(app: FastifyInstance, admin: Record<string, string>, roles: readonly OperatorRole[], name?: string): Promise<TestOperator> {
  const account = name ?? `${roles.join('-') || 'none'}-${++made}-${process.pid}@openex.test`;
  const view = expectOk(await post<OperatorView>(app, OPERATOR_PATHS.create, { account, password: DESK_PASSWORD, roles }, admin));
  const signIn = await app.inject({ method: 'POST', url: OPERATOR_PATHS.login, payload: { account, password: DESK_PASSWORD }, remoteAddress: `10.51.${made % 250}.${(made * 7) % 250}` });
  const token = (signIn.json() as { data: { token: string } }).data.token;
  return { id: view.id, account, headers: { token } };
}

/** The audit log's rows after `afterId`, oldest first. */
export async function auditRowsAfter(db: Queryable, afterId: number) {
  return db.query<{ id: number; operator_id: number | null; kind: string; object_type: string; object_id: string; outcome: string; detail: string; before: unknown; after: unknown; roles: string[]; client: string }>(
    'select id, operator_id, kind, object_type, object_id, outcome, detail, before, after, roles, client from operator_audit_log where id > $1 order by id',
    [afterId],
  );
}

/** The log's last id (0 when empty): a test's mark before it acts. */
export async function auditMark(db: Queryable): Promise<number> {
  const [row] = await db.query<{ id: number | null }>('select max(id) as id from operator_audit_log');
  return Number(row?.id ?? 0);
}
