import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isDecimalString } from '../../../domain/decimal.js';
import { BinanceError, duplicateParameter, illegalParameter, mandatoryParameter, unsupported } from './errors.js';

/**
 * Binance's parameters: in the query string or a form body (`application/x-www-form-urlencoded`),
 * all text. Each route lists the names it reads (its schema refuses any other with -1104); values
 * are parsed here, so a wrong one is Binance's -1100/-1102 naming the parameter.
 */
export type Params = Record<string, string | undefined>;

/** The raw form body of a request, as signed (the signature is over the text as sent). */
const rawBodies = new WeakMap<FastifyRequest, string>();

/** Lets this plugin's routes take form bodies; JSON stays the kernel's. */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    rawBodies.set(request, text);
    const parsed: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(text)) {
      if (name in parsed) return done(duplicateParameter(name), undefined);
      parsed[name] = value;
    }
    done(null, parsed);
  });
}

/** Whether the request's body came through the form parser above, so `rawParts` holds it as signed. */
export const hasFormBody = (request: FastifyRequest): boolean => rawBodies.has(request);

export function rawParts(request: FastifyRequest): { query: string; body: string } {
  const at = request.url.indexOf('?');
  return { query: at < 0 ? '' : request.url.slice(at + 1), body: rawBodies.get(request) ?? '' };
}

/** Query and body parameters together; a name sent in both is Binance's -1101. */
export function paramsOf(request: FastifyRequest): Params {
  const query = (request.query ?? {}) as Params;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Params;
  for (const name of Object.keys(body)) if (name in query) throw duplicateParameter(name);
  return { ...query, ...body };
}

/** The schema of a route's parameters: these names, as text, nothing else. */
export function paramSchema(names: readonly string[]) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(names.map((name) => [name, { type: 'string', maxLength: 128 }])),
  } as const;
}

export function required(params: Params, name: string): string {
  const value = params[name];
  if (value === undefined || value === '') throw mandatoryParameter(name);
  return value;
}

/** A positive decimal ("0.01"), as Binance sends quantities and prices. */
export function decimalParam(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (!isDecimalString(value) || /^-/.test(value)) throw illegalParameter(name, 'a positive decimal is expected');
  return value;
}

/** A whole number in [min, max] (ids, ms times, limits). */
export function integerParam(params: Params, name: string, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,16}$/.test(value) || Number(value) < min || Number(value) > max) throw illegalParameter(name, `an integer from ${min} to ${max} is expected`);
  return Number(value);
}

export function oneOf<T extends string>(params: Params, name: string, values: readonly T[], error: () => BinanceError): T | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (!(values as readonly string[]).includes(value)) throw error();
  return value as T;
}

/** Binance's booleans are the texts "true" and "false". */
export function booleanParam(params: Params, name: string): boolean | undefined {
  const value = params[name]?.toLowerCase();
  if (value === undefined || value === '') return undefined;
  if (value !== 'true' && value !== 'false') throw illegalParameter(name, "'true' or 'false' is expected");
  return value === 'true';
}

/**
 * Self-trade prevention as our engines have it (kernel/exchange/matching: `cancelTaker`): an order
 * that would meet the same user's resting order ends there, as Binance's EXPIRE_TAKER. The only
 * mode offered, so the only one accepted (NONE, which promises the self-trade, had been accepted
 * and not honoured).
 */
export const SELF_TRADE_PREVENTION = 'EXPIRE_TAKER';
export const acceptSelfTradeMode = (mode: string | undefined): void => {
  if (mode !== undefined && mode !== SELF_TRADE_PREVENTION) throw unsupported('selfTradePreventionMode', mode);
};
