import type { FastifyInstance } from 'fastify';
import { operatorLogin } from './operators.js';
import { revokeSession } from '../../kernel/auth/sessions.js';
import type { Database } from '../../kernel/db/database.js';
import { ok } from '../../kernel/http/envelope.js';
import { unwrap } from '../../kernel/outcome.js';
import { anyBody, password, strictObject, text } from '../../kernel/http/schemas.js';
import { DEFAULT_ACCOUNT_RATE_LIMITS, perClientPerMinute } from '../../kernel/http/rateLimit.js';

/**
 * The operator's own session: login (operators are accounts of kind 'operator', see operators.ts)
 * and logout, which ends only an operator token (a user token answers 403). Each product's review
 * calls live with that product (kyc/operatorRoutes.ts, wallet/operatorRoutes.ts).
 */
export function operatorRoutes(db: Database, limits: { operatorLogin: number } = DEFAULT_ACCOUNT_RATE_LIMITS) {
  return async (app: FastifyInstance) => {
    app.post<{ Body: { account: string; password: string } }>(
      '/api/operator/login',
      {
        // Per client, like the users' login; wrong passwords also back off per account (operators.ts).
        config: perClientPerMinute(limits.operatorLogin),
        schema: {
          body: strictObject(['account', 'password'], { account: text(254, 1), password }),
        },
      },
      async (request) => ok(request.lang, unwrap(await operatorLogin(db, request.body, { userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512), ip: request.ip }))),
    );

    app.post('/api/operator/logout', { config: { auth: 'operator' }, schema: { body: anyBody } }, async (request) => {
      await revokeSession(db, request.token!);
      return ok(request.lang, null);
    });
  };
}

