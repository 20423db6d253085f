import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../domain/api.js';
import { KYC_QUEUE_PAGE_MAX, KYC_QUEUE_SEARCH_MAX, type KycQueueQuery } from '../../../domain/kyc.js';
import { requireAuthForAll } from '../../kernel/platform/auth/authPlugin.js';
import { ApiFailure, ok } from '../../kernel/platform/http/envelope.js';
import { operatorReason, paging, rowId, secondFactorCode, strictObject, text } from '../../kernel/platform/http/schemas.js';
import { unwrap } from '../../kernel/platform/outcome.js';
import type { Kyc } from './kyc.js';

const idBody = (extra: Record<string, object> = {}, required: string[] = []) => strictObject(['id', ...required], { id: rowId, ...extra });

/** The operator's identity review queue (operator token only, body code 403 otherwise). */
export function kycOperatorRoutes(kyc: Kyc) {
  return async (app: FastifyInstance) => {
    requireAuthForAll(app, 'operator');
    // The queue, a page at a time (at most KYC_QUEUE_PAGE_MAX), searched by email, account or user id: a bad page, size or search is a translated 400.
    const listBody = strictObject([], { search: text(KYC_QUEUE_SEARCH_MAX), ...paging(KYC_QUEUE_PAGE_MAX) });
    app.post<{ Body: KycQueueQuery }>('/api/operator/kyc/list', { schema: { body: listBody } }, async (request) => {
      return ok(request.lang, await kyc.pending(request.body));
    });

    app.post<{ Body: { id: number } }>('/api/operator/kyc/detail', { schema: { body: idBody() } }, async (request) => {
      const detail = await kyc.detail(request.body.id);
      if (!detail) throw new ApiFailure(ResultCode.notFound, 'notFound');
      return ok(request.lang, detail);
    });

    // A review moves what the user may withdraw: each asks the operator's own 2FA code (`code`, as the users desk's actions).
    app.post<{ Body: { id: number; code?: string } }>('/api/operator/kyc/approve', { schema: { body: idBody({ code: secondFactorCode }) } }, async (request) => {
      return ok(request.lang, unwrap(await kyc.approve(request.body.id, request.operator, request.body.code, request.lang)));
    });

    // No reason (absent, empty or blank) is the service's refusal, "give a reason", audited: not a schema error naming a field.
    app.post<{ Body: { id: number; reason?: string; code?: string } }>(
      '/api/operator/kyc/reject',
      { schema: { body: idBody({ reason: operatorReason, code: secondFactorCode }) } },
      async (request) => {
        return ok(request.lang, unwrap(await kyc.reject(request.body.id, request.operator, request.body.reason ?? '', request.body.code, request.lang)));
      },
    );
  };
}
