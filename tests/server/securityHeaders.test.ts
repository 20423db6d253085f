import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { buildHttp } from '../../server/kernel/platform/http/app.js';
import { platformRoutes } from '../../server/products/platform/routes.js';
import { openTestDatabase } from './testDb.js';

/** Issue 11, item 6: every answer (page, asset, API, refusal) carries the headers that contain a page. */
let db: Database;
let clientDir: string;
const apps: FastifyInstance[] = [];

async function app(security?: { hstsMaxAge?: number }): Promise<FastifyInstance> {
  const built = await buildHttp({ db, clientDir, routes: [platformRoutes(db)], ...(security ? { security } : {}) });
  apps.push(built);
  return built;
}

beforeAll(async () => {
  db = await openTestDatabase();
  clientDir = mkdtempSync(join(tmpdir(), 'client-'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(clientDir, 'app.js'), 'export {}');
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await db.close();
  rmSync(clientDir, { recursive: true, force: true });
});

function directives(csp: string | undefined): Map<string, string> {
  return new Map((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values.join(' ')]));
}

describe('security headers', () => {
  it('the page, an asset, an API answer and a refusal all carry CSP, framing, referrer, sniffing and permissions headers', async () => {
    const server = await app();
    const answers = [
      await server.inject({ method: 'GET', url: '/markets/kline/btc_usdt' }),
      await server.inject({ method: 'GET', url: '/app.js' }),
      await server.inject({ method: 'POST', url: '/api/plat_config', payload: {} }),
      await server.inject({ method: 'POST', url: '/api/plat_note', payload: { type: 'Infinity' } }),
      await server.inject({ method: 'POST', url: '/api/nothing-here', payload: {} }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 404]);
    for (const answer of answers) {
      const csp = directives(answer.headers['content-security-policy'] as string);
      expect(csp.get('default-src')).toBe("'self'");
      // No inline or evaluated script: an injected <script> or onerror= never runs, so it cannot read the token.
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('connect-src')).toBe("'self'");
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['permissions-policy']).toContain('camera=()');
      // Plain HTTP by default: no HSTS, which would lock browsers out of a site without TLS.
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends Strict-Transport-Security when configured for a TLS deployment', async () => {
    const server = await app({ hstsMaxAge: 31_536_000 });
    const answer = await server.inject({ method: 'GET', url: '/' });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
