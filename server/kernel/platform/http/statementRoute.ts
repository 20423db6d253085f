import type { FastifyInstance } from 'fastify';
import { STATEMENT_DAYS, STATEMENT_MAX_ROWS, statementFilename, type Statement, type StatementDays } from '../../../../domain/statements.js';
import { refuse, unwrap, type Outcome } from '../outcome.js';
import { csvText } from './csv.js';
import { ok } from './envelope.js';
import { recordDays, strictObject } from './schemas.js';

const DAY_MS = 86_400_000;

/** A product's statement: its file's kind, its columns, and its rows in a window, oldest first. */
export interface StatementSource {
  /** In the file's name: `openex-<kind>-…csv`. */
  kind: string;
  header: readonly string[];
  /** The user's rows with a time in [from, to), oldest first, at most `limit`. */
  rows(userId: number, from: number, to: number, limit: number): Promise<ReadonlyArray<readonly unknown[]>>;
}

/** The statement of the last `days` days, or a refusal when it would hold more than STATEMENT_MAX_ROWS rows. */
export async function statementOf(source: StatementSource, userId: number, days: StatementDays, now: number): Promise<Outcome<Statement>> {
  const from = now - days * DAY_MS;
  // One row past the cap says the period is too long without counting every row first.
  const rows = await source.rows(userId, from, now, STATEMENT_MAX_ROWS + 1);
  if (rows.length > STATEMENT_MAX_ROWS) return refuse('statementTooLarge', { max: String(STATEMENT_MAX_ROWS) });
  return { ok: true, data: { filename: statementFilename(source.kind, from, now), rows: rows.length, csv: csvText(source.header, rows) } };
}

/**
 * A product's statement route (docs/API.md "Statements"): `{ days }` of STATEMENT_DAYS, a user
 * token (checked before the body), the file inside the usual envelope — the browser's API client
 * reads envelopes and saves the text as a file, as the operator desks' exports do. Only reads.
 */
export function statementRoute(app: FastifyInstance, path: string, source: StatementSource, now: () => number = Date.now): void {
  app.post<{ Body: { days: StatementDays } }>(
    path,
    { config: { auth: 'user' }, schema: { body: strictObject(['days'], { days: recordDays(STATEMENT_DAYS) }) } },
    async (request) => ok(request.lang, unwrap(await statementOf(source, request.user.id, request.body.days, now()))),
  );
}
