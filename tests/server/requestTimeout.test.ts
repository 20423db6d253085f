import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { buildHttp, REQUEST_TIMEOUT_MS } from '../../server/kernel/platform/http/app.js';
import { openTestDatabase } from './testDb.js';

/**
 * A request that never arrives whole is answered and its connection closed, not held open for good
 * (Fastify's default has no limit: an audit's POST announcing 100 bytes and sending 11 was still
 * open after 70 s).
 */
let db: Database;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await db.close();
});

const build = async (requestTimeoutMs?: number) => {
  const app = await buildHttp({ db, routes: [async (a) => void a.post('/api/echo', async () => ({ code: 200, msg: 'ok', data: null }))], requestTimeoutMs });
  apps.push(app);
  return app;
};

/** Sends the headers of a 100-byte body and 11 bytes of it; answers what came back and when the connection closed. */
function truncatedPost(port: number, waitMs: number): Promise<{ answer: string; closedAfterMs: number | undefined }> {
  const started = Date.now();
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write('POST /api/echo HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"account":');
    });
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const give = (closedAfterMs: number | undefined) => {
      clearTimeout(limit);
      socket.destroy();
      resolve({ answer, closedAfterMs });
    };
    socket.on('close', () => give(Date.now() - started));
    const limit = setTimeout(() => give(undefined), waitMs);
  });
}

describe('a request that never arrives whole', () => {
  it('is answered 408 and its connection closed once its time is up', async () => {
    const app = await build(1000);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const { answer, closedAfterMs } = await truncatedPost(port, 8000);
    expect(closedAfterMs, 'the connection was still open').toBeDefined();
    expect(closedAfterMs!).toBeGreaterThanOrEqual(900);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('has a minute by default', async () => {
    const app = await build();
    await app.ready();
    expect(app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
  });
});
