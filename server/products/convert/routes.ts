import type { FastifyInstance } from 'fastify';
import { CONVERT_PATHS } from '../../../domain/convert.js';
import { ok, okWith } from '../../kernel/platform/http/envelope.js';
import { currency, decimal, page, rowId, strictObject } from '../../kernel/platform/http/schemas.js';
import { unwrap } from '../../kernel/platform/outcome.js';
import type { ConvertService } from './convert.js';
import './messages.js';

/** The conversions' routes (docs/API.md "Convert"), each the signed-in user's own. */
export function convertRoutes(service: ConvertService) {
  return async (app: FastifyInstance) => {
    const user = { auth: 'user' } as const;

    app.post<{ Body: { from: string; to: string; amount: string } }>(
      CONVERT_PATHS.quote,
      { config: user, schema: { body: strictObject(['from', 'to', 'amount'], { from: currency, to: currency, amount: decimal }) } },
      async (request) => ok(request.lang, unwrap(await service.quote(request.user.id, request.body))),
    );

    app.post<{ Body: { quote_id: number } }>(
      CONVERT_PATHS.accept,
      { config: user, schema: { body: strictObject(['quote_id'], { quote_id: rowId }) } },
      async (request) => {
        const result = unwrap(await service.accept(request.user.id, request.body.quote_id));
        return result.status === 'converted' ? okWith(request.lang, 'convertDone', result) : ok(request.lang, result);
      },
    );

    app.post<{ Body: { page?: number } }>(
      CONVERT_PATHS.history,
      { config: user, schema: { body: { anyOf: [strictObject([], { page }), { type: 'null' }] } } },
      async (request) => ok(request.lang, await service.history(request.user.id, request.body?.page ?? 1)),
    );
  };
}
