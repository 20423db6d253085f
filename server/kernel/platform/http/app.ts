import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { authentication } from '../auth/authPlugin.js';
import type { ServerConfig } from '../../../config.js';
import type { Database } from '../db/database.js';
import type { ProductParts } from '../product.js';
import { requestContext } from './context.js';
import { errorHandling } from './errors.js';
import { API_CACHE_CONTROL, securityHeaderValues, securityHeaders, type SecurityHeaderOptions } from './securityHeaders.js';
import { serveClient } from './static.js';
import { hasInexactNumber, strictInput } from './strictInput.js';
import { registerRateLimits, type RateLimitStore } from './rateLimit.js';
import { ApiFailure } from './envelope.js';
import { ResultCode } from '../../../../domain/api.js';
import { localeFromHeader } from '../../../../domain/languages.js';
import { translate } from '../i18n/messages.js';
import { healthRoutes } from './health.js';
import { onCacheChange } from '../caches.js';
import { PAIRS_CACHE, PLATFORM_CONFIG_CACHE } from '../catalogue.js';

export interface HttpOptions {
  db: Database;
  /** Each product's routes, in the order of the product list. */
  routes: ReadonlyArray<(app: FastifyInstance) => Promise<void>>;
  /** Built client directory to serve; omitted in API-only tests. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Strict-Transport-Security and the like (securityHeaders.ts). */
  security?: SecurityHeaderOptions;
  /** How long a request may take to arrive whole (REQUEST_TIMEOUT_MS); a test's is shorter. */
  requestTimeoutMs?: number;
  /** Addresses whose X-Forwarded-For is believed (TRUSTED_PROXIES: the HTTP fronts, a load balancer). */
  trustedProxies?: string[];
  /**
   * The calls of products that run in processes of their own (kernel/cluster/shards/productCalls.ts): taken
   * before anything here parses them (`take` answers false for a call served here).
   */
  productCalls?: { take(request: IncomingMessage, response: ServerResponse): boolean };
  /** Where the per-client rate limits count (the scale-out mode's Redis); in memory without it (rateLimit.ts). */
  rateLimitStore?: RateLimitStore;
  /**
   * Readiness (issue 37): settles when the composition root's start-up has finished (products'
   * `start`: the P2P grace step for deadlines passed while down, …). An /api request that arrives
   * between `listen` and then waits for it, rather than seeing the pre-restart state.
   */
  readiness?: Promise<unknown>;
  /** A public channel's snapshot (the socket gateway's): a trade page's HTML carries the top of its book (firstPaint.ts). */
  channelSnapshot?: (channel: string) => object | undefined | Promise<object | undefined>;
}

/**
 * How long a request may take to arrive whole, headers and body. Fastify's default is none, so a
 * client that announced 100 bytes and sent 11 held its connection open for good (an API audit
 * found one still open after 70 s). A minute carries P2P's largest proof image (4 MB) at about
 * 0.7 Mbps; past it Node answers 408 and closes the connection.
 */
export const REQUEST_TIMEOUT_MS = 60_000;

/** Builds the HTTP app in layers: request context → security headers → error handling → strict input → authentication → product routes → client. */
export async function buildHttp(options: HttpOptions): Promise<FastifyInstance> {
  const securityValues = securityHeaderValues(options.security?.hstsMaxAge ?? 0);
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  // Node looks for requests past their time this often (its default, 30 s, would let one run 90 s).
  const timing = { requestTimeout, connectionsCheckingInterval: Math.min(5000, requestTimeout) };
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    requestTimeout,
    http: timing,
    ...(options.trustedProxies?.length ? { trustProxy: options.trustedProxies } : {}),
    ...(options.productCalls
      ? {
          serverFactory: (handler: (request: IncomingMessage, response: ServerResponse) => void) =>
            createServer(timing, (request, response) => {
              if (options.productCalls?.take(request, response)) {
                // Set before any answer is written (the holder's answer comes later): every answer,
                // the refusals written here included, carries the same security headers.
                for (const [name, value] of Object.entries(securityValues)) response.setHeader(name, value);
                // Every product call is an /api one (the holder's own answer says the same).
                response.setHeader('cache-control', API_CACHE_CONTROL);
                return;
              }
              handler(request, response);
            }),
        }
      : {}),
    // A URL the router cannot take (bad percent-encoding, a path parameter over its length limit)
    // never reaches the hooks: answer it as the bad input it is, in the lang header's language, with
    // the headers the security hook would have set (decision 0009: every answer, refusals included).
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const lang = localeFromHeader(request.headers.lang);
      reply.headers(securityValues).header('cache-control', API_CACHE_CONTROL);
      if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        return reply.status(200).send({ code: ResultCode.badRequest, msg: translate(lang, 'badRequest'), data: null });
      }
      return reply.status(500).send({ code: ResultCode.serverError, msg: translate(lang, 'systemError'), data: null });
    },
  });

  // An empty body sent as JSON means "no payload", not malformed input. A number literal JSON.parse
  // would change (1e309, 40 decimals, -0) is refused. Anything else goes to Fastify's own parser,
  // which keeps its __proto__ / constructor.prototype poisoning refusal.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    if (hasInexactNumber(text)) return done(new ApiFailure(ResultCode.badRequest, 'badRequest'), undefined);
    parseJson(request, text, done);
  });

  if (options.readiness) {
    const readiness = options.readiness;
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/')) await readiness;
    });
  }

  healthRoutes(app, options.readiness);
  await app.register(requestContext);
  await app.register(securityHeaders(options.security));
  await app.register(errorHandling);
  await app.register(strictInput);
  await registerRateLimits(app, options.rateLimitStore);
  await app.register(authentication(options.db));
  for (const routes of options.routes) await app.register(routes);
  await serveClient(app, options.clientDir, {
    snapshot: options.channelSnapshot,
    // A halt or a plat_config change on any process is in the next page's startup answers (caches.ts).
    onChange: (forget) => {
      onCacheChange(options.db, PAIRS_CACHE, forget);
      onCacheChange(options.db, PLATFORM_CONFIG_CACHE, forget);
    },
  });
  return app;
}

/**
 * The HTTP app of a composition root (the server, a cluster node's web part): the products' routes in product
 * order, the client, the log level and security headers from the configuration; `extra` adds the
 * root's own options (trusted proxies, the products' calls to their entries' holders).
 */
export function productHttp(config: ServerConfig, db: Database, parts: readonly ProductParts[], extra: Partial<HttpOptions> = {}): Promise<FastifyInstance> {
  return buildHttp({
    db,
    clientDir: config.clientDir,
    logger: { level: config.logLevel },
    security: { hstsMaxAge: config.hstsMaxAge },
    routes: parts.flatMap((p) => (p.routes ? [p.routes] : [])),
    ...(config.realtimeBus ? { rateLimitStore: config.realtimeBus } : {}),
    ...extra,
  });
}
