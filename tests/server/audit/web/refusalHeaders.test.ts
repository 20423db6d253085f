import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../../server/kernel/platform/db/database.js';
import { buildHttp } from '../../../../server/kernel/platform/http/app.js';
import { platformRoutes } from '../../../../server/products/platform/routes.js';
import { openTestDatabase } from '../../testDb.js';

/**
 * Web audit: decision 0009 puts the headers that contain a page on every answer, refusals included.
 * A URL the router cannot take (bad percent-encoding, a path parameter over its length limit) is
 * answered by fastify's frameworkErrors before any hook has run, so that refusal went out with no
 * Content-Security-Policy, no X-Content-Type-Options, no framing rule and no Cache-Control at all:
 * `GET /%zz<script>…` answered a bare JSON body. Nothing is echoed in it today, but an answer
 * outside the policy is one a later change could turn into a page of its own.
 */
let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openTestDatabase();
  app = await buildHttp({ db, routes: [platformRoutes(db)], security: { hstsMaxAge: 600 } });
});
afterAll(async () => {
  await app.close();
  await db.close();
});

it('a URL the router cannot take is refused with the same security headers as any answer', async () => {
  const normal = await app.inject({ method: 'POST', url: '/api/plat_config', payload: {} });
  const urls = ['/%zz%3Cscript%3Ealert(1)%3C/script%3E', '/api/%E0%A4%A', '/markets/kline/%zz'];
  for (const url of urls) {
    const refused = await app.inject({ method: 'GET', url });
    expect(refused.statusCode, url).toBe(200);
    expect(refused.json(), url).toMatchObject({ code: 400, data: null });
    for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'strict-transport-security']) {
      expect(refused.headers[name], `${url} ${name}`).toBe(normal.headers[name]);
    }
    expect(refused.headers['cache-control'], url).toBe('no-store');
  }
});
