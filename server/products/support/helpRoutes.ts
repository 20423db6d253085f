import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../domain/api.js';
import { helpArticle, listHelp } from './help.js';
import './messages.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { ApiFailure, ok } from '../../kernel/platform/http/envelope.js';
import { strictObject, text } from '../../kernel/platform/http/schemas.js';

const articleId = { type: 'string', pattern: '^[a-z0-9-]{1,64}$' } as const;

/** Help centre (spec §2 /user/helpcenter, /user/helpDetail). Public content, in the request's language. */
export function helpRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    app.post<{ Body: { search?: string; category?: string } | null }>(
      '/api/help/list',
      {
        schema: {
          body: { anyOf: [strictObject([], { search: text(100), category: { type: 'string', pattern: '^[a-z_]{0,32}$' } }), { type: 'null' }] },
        },
      },
      async (request) => ok(request.lang, await listHelp(db, request.lang, request.body ?? {})),
    );

    app.post<{ Body: { id: string } }>(
      '/api/help/detail',
      { schema: { body: strictObject(['id'], { id: articleId }) } },
      async (request) => {
        const article = await helpArticle(db, request.lang, request.body.id);
        if (!article) throw new ApiFailure(ResultCode.notFound, 'articleNotFound');
        return ok(request.lang, article);
      },
    );
  };
}
