import type { OperatorAuditKind } from '../../../../../domain/operatorAuditKinds.js';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../db/database.js';
import { ok } from '../../http/envelope.js';
import { paging, strictObject } from '../../http/schemas.js';
import { unwrap, type Outcome } from '../../outcome.js';
import { writeOperatorAudit } from './auditLog.js';
import { auditRefusal } from './operatorAction.js';

const operator = { auth: 'operator' } as const;
const PAGE_SIZE = 20;

/** An operator desk's search over its own rows (the users desk, the audit log). */
export interface OperatorSearch<Query> {
  paths: { search: string; export: string };
  /** The filters' schema properties, every one optional; the search adds `page` and `size`. */
  filters: Record<string, unknown>;
  /** A page of the rows the filters find. */
  search(db: Queryable, query: Query, page: number, size: number): Promise<unknown>;
  /** The rows the filters find as CSV, or a refusal (too many rows). */
  exportCsv(db: Queryable, query: Query): Promise<Outcome<{ csv: string; rows: number }>>;
  /** The export's audit row: its kind and the type of what it exported. */
  audit: { kind: OperatorAuditKind; objectType: string };
  /** The name the console saves the CSV under. */
  filename: string;
}

/**
 * A desk's paged search and its CSV export, two routes over one set of filters. Each route's
 * permission is the kernel's table (routePermissions.ts), checked before the body is read. The CSV
 * travels inside the usual envelope (the console's API client reads envelopes only and saves the
 * text as a file), and the rows leaving the building are written to the audit log in the read's transaction.
 */
export function operatorSearchRoutes<Query extends object>(app: FastifyInstance, db: Database, desk: OperatorSearch<Query>): void {
  // The bodies are the filters the schemas admit (fastify's typing cannot follow a generic body).
  const filtersOf = (body: object) => body as Query;
  app.post<{ Body: { page: number; size?: number } }>(
    desk.paths.search,
    { config: operator, schema: { body: strictObject(['page'], { ...desk.filters, ...paging(100) }) } },
    async (request) => {
      const { page, size, ...query } = request.body;
      return ok(request.lang, await desk.search(db, filtersOf(query), page, size ?? PAGE_SIZE));
    },
  );
  app.post<{ Body: Record<string, unknown> }>(desk.paths.export, { config: operator, schema: { body: strictObject([], desk.filters) } }, async (request) => {
    // The rows read and their audit row in one transaction: an export is on record whenever it left.
    const action = { operator: request.operator, kind: desk.audit.kind, object: { type: desk.audit.objectType, id: '' } };
    const outcome = await db.transaction(async (tx) => {
      const read = await desk.exportCsv(tx, filtersOf(request.body));
      if (!read.ok) return read;
      await writeOperatorAudit(tx, { ...action, after: { filters: request.body, rows: read.data.rows } });
      return read;
    });
    // A refused export (too many rows) is on record too, with the filters asked.
    const exported = unwrap(await auditRefusal(db, { ...action, asked: { filters: request.body } }, outcome));
    return ok(request.lang, { filename: desk.filename, rows: exported.rows, csv: exported.csv });
  });
}
