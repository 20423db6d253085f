import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientAddress } from '../../kernel/platform/http/rateLimit.js';
import { ApiFailure } from '../../kernel/platform/http/envelope.js';
import { translate } from '../../kernel/platform/i18n/messages.js';
import type { Offers } from '../../kernel/platform/offers.js';
import {
  BinanceError,
  badSignature,
  duplicateParameter,
  illegalParameter,
  keyFormatInvalid,
  keyRejected,
  mandatoryParameter,
  outsideRecvWindow,
  recvWindowTooLarge,
  tooManyRequests,
  unknownError,
  unreadParameter,
  unsupportedContentType,
} from './errors.js';
import { acceptFormBodies, hasFormBody, integerParam, paramSchema, paramsOf, rawParts, required, type Params } from './params.js';
import { databaseFullError } from '../../kernel/platform/db/connectRetry.js';

/** Requests per minute per address (every call) and per API key (signed calls); every call weighs 1 here. */
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
 *
 * Weights (issue 49): every call counts against its address the moment it arrives, before its
 * parameters are parsed or validated, so refused calls cost weight too; a signed call counts against
 * its API key as well, once the key and signature are verified — a count keyed on the raw header had
 * let an address over its limit go on with a random key per call, and a count before verification
 * would let anyone who knows a key's name (it travels in a header) spend its weight. Each is one
 * counter for all the dialect's routes, as Binance weighs all calls together, kept in the kernel's
 * rate-limit store (memory, or Redis in the scale-out mode). `weightPerMinute`: tests use a small one.
 */
export function binanceContext(app: FastifyInstance, offers: Offers, { weightPerMinute = WEIGHT_PER_MINUTE } = {}) {
  acceptFormBodies(app);
  // A DELETE (or a POST with every parameter in the query) has no body: validated as no parameters.
  // Any other body than a form's is refused: the signature covers the query and a form body as
  // sent, so a JSON body's parameters would have acted unsigned — anyone holding one signed request
  // (a signed GET of the account) could have added an order's parameters to it as JSON.
  app.addHook('preValidation', async (request) => {
    const body: unknown = request.body;
    if (body === undefined || body === null || (isPlainObject(body) && Object.keys(body).length === 0)) request.body = {};
    else if (!hasFormBody(request)) throw unsupportedContentType();
  });
  app.setErrorHandler((error: FastifyError & { retryAfter?: number }, request, reply) => {
    const refusal = asBinance(error, request);
    if (refusal.status >= 500) request.log.error({ err: error }, 'binance call failed');
    if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
    return reply.status(refusal.status).send(refusal.toBody());
  });
  const weights = { max: weightPerMinute, timeWindow: 60_000 };
  const perAddress = app.createRateLimit({ ...weights, keyGenerator: (request) => `binance:ip:${clientAddress(request)}` });
  // Called only once the key has been verified (signedUser), so the header names a real key.
  const perKey = app.createRateLimit({ ...weights, keyGenerator: (request) => `binance:key:${String(request.headers['x-mbx-apikey'])}` });
  /** Counts one call on `counter`; over the limit, Binance's 429 -1003 with when to try again. Answers the weight used. */
  async function weigh(counter: typeof perAddress, request: FastifyRequest): Promise<number | undefined> {
    const count = await counter(request);
    // Allowed without counting (the store unreachable: skipOnError) has no figures.
    if (count.isAllowed) return undefined;
    if (count.isExceeded) throw Object.assign(tooManyRequests(weightPerMinute), { retryAfter: Math.max(1, Math.ceil(count.ttl / 1000)) });
    return count.max - count.remaining;
  }
  /** Every call's first step: its address's weight, with Binance's header for the weight it has used this minute. */
  const weighAddress = async (request: FastifyRequest, reply: FastifyReply) => {
    const used = await weigh(perAddress, request);
    if (used !== undefined) reply.header('x-mbx-used-weight-1m', String(used));
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
    throw signedRefusal(checked.reason);
  }

  /** The user an API key names, for the calls that carry the key but no signature. */
  async function keyOwner(request: FastifyRequest): Promise<number> {
    const apiKey = request.headers['x-mbx-apikey'];
    if (typeof apiKey !== 'string' || !/^[A-Za-z0-9]{64}$/.test(apiKey)) throw keyFormatInvalid();
    const userId = await offers.use('apiKeys')?.owner(apiKey, request.ip);
    if (userId === undefined) throw keyRejected();
    return userId;
  }

  /** A call that carries an API key and no signature: the key's owner (its address list applies), counted against the key. */
  async function keyedCall(request: FastifyRequest): Promise<SignedCall> {
    const userId = await keyOwner(request);
    await weigh(perKey, request);
    return { request, params: paramsOf(request), userId };
  }

  /**
   * One plugin's routes, each with the weight limit and a schema of the parameters it reads (any
   * other is refused): `get` a public read (parameters in the query); `read` a signed GET (USER_DATA)
   * and `trade` a signed POST or DELETE (TRADE; the query or a form body), the signature's
   * parameters added to theirs and the handler called once `signedUser` has passed; `keyed` and
   * `market` the calls that carry the API key alone (USER_STREAM, MARKET_DATA).
   */
  function routes(app: FastifyInstance) {
    const route = <C extends BinanceCall>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, names: string[], call: (request: FastifyRequest) => Promise<C>, handle: Handler<C>) =>
      app.route({
        method,
        url,
        onRequest: weighAddress,
        schema: method === 'GET' ? { querystring: paramSchema(names) } : { querystring: paramSchema(names), body: paramSchema(names) },
        handler: async (request) => handle(await call(request)),
      });
    const signed = (needs: Needs) => async (request: FastifyRequest): Promise<SignedCall> => {
      const userId = await signedUser(request, needs);
      await weigh(perKey, request);
      return { request, params: paramsOf(request), userId };
    };
    return {
      get: (url: string, names: string[], handle: Handler<BinanceCall>) => route('GET', url, names, async (request) => ({ request, params: paramsOf(request) }), handle),
      read: (url: string, names: string[], handle: Handler<SignedCall>) => route('GET', url, [...names, ...SIGNED], signed('read'), handle),
      trade: (method: 'POST' | 'DELETE', url: string, names: string[], handle: Handler<SignedCall>) => route(method, url, [...names, ...SIGNED], signed('trade'), handle),
      /** Binance's USER_STREAM calls (the listenKey's): the API key alone, no signature. */
      keyed: (method: 'POST' | 'PUT' | 'DELETE', url: string, names: string[], handle: Handler<SignedCall>) => route(method, url, names, keyedCall, handle),
      /** Binance's MARKET_DATA reads (historicalTrades): public data, for a caller that sends its API key (no signature). */
      market: (url: string, names: string[], handle: Handler<SignedCall>) => route('GET', url, names, keyedCall, handle),
    };
  }

  return { routes };
}

