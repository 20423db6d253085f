import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ApiFailure } from '../../kernel/http/envelope.js';
import { translate } from '../../kernel/i18n/messages.js';
import type { Offers } from '../../kernel/offers.js';
import {
  BinanceError,
  badSignature,
  illegalParameter,
  keyFormatInvalid,
  keyRejected,
  mandatoryParameter,
  outsideRecvWindow,
  recvWindowTooLarge,
  tooManyRequests,
  unknownError,
  unreadParameter,
} from './errors.js';
import { acceptFormBodies, integerParam, paramSchema, paramsOf, rawParts, required, type Params } from './params.js';

/** Requests per minute per API key (signed calls) or per address (public ones); every call weighs 1 here. */
export const WEIGHT_PER_MINUTE = 6000;

/** What a signed call needs of its key: Binance's USER_DATA calls read, TRADE calls trade. */
export type Needs = 'read' | 'trade';

/** The parameters every signed call carries besides its own. */
const SIGNED = ['timestamp', 'recvWindow', 'signature'];

/** A call as its handler sees it: the request and its parameters (query and form body together). */
export interface BinanceCall {
  request: FastifyRequest;
  params: Params;
}

/** A signed call as its handler sees it: also the user it acts for, its key and signature checked. */
export interface SignedCall extends BinanceCall {
  userId: number;
}

type Handler<C> = (call: C) => unknown;

/**
 * The Binance dialect's side of the HTTP app, inside this product's plugin only: form bodies,
 * Binance's error shapes and statuses for everything refused (validation included, never our
 * envelope, never a 500 for bad input), request weights by @fastify/rate-limit with Binance's
 * headers, and the signed-request check through the API keys' offer.
 */
export function binanceContext(app: FastifyInstance, offers: Offers) {
  acceptFormBodies(app);
  // A DELETE (or a POST with every parameter in the query) has no body: validated as no parameters.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });
  app.setErrorHandler((error: FastifyError & { retryAfter?: number }, request, reply) => {
    const refusal = asBinance(error, request);
    if (refusal.status >= 500) request.log.error({ err: error }, 'binance call failed');
    if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
    return reply.status(refusal.status).send(refusal.toBody());
  });
  // Binance's header for the weight used in the current minute, from the rate limiter's count.
  app.addHook('onSend', async (_request, reply, payload) => {
    const remaining = reply.getHeader('x-ratelimit-remaining');
    if (remaining !== undefined) reply.header('x-mbx-used-weight-1m', String(WEIGHT_PER_MINUTE - Number(remaining)));
    return payload;
  });

  /** Route options: the weight limit per key or address, and the parameters the call reads. */
  const limited = {
    rateLimit: {
      max: WEIGHT_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => {
        const key = request.headers['x-mbx-apikey'];
        return typeof key === 'string' && key !== '' ? `key:${key}` : `ip:${request.ip}`;
      },
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
        Object.assign(tooManyRequests(WEIGHT_PER_MINUTE), { retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) }),
    },
  };

  /** The user a signed call acts for, once its key, address, permission, timestamp and signature pass. */
  async function signedUser(request: FastifyRequest, needs: Needs): Promise<number> {
    const apiKey = request.headers['x-mbx-apikey'];
    if (typeof apiKey !== 'string' || apiKey === '') throw keyFormatInvalid();
    if (!/^[A-Za-z0-9]{64}$/.test(apiKey)) throw keyFormatInvalid();
    const params = paramsOf(request);
    const timestamp = integerParam(params, 'timestamp') ?? (required(params, 'timestamp') as never);
    const recvWindow = integerParam(params, 'recvWindow', 0, 1_000_000);
    const keys = offers.use('apiKeys');
    if (!keys) throw unknownError();
    const checked = await keys.check({ ...rawParts(request), apiKey, ip: request.ip, timestamp, recvWindow, needs });
    if (checked.ok) return checked.userId;
    switch (checked.reason) {
      case 'noSignature':
        throw mandatoryParameter('signature');
      case 'badSignature':
        throw badSignature();
      case 'outsideWindow':
        throw outsideRecvWindow();
      case 'recvWindowTooLarge':
        throw recvWindowTooLarge();
      default:
        throw keyRejected();
    }
  }

  /**
   * One plugin's routes, each with the weight limit and a schema of the parameters it reads (any
   * other is refused): `get` a public read (parameters in the query); `read` a signed GET (USER_DATA)
   * and `trade` a signed POST or DELETE (TRADE; the query or a form body), the signature's
   * parameters added to theirs and the handler called once `signedUser` has passed.
   */
  function routes(app: FastifyInstance) {
    const route = <C extends BinanceCall>(method: 'GET' | 'POST' | 'DELETE', url: string, names: string[], call: (request: FastifyRequest) => Promise<C>, handle: Handler<C>) =>
      app.route({
        method,
        url,
        config: limited,
        schema: method === 'GET' ? { querystring: paramSchema(names) } : { querystring: paramSchema(names), body: paramSchema(names) },
        handler: async (request) => handle(await call(request)),
      });
    const signed = (needs: Needs) => async (request: FastifyRequest): Promise<SignedCall> => {
      const userId = await signedUser(request, needs);
      return { request, params: paramsOf(request), userId };
    };
    return {
      get: (url: string, names: string[], handle: Handler<BinanceCall>) => route('GET', url, names, async (request) => ({ request, params: paramsOf(request) }), handle),
      read: (url: string, names: string[], handle: Handler<SignedCall>) => route('GET', url, [...names, ...SIGNED], signed('read'), handle),
      trade: (method: 'POST' | 'DELETE', url: string, names: string[], handle: Handler<SignedCall>) => route(method, url, [...names, ...SIGNED], signed('trade'), handle),
    };
  }

  return { routes };
}

/** Any failure as Binance's answer: ours translated under -1100, validation by its keyword, the rest -1000. */
function asBinance(error: FastifyError, request: FastifyRequest): BinanceError {
  if (error instanceof BinanceError) return error;
  if (error.validation) {
    const [first] = error.validation;
    const name = String(first?.params?.['additionalProperty'] ?? first?.params?.['missingProperty'] ?? first?.instancePath?.replace(/^\//, '') ?? '');
    if (first?.keyword === 'additionalProperties') return unreadParameter(name);
    if (first?.keyword === 'required') return mandatoryParameter(name);
    return illegalParameter(name);
  }
  const ours: unknown = error;
  if (ours instanceof ApiFailure) return new BinanceError(ours.code === 429 ? 429 : 400, ours.code === 429 ? -1003 : -1100, translate(request.lang, ours.key, ours.vars));
  if (error.statusCode === 415) return new BinanceError(400, -1100, 'Unsupported content type; send parameters in the query string or as application/x-www-form-urlencoded.');
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return new BinanceError(400, -1100, error.message);
  return new BinanceError(500, -1000, 'An unknown error occurred while processing the request.');
}
