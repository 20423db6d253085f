import type { FastifyInstance } from 'fastify';
import { CORRECTION_DIRECTIONS, CORRECTION_PATHS, CORRECTION_REASON_MAX, CORRECTION_REFERENCE_MAX, CORRECTION_STATES, type CorrectionProposal, type CorrectionQuery } from '../../../../domain/corrections.js';
import { requireAuthForAll } from '../../../kernel/platform/auth/authPlugin.js';
import { okWith, ok } from '../../../kernel/platform/http/envelope.js';
import { currency, decimal, paging, rowId, strictObject, text, operatorCode, operatorCodeOf, type OperatorCodeBody } from '../../../kernel/platform/http/schemas.js';
import { unwrap } from '../../../kernel/platform/outcome.js';
import { corrections, type CorrectionDeps, type Corrections } from './corrections.js';
import './messages.js';

const body = (required: string[], properties: Record<string, unknown>) => ({ schema: { body: strictObject(required, properties) } }) as const;

/**
 * The corrections desk's routes (operator token only; each route's permission is in the operator
 * product's table, server/products/operator/permissions.ts): list and the corrections account
 * (corrections.read), propose (corrections.propose), approve with the approver's 2FA code and
 * reject or withdraw with a reason (corrections.approve). `now` is the clock (tests move it between
 * TOTP steps and past a proposal's expiry). Pass a built service, or its deps.
 */
export function correctionRoutes(deps: CorrectionDeps | { service: Corrections }) {
  const service = 'service' in deps ? deps.service : corrections(deps);
  return async (app: FastifyInstance) => {
    requireAuthForAll(app, 'operator');

    app.post<{ Body: CorrectionQuery }>(CORRECTION_PATHS.list, body(['page'], { state: { type: 'string', enum: [...CORRECTION_STATES] }, ...paging() }), async (request) =>
      ok(request.lang, await service.list(request.body)),
    );
    app.post(CORRECTION_PATHS.account, body([], {}), async (request) => ok(request.lang, await service.account()));
    app.post<{ Body: CorrectionProposal }>(
      CORRECTION_PATHS.propose,
      body(['user_id', 'currency', 'account', 'direction', 'quantity', 'reason'], {
        user_id: rowId,
        currency,
        account: { type: 'string', enum: [...service.accountKinds] },
        direction: { type: 'string', enum: [...CORRECTION_DIRECTIONS] },
        quantity: decimal,
        reason: text(CORRECTION_REASON_MAX),
        reference: text(CORRECTION_REFERENCE_MAX),
      }),
      async (request) => okWith(request.lang, 'correctionProposed', unwrap(await service.propose(request.body, request.operator))),
    );
    app.post<{ Body: { id: number } & OperatorCodeBody }>(CORRECTION_PATHS.approve, body(['id'], { id: rowId, ...operatorCode }), async (request) =>
      okWith(request.lang, 'correctionExecuted', unwrap(await service.approve(request.body.id, request.operator, operatorCodeOf(request.body), request.lang))),
    );
    app.post<{ Body: { id: number; reason: string } }>(CORRECTION_PATHS.reject, body(['id', 'reason'], { id: rowId, reason: text(CORRECTION_REASON_MAX) }), async (request) => {
      const decided = unwrap(await service.reject(request.body.id, request.operator, request.body.reason));
      return okWith(request.lang, decided.state === 'withdrawn' ? 'correctionWithdrawn' : 'correctionRejected', decided);
    });
  };
}