/** Why the API keys' check refused a signed request, as Binance answers it (REST and the WebSocket API alike). */
export function signedRefusal(reason: string): BinanceError {
  switch (reason) {
    case 'noSignature':
      return mandatoryParameter('signature');
    case 'badSignature':
      return badSignature();
    case 'outsideWindow':
      return outsideRecvWindow();
    case 'recvWindowTooLarge':
      return recvWindowTooLarge();
    default:
      return keyRejected();
  }
}

/** Any failure as Binance's answer: ours translated under -1100, validation by its keyword, the rest -1000. */
function asBinance(error: FastifyError, request: FastifyRequest): BinanceError {
  if (error instanceof BinanceError) return error;
  if (error.validation) {
    const [first] = error.validation;
    const name = String(first?.params?.['additionalProperty'] ?? first?.params?.['missingProperty'] ?? first?.instancePath?.replace(/^\//, '') ?? '');
    if (first?.keyword === 'additionalProperties') return unreadParameter(name);
    if (first?.keyword === 'required') return mandatoryParameter(name);
    // A name repeated in the query string reaches the schema as a list of its values.
    if (Array.isArray((request.query as Record<string, unknown> | undefined)?.[name])) return duplicateParameter(name);
    return illegalParameter(name);
  }
  const ours: unknown = error;
  if (ours instanceof ApiFailure) return new BinanceError(ours.code === 429 ? 429 : 400, ours.code === 429 ? -1003 : -1100, translate(request.lang, ours.key, ours.vars));
  if (error.statusCode === 415) return unsupportedContentType();
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return new BinanceError(400, -1100, error.message);
  // PostgreSQL full past the pool's wait: Binance's "overloaded", which ccxt reads as a retryable outage.
  if (databaseFullError(error)) return new BinanceError(503, -1008, 'Server is currently overloaded with other requests. Please try again in a few minutes.');
  return new BinanceError(500, -1000, 'An unknown error occurred while processing the request.');
}

const isPlainObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
