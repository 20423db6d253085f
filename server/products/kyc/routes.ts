import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../domain/api.js';
import type { Kyc, PhotoSide } from './kyc.js';
import { translate } from '../../kernel/platform/i18n/messages.js';
import { ApiFailure, ok } from '../../kernel/platform/http/envelope.js';
import { anyBody, rowId, strictObject, text } from '../../kernel/platform/http/schemas.js';
import { unwrap } from '../../kernel/platform/outcome.js';

/**
 * Two photos of at most 4 MB each, as base64 data URLs (4/3 of the bytes), plus some slack so a
 * photo just over the limit reaches decodeImage and gets its own message, not "Invalid request".
 * Only this route takes bodies this large, and only after the token was checked (onRequest runs
 * before the body is read).
 */
const SUBMIT_BODY_LIMIT = 16 * 1024 * 1024;

const photoParams = strictObject(['id', 'side'], { id: rowId, side: { type: 'string', enum: ['front', 'back'] } });

/** Identity verification for users (spec §2 /user/identity); login required, else body code 403. */
export function kycRoutes(kyc: Kyc) {
  return async (app: FastifyInstance) => {
    app.post<{ Body: { name: string; id_number: string; front: string; back: string } }>(
      '/api/identity/submit',
      {
        bodyLimit: SUBMIT_BODY_LIMIT,
        config: { auth: 'user' },
        schema: {
          body: strictObject(['name', 'id_number', 'front', 'back'], { name: text(64), id_number: text(32), front: { type: 'string' }, back: { type: 'string' } }),
        },
      },
      async (request) => {
        const data = unwrap(await kyc.submit(request.user.id, request.body));
        return { code: ResultCode.ok, msg: translate(request.lang, 'kycSubmitted'), data };
      },
    );

    app.post('/api/identity/status', { config: { auth: 'user' }, schema: { body: anyBody } }, async (request) => ok(request.lang, await kyc.status(request.user.id)));

    // Photos by submission id and side: only the owner or an operator, never a file path.
    app.get<{ Params: { id: number; side: PhotoSide } }>('/api/identity/photo/:id/:side', { config: { auth: 'userOrOperator' }, schema: { params: photoParams } }, async (request, reply) => {
      const viewer = request.principal?.kind === 'user' ? { userId: request.user.id } : { operator: true as const };
      const photo = await kyc.photo(request.params.id, request.params.side, viewer);
      // Someone else's submission answers exactly like a missing one.
      if (!photo) throw new ApiFailure(ResultCode.notFound, 'notFound');
      return reply
        .header('content-type', photo.mime)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(photo.bytes);
    });
  };
}
