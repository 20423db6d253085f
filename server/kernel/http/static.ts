import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../src/domain/api.js';
import { translate } from '../i18n/messages.js';

/**
 * Serves the built client, with index.html for every non-API path so client routes such as
 * /markets/kline/BTC_USDT load on refresh. Unknown /api paths get a translated 404 envelope.
 */
export async function serveClient(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, { root: clientDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/api' || !hasClient || request.method !== 'GET') {
      return reply.status(404).send({ code: ResultCode.notFound, msg: translate(request.lang, 'notFound'), data: null });
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
