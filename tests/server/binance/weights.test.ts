import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerRateLimits } from '../../../server/kernel/platform/http/rateLimit.js';
import { strictValidatorCompiler } from '../../../server/kernel/platform/http/strictInput.js';
import { createOffers } from '../../../server/kernel/platform/offers.js';
import { binanceContext } from '../../../server/products/binance/context.js';

/**
 * Issue 49 §5: the Binance dialect's request weights. The limiter had keyed on the raw X-MBX-APIKEY
 * header, even on public calls and for keys nobody holds, so an address over its limit went on with
 * a random key per request; and it counted after validation, so refused requests were free. Now
 * every call counts against its address on arrival, refused ones too; a signed call counts against
 * its key as well, once the key and signature are verified (a stranger who knows a key's name cannot
 * spend its weight). Here over the kernel's rate-limit registration and the dialect's own context,
 * with a weight of 5 a minute and a key check that takes `signature=good`.
 */
const WEIGHT = 5;
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  // The kernel's validation (an unknown parameter is refused, not dropped) and rate-limit registration.
  app.setValidatorCompiler(strictValidatorCompiler);
  await registerRateLimits(app);
  const offers = createOffers();
  offers.offer('apiKeys', {
    check: async ({ query }) => (/(^|&)signature=good$/.test(query) ? { ok: true, userId: 7, permissions: ['read', 'trade'] } : { ok: false, reason: 'badSignature' }),
    owner: async () => 7,
  });
  await app.register(async (scope) => {
    const route = binanceContext(scope, offers, { weightPerMinute: WEIGHT }).routes(scope);
    route.get('/api/v3/depth', ['symbol'], async () => ({ bids: [], asks: [] }));
    route.read('/api/v3/account', [], async ({ userId }) => ({ uid: userId }));
  });
});
afterAll(() => app.close());

const randomKey = () => randomBytes(32).toString('hex');
const depth = (ip: string, apiKey = randomKey(), query = 'symbol=BTCUSDT') =>
  app.inject({ method: 'GET', url: `/api/v3/depth?${query}`, remoteAddress: ip, headers: { 'x-mbx-apikey': apiKey } });
const account = (ip: string, apiKey: string, signature = 'good') =>
  app.inject({ method: 'GET', url: `/api/v3/account?timestamp=${Date.now()}&signature=${signature}`, remoteAddress: ip, headers: { 'x-mbx-apikey': apiKey } });
const outcome = (response: Awaited<ReturnType<typeof depth>>) => [response.statusCode, (response.json() as { code?: number }).code];
const LIMITED = [429, -1003];

describe('Binance request weights', () => {
  it('public calls count per address, whatever X-MBX-APIKEY they carry', async () => {
    for (let i = 1; i <= WEIGHT; i++) {
      const answer = await depth('198.51.100.1');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-mbx-used-weight-1m']).toBe(String(i));
    }
    for (let i = 0; i < 30; i++) expect(outcome(await depth('198.51.100.1'))).toEqual(LIMITED);
    expect((await depth('198.51.100.1')).headers['retry-after']).toMatch(/^\d+$/);
    expect((await depth('198.51.100.2')).statusCode).toBe(200);
  });

  it('signed calls count per key across addresses, and per address across keys', async () => {
    const key = randomKey();
    for (let i = 1; i <= WEIGHT; i++) expect((await account(`203.0.113.${i}`, key)).statusCode).toBe(200);
    expect(outcome(await account('203.0.113.6', key))).toEqual(LIMITED);
    expect((await account('203.0.113.7', randomKey())).statusCode).toBe(200);

    for (let i = 0; i < WEIGHT; i++) expect((await account('192.0.2.1', randomKey())).statusCode).toBe(200);
    expect(outcome(await account('192.0.2.1', randomKey()))).toEqual(LIMITED);
  });

  it('refused requests count too: unread parameters, bad signatures', async () => {
    for (let i = 0; i < WEIGHT; i++) expect(outcome(await depth('198.51.100.3', randomKey(), 'symbol=BTCUSDT&debug=1'))).toEqual([400, -1104]);
    expect(outcome(await depth('198.51.100.3'))).toEqual(LIMITED);
    for (let i = 0; i < WEIGHT; i++) expect(outcome(await account('198.51.100.4', randomKey(), 'bad'))).toEqual([400, -1022]);
    expect(outcome(await account('198.51.100.4', randomKey()))).toEqual(LIMITED);
  });

  it('a stranger who knows a key’s name cannot spend its weight: only verified calls count for the key', async () => {
    const key = randomKey();
    for (let i = 1; i <= 3 * WEIGHT; i++) expect(outcome(await account(`198.18.0.${i}`, key, 'bad'))).toEqual([400, -1022]);
    expect((await account('198.18.1.1', key)).statusCode).toBe(200);
  });
});
