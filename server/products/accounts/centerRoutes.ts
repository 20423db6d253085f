import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../domain/api.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { userById } from '../../kernel/platform/auth/sessions.js';
import { ApiFailure, ok } from '../../kernel/platform/http/envelope.js';
import { anyBody } from '../../kernel/platform/http/schemas.js';

export function centerRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    // Without a live token: body code 403, which the client answers by clearing the session.
    app.post('/api/center/index', { config: { auth: 'user' }, schema: { body: anyBody } }, async (request) => {
      const user = await userById(db, request.user.id);
      if (!user) throw new ApiFailure(ResultCode.forbidden, 'notLoggedIn');
      return ok(request.lang, user);
    });
  };
}
