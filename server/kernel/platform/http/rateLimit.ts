import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { ResultCode } from '../../../../domain/api.js';
import { ApiFailure } from './envelope.js';

/**
 * Per-client request rates on the calls that guess or send (sign-ins, code requests), by
 * @fastify/rate-limit. A route opts in with `config: perClientPerMinute(n)`; the client is the
 * request's address (`request.ip`, which believes TRUSTED_PROXIES). One process counts in memory;
 * in the scale-out mode (REALTIME_BUS_URL) every process counts in the same Redis, so a client
 * cannot multiply its allowance by the number of fronts. These sit in front of the per-account
 * backoff (kernel/platform/auth/loginThrottle.ts), so one address cannot spray guesses across many accounts.
 */
export interface RateLimitStore {
  /** The realtime bus's Redis (REALTIME_BUS_URL) and its prefix, which the counters' keys share. */
  url: string;
  prefix: string;
}

/** Per client address per minute; generous enough for a household behind one address. */
export const DEFAULT_ACCOUNT_RATE_LIMITS = { login: 30, sendCode: 20, operatorLogin: 30 } as const;

export const perClientPerMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/**
 * The client a per-address count is kept for, as the routes' own limits key it: its address, an
 * IPv6 one by its /64 (what one subscriber is given), so that a client cannot step round a limit
 * through the addresses of its own prefix. For counters a plugin keeps itself (`createRateLimit`).
 */
export const clientAddress = (request: FastifyRequest): string => addressKey(request.ip);

/** `clientAddress` of an address already taken from its request (`request.ip`). */
export const addressKey = (ip: string): string => normalizeIP(ip);

export async function registerRateLimits(app: FastifyInstance, store?: RateLimitStore): Promise<void> {
  // Commands fail at once while Redis is away (no offline queue), and then the limit is skipped:
  // sign-ins keep working, the per-account backoff in PostgreSQL still holds.
  const redis = store && new Redis(store.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  let reported = false;
  redis?.on('error', (error) => {
    if (!reported) app.log.error({ err: error }, 'rate limits: Redis unreachable; counting is skipped until it is back');
    reported = true;
  });
  redis?.on('ready', () => (reported = false));
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    // Counted after the body's validation, as the hand-written limiter was: a malformed request is
    // refused for what it is (body code 400, translated) and costs no sign-in attempt; a well-formed
    // guess is what the limit is for.
    hook: 'preHandler',
    ...(redis ? { redis, nameSpace: `${store!.prefix}:rate:` } : {}),
    // Thrown as our own refusal: the error handler answers HTTP 200, body code 429, translated, with when to try again.
    errorResponseBuilder: (_request, context) => new ApiFailure(ResultCode.tooMany, 'tooManyRequestsRetry', { seconds: String(Math.max(1, Math.ceil(context.ttl / 1000))) }),
  });
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
}
