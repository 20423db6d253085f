import type { FastifyInstance } from 'fastify';
import { TREASURY_DAYS, TREASURY_PATHS, TREASURY_SERIES, type TreasuryDays, type TreasurySeriesName } from '../../../domain/treasury.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { ok } from '../../kernel/platform/http/envelope.js';
import { strictObject } from '../../kernel/platform/http/schemas.js';
import { readBalanceSheet } from './balanceSheet.js';
import { readSeries } from './series.js';

/**
 * The treasury desk's routes (docs/API.md "Treasury"): operator calls holding `treasury.read`
 * (finance, auditor; server/products/operator/permissions.ts). Both only read: nothing is audited
 * as an action, and a bad series or range is the strict input's 400.
 */
export function treasuryRoutes(db: Database, now: () => number) {
  return async (app: FastifyInstance) => {
    app.post<{ Body: { series: TreasurySeriesName; range_days: TreasuryDays } }>(
      TREASURY_PATHS.series,
      { config: { auth: 'operator' }, schema: { body: strictObject(['series', 'range_days'], { series: { type: 'string', enum: [...TREASURY_SERIES] }, range_days: { type: 'integer', enum: [...TREASURY_DAYS] } }) } },
      async (request) => ok(request.lang, await readSeries(db, request.body.series, request.body.range_days, now())),
    );
    app.post(TREASURY_PATHS.balanceSheet, { config: { auth: 'operator' }, schema: { body: { anyOf: [strictObject([], {}), { type: 'null' }] } } }, async (request) =>
      ok(request.lang, await readBalanceSheet(db, now())),
    );
  };
}
