import type { FastifyInstance } from 'fastify';
import { ResultCode, type NoteType } from '../../../src/domain/api.js';
import type { Database } from '../../kernel/db/database.js';
import { readNote, readPlatConfig } from './platform.js';
import './messages.js';
import { ApiFailure, ok } from '../../kernel/http/envelope.js';
import { anyBody } from '../../kernel/http/schemas.js';

export function platformRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    app.post('/api/plat_config', { schema: { body: anyBody } }, async (request) => ok(request.lang, await readPlatConfig(db)));

    app.post<{ Body: { type: NoteType } }>(
      '/api/plat_note',
      {
        schema: {
          body: {
            type: 'object',
            required: ['type'],
            properties: { type: { type: 'integer', minimum: 1, maximum: 5 } },
          },
        },
      },
      async (request) => {
        const note = await readNote(db, request.body.type, request.lang);
        if (!note) throw new ApiFailure(ResultCode.notFound, 'unknownNoteType');
        return ok(request.lang, note);
      },
    );
  };
}
