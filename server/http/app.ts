import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Accounts } from '../app/accounts/accounts.js';
import type { Database } from '../db/database.js';
import type { FiatRateSource } from '../market/fiatRates.js';
import { requestContext } from './context.js';
import { errorHandling } from './errors.js';
import { accountRoutes } from './routes/accounts.js';
import { centerRoutes } from './routes/center.js';
import { marketRoutes } from './routes/market.js';
import { platformRoutes } from './routes/platform.js';
import { serveClient } from './static.js';

export interface AppDeps {
  db: Database;
  rates: FiatRateSource;
  /** Built client directory to serve; omitted in API-only tests. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Registration, login and reset; omitted by tests that do not exercise accounts. */
  accounts?: Accounts;
}

/** Builds the HTTP app in layers: request context → error handling → routes → client. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger: deps.logger ?? false, bodyLimit: 1024 * 1024 });

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
  await app.register(errorHandling);
  await app.register(platformRoutes(deps.db));
  await app.register(marketRoutes(deps.db, deps.rates));
  await app.register(centerRoutes(deps.db));
  if (deps.accounts) await app.register(accountRoutes(deps.db, deps.accounts));
  await serveClient(app, deps.clientDir);
  return app;
}
