import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandling } from '../../server/kernel/platform/http/errors.js';

/**
 * A PostgreSQL still full after the pool's wait (connectRetry.ts: 53300, 57P03) is "no answer, check
 * before you try again", as a product call's holder that did not answer: two cluster tests at once
 * filled this machine's PostgreSQL and a cancel was answered as a system error (HTTP 500).
 */
describe('the error handler', () => {
  it('answers a full database as "no answer" with retry-after, and anything else unexpected as a system error', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorHandling);
    app.post('/full', async () => {
      throw Object.assign(new Error('sorry, too many clients already'), { code: '53300' });
    });
    app.post('/broken', async () => {
      throw new Error('a bug');
    });
    const full = await app.inject({ method: 'POST', url: '/full', payload: {} });
    expect(full.statusCode).toBe(200);
    expect(full.headers['retry-after']).toBe('1');
    expect(full.json()).toEqual({ code: 500, msg: expect.stringContaining('did not answer in time'), data: null });
    const broken = await app.inject({ method: 'POST', url: '/broken', payload: {} });
    expect(broken.statusCode).toBe(500);
    await app.close();
  });
});
