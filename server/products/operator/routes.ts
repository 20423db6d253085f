import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../src/domain/api.js';
import type { Kyc } from '../kyc/kyc.js';
import { operatorForToken, operatorLogin } from './operators.js';
import { revokeSession } from '../../kernel/auth/sessions.js';
import type { Database } from '../../kernel/db/database.js';
import { ApiFailure, ok } from '../../kernel/http/envelope.js';
import { unwrap } from '../kyc/routes.js';
import { anyBody } from '../../kernel/http/schemas.js';

async function requireOperator(db: Database, request: FastifyRequest) {
  const operator = await operatorForToken(db, request.token);
  if (!operator) throw new ApiFailure(ResultCode.forbidden, 'notLoggedIn');
  return operator;
}

const idBody = (extra: Record<string, object> = {}, required: string[] = []) =>
  ({
    type: 'object',
    required: ['id', ...required],
    additionalProperties: false,
    properties: { id: { type: 'integer', minimum: 1, maximum: 2 ** 53 - 1 }, ...extra },
  }) as const;

/** The operator interface: its own login, and the identity review queue (operator token only). */
export function operatorRoutes(db: Database, kyc: Kyc) {
  return async (app: FastifyInstance) => {
    app.post<{ Body: { account: string; password: string } }>(
      '/api/operator/login',
      {
        schema: {
          body: {
            type: 'object',
            required: ['account', 'password'],
            additionalProperties: false,
            properties: { account: { type: 'string', minLength: 1, maxLength: 254 }, password: { type: 'string', minLength: 1, maxLength: 64 } },
          },
        },
      },
      async (request) => ok(request.lang, unwrap(await operatorLogin(db, request.body))),
    );

    app.post('/api/operator/logout', { schema: { body: anyBody } }, async (request) => {
      // Only an operator's own token is ended here; a user token is left alone.
      if (await operatorForToken(db, request.token)) await revokeSession(db, request.token!);
      return ok(request.lang, null);
    });

    app.post('/api/operator/kyc/list', { schema: { body: anyBody } }, async (request) => {
      await requireOperator(db, request);
      return ok(request.lang, await kyc.pending());
    });

    app.post<{ Body: { id: number } }>('/api/operator/kyc/detail', { schema: { body: idBody() } }, async (request) => {
      await requireOperator(db, request);
      const detail = await kyc.detail(request.body.id);
      if (!detail) throw new ApiFailure(ResultCode.notFound, 'notFound');
      return ok(request.lang, detail);
    });

    app.post<{ Body: { id: number } }>('/api/operator/kyc/approve', { schema: { body: idBody() } }, async (request) => {
      const operator = await requireOperator(db, request);
      return ok(request.lang, unwrap(await kyc.approve(request.body.id, operator.id)));
    });

    app.post<{ Body: { id: number; reason: string } }>(
      '/api/operator/kyc/reject',
      { schema: { body: idBody({ reason: { type: 'string', maxLength: 200 } }, ['reason']) } },
      async (request) => {
        const operator = await requireOperator(db, request);
        return ok(request.lang, unwrap(await kyc.reject(request.body.id, operator.id, request.body.reason)));
      },
    );
  };
}
