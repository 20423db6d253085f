import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { buildHttp } from '../../server/kernel/platform/http/app.js';
import { platformRoutes } from '../../server/products/platform/routes.js';
import { openTestDatabase } from './testDb.js';

/**
 * Issue 12: hashed assets precompressed at build time and sent per Accept-Encoding, cached for a
 * year; index.html (and every client route answered with it) never cached without revalidation.
 */
let db: Database;
let clientDir: string;
let server: FastifyInstance;
const CHUNK = `export const text = ${JSON.stringify('openex '.repeat(400))};\n`;
const INDEX = `<!doctype html><title>OpenEx</title><script type="module" src="/assets/index-abc123.js"></script>${' '.repeat(300)}`;

beforeAll(async () => {
  db = await openTestDatabase();
  clientDir = mkdtempSync(join(tmpdir(), 'client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), INDEX);
  writeFileSync(join(clientDir, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(clientDir, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), CHUNK);
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(CHUNK));
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js.gz'), gzipSync(CHUNK));
  // A file the build found not worth compressing: sent as it is.
  writeFileSync(join(clientDir, 'assets', 'tiny-def456.js'), 'export {}');
  server = await buildHttp({ db, clientDir, routes: [platformRoutes(db)] });
});
afterAll(async () => {
  await server.close();
  await db.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => server.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

describe('static client: compression and caching', () => {
  it('a hashed asset is sent as brotli when accepted, immutable for a year, varying on Accept-Encoding', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(CHUNK);
  });

  it('gzip when brotli is not accepted, and the plain file when neither is', async () => {
    const gzipped = await get('/assets/index-abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(CHUNK);
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/index-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('an asset without compressed copies is sent plain, still immutable', async () => {
    const res = await get('/assets/tiny-def456.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {}');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('index.html and every client route answered with it are never cached without revalidation', async () => {
    for (const url of ['/index.html', '/home', '/markets/kline/btc_usdt', '/wallet']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const page = await get('/index.html', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
  });

  it('a missing asset is a 404, not the page (a chunk of an older build fails as a load)', async () => {
    const res = await get('/assets/gone-000000.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.headers['cache-control']).not.toBe('public, max-age=31536000, immutable');
  });

  it('compressed answers keep the security headers (the page still runs under the CSP)', async () => {
    const res = await get('/assets/index-abc123.js', 'br');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
