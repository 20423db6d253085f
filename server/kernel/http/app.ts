import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { authentication } from '../auth/authPlugin.js';
import type { Database } from '../db/database.js';
import { requestContext } from './context.js';
import { errorHandling } from './errors.js';
import { securityHeaders, type SecurityHeaderOptions } from './securityHeaders.js';
import { serveClient } from './static.js';
import { strictInput } from './strictInput.js';

export interface HttpOptions {
  db: Database;
  /** Each product's routes, in the order of the product list. */
  routes: ReadonlyArray<(app: FastifyInstance) => Promise<void>>;
  /** Built client directory to serve; omitted in API-only tests. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Strict-Transport-Security and the like (securityHeaders.ts). */
  security?: SecurityHeaderOptions;
}

/** Builds the HTTP app in layers: request context → security headers → error handling → strict input → authentication → product routes → client. */
export async function buildHttp(options: HttpOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1024 * 1024 });

  // An empty body sent as JSON means "no payload", not malformed input. Anything else goes to
  // Fastify's own parser, which keeps its __proto__ / constructor.prototype poisoning refusal.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    parseJson(request, text, done);
  });

  await app.register(requestContext);
  await app.register(securityHeaders(options.security));
  await app.register(errorHandling);
  await app.register(strictInput);
  await app.register(authentication(options.db));
  for (const routes of options.routes) await app.register(routes);
  await serveClient(app, options.clientDir);
  return app;
}
