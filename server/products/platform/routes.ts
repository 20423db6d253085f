import type { FastifyInstance } from 'fastify';
import { ResultCode, type NoteType } from '../../../domain/api.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { platformConfig } from '../../kernel/platform/catalogue.js';
import { readNote } from './platform.js';
import './messages.js';
import { ApiFailure, ok } from '../../kernel/platform/http/envelope.js';
import { anyBody, strictObject } from '../../kernel/platform/http/schemas.js';

/** `switches`: products a deployment may turn off, told to the browser in config.sys (1 on, 0 off). */
export function platformRoutes(db: Database, switches: { secondsContracts: boolean } = { secondsContracts: true }) {
  return async (app: FastifyInstance) => {
    app.post('/api/plat_config', { schema: { body: anyBody } }, async (request) => {
      // From memory, read again after any process changes it (kernel/platform/caches.ts).
      const platform = await platformConfig(db);
      const sys = { ...platform.config.sys, seconds_contracts: switches.secondsContracts ? 1 : 0 };
      return ok(request.lang, { ...platform, config: { ...platform.config, sys } });
    });

    app.post<{ Body: { type: NoteType } }>(
      '/api/plat_note',
      {
        schema: {
          body: strictObject(['type'], { type: { type: 'integer', minimum: 1, maximum: 5 } }),
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
