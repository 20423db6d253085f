import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../../domain/api.js';
import { translate } from '../i18n/messages.js';
import { createFirstPaint, pageThemeOf, type FirstPaintSources } from './firstPaint.js';

/** Hashed build output: a name never changes content, so browsers and proxies keep it for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else, index.html first: always revalidated, so a deploy's new chunk names are seen at once. */
export const REVALIDATE = 'no-cache';

const isHashedAsset = (path: string) => /[\\/]assets[\\/]/.test(path);

/**
 * Serves the built client, with index.html for every non-API path so client routes such as
 * /markets/kline/BTC_USDT load on refresh. Unknown /api paths get a translated 404 envelope, and
 * so does a missing /assets/ file (a chunk of an older build must fail as a load, not as HTML).
 * The build writes brotli and gzip copies beside each file (scripts/vite/precompress.ts); the one
 * the request's Accept-Encoding prefers is sent (brotli first), with `Vary: Accept-Encoding`.
 * With `sources`, a client route's index.html carries its first screen (firstPaint.ts: the latest
 * prices, a trade page's book), made per request and gzipped here when the browser takes it.
 */
export async function serveClient(app: FastifyInstance, clientDir: string | undefined, sources?: FirstPaintSources): Promise<void> {
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
  const firstPaint = hasClient && sources ? createFirstPaint(app, clientDir, sources) : undefined;
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => void reply.header('cache-control', isHashedAsset(path) ? IMMUTABLE : REVALIDATE),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/assets/') || !hasClient || request.method !== 'GET') {
      return reply.status(404).send({ code: ResultCode.notFound, msg: translate(request.lang, 'notFound'), data: null });
    }
    if (!firstPaint) return reply.type('text/html').header('cache-control', REVALIDATE).sendFile('index.html');
    return firstPaint.page(path, request.lang, pageThemeOf(request.headers.cookie)).then((html) => {
      // Written in the cookie's theme: a cache must keep one copy per cookie.
      reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).header('vary', 'Accept-Encoding, Cookie');
      // A few KB: gzip at its default level costs well under a millisecond.
      if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(html);
      return reply.header('content-encoding', 'gzip').send(gzipSync(html));
    });
  });
}
