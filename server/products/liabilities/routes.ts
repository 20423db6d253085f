import type { FastifyInstance } from 'fastify';
import { LIABILITIES_PATHS } from '../../../domain/liabilities.js';
import { ok, okWith } from '../../kernel/platform/http/envelope.js';
import { rowId, strictObject } from '../../kernel/platform/http/schemas.js';
import { unwrap } from '../../kernel/platform/outcome.js';
import type { Liabilities } from './liabilities.js';
import './messages.js';

/**
 * The proof of liabilities' routes (docs/API.md "Proof of liabilities"): the latest snapshot for
 * anyone; the signed-in user's own leaf and path (never another's: the user is the token's); the
 * snapshots built, for an operator holding `liabilities.read` (the console desk: the auditor reads
 * it, finance builds there); a build now for an operator holding `liabilities.build` (the
 * permission table, server/products/operator/permissions.ts).
 */
export function liabilitiesRoutes(service: Liabilities) {
  return async (app: FastifyInstance) => {
    app.get(LIABILITIES_PATHS.latest, { schema: { querystring: strictObject([], {}) } }, async (request) => ok(request.lang, { snapshot: await service.latest() }));

    app.post<{ Body: { snapshot_id?: number } | null }>(
      LIABILITIES_PATHS.proof,
      { config: { auth: 'user' }, schema: { body: { anyOf: [strictObject([], { snapshot_id: rowId }), { type: 'null' }] } } },
      async (request) => ok(request.lang, { proof: unwrap(await service.proof(request.user.id, request.body?.snapshot_id)) }),
    );

    app.post(LIABILITIES_PATHS.operatorSnapshots, { config: { auth: 'operator' }, schema: { body: { anyOf: [strictObject([], {}), { type: 'null' }] } } }, async (request) =>
      ok(request.lang, { snapshots: await service.recent() }),
    );

    app.post(LIABILITIES_PATHS.operatorBuild, { config: { auth: 'operator' }, schema: { body: { anyOf: [strictObject([], {}), { type: 'null' }] } } }, async (request) =>
      okWith(request.lang, 'liabilitiesBuilt', unwrap(await service.buildByOperator(request.operator))),
    );
  };
}
