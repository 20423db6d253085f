import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { forwardTo, type Forwarder } from '../../../server/kernel/platform/http/forward.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';

/**
 * A node's front's forwarder (kernel/platform/http/forward.ts; docs/ARCHITECTURE.md "Scale-out: identical nodes"),
 * between a plain client and a plain "server": what it passes on, what it keeps, and what the caller
 * hears when the server cannot be reached or breaks off.
 */
type Seen = { method?: string; url?: string; headers: IncomingMessage['headers']; body: string };

const servers: Server[] = [];
const forwarders: Forwarder[] = [];
afterEach(async () => {
  for (const f of forwarders.splice(0)) f.close();
  for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The "server": records what reached it and answers with a header of its own. */
async function primary(answer: (seen: Seen, response: import('node:http').ServerResponse) => void): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const url = await listen(
    createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const entry = { method: request.method, url: request.url, headers: request.headers, body };
        seen.push(entry);
        answer(entry, response);
      });
    }),
  );
  return { url, seen };
}

/** The "front": whatever the forwarder does not take is answered here with "local". */
async function front(serverUrl: string, servedHere = (_method: string, path: string) => path === '/api/local'): Promise<string> {
  const at = new URL(serverUrl);
  const forwarder = forwardTo({ current: () => at }, servedHere, () => undefined);
  forwarders.push(forwarder);
  return listen(
    createServer((request, response) => {
      if (!forwarder.take(request, response)) response.end('local');
    }),
  );
}

function send(url: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; headers: IncomingMessage['headers']; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(path, url);
    const outgoing = httpRequest({ hostname: target.hostname, port: target.port, path: target.pathname + target.search, method: options.method ?? 'POST', headers: options.headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

describe('the HTTP front forwarder', () => {
  it('passes an API call it does not serve to the server as it came, and its answer back as it came', async () => {
    const server = await primary((_seen, response) => response.writeHead(201, { 'content-type': 'application/json', 'x-answer': 'server' }).end('{"code":200}'));
    const url = await front(server.url);
    const body = JSON.stringify({ account: 'spot', note: 'ü'.repeat(3) });
    const answer = await send(url, '/api/wallet/balances?page=2', {
      headers: { 'content-type': 'application/json', token: 'abc', lang: 'ja_JP', 'idempotency-key': 'k-1', 'x-forwarded-for': '203.0.113.7', connection: 'keep-alive' },
      body,
    });
    expect(answer).toMatchObject({ status: 201, body: '{"code":200}' });
    expect(answer.headers['x-answer']).toBe('server');
    const [seen] = server.seen;
    expect(seen).toMatchObject({ method: 'POST', url: '/api/wallet/balances?page=2', body });
    expect(seen!.headers).toMatchObject({ token: 'abc', lang: 'ja_JP', 'idempotency-key': 'k-1', 'content-type': 'application/json' });
    // The caller's own proxy chain, then the address the front was called from.
    expect(seen!.headers['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.1');
  });

  it('keeps what it serves, and everything outside /api (the client, its files)', async () => {
    const server = await primary((_seen, response) => response.end('server'));
    const url = await front(server.url);
    expect((await send(url, '/api/local')).body).toBe('local');
    expect((await send(url, '/markets/kline/BTC_USDT', { method: 'GET' })).body).toBe('local');
    expect((await send(url, '/apiary', { method: 'GET' })).body).toBe('local');
    expect((await send(url, '/api/other')).body).toBe('server');
    expect(server.seen.map((s) => s.url)).toEqual(['/api/other']);
  });

  it('says, translated, that nothing changed when the server cannot be reached', async () => {
    const closed = await listen(createServer());
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const url = await front(closed);
    const answer = await send(url, '/api/wallet/withdraw', { headers: { lang: 'ko_KR', 'content-type': 'application/json' }, body: '{}' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ code: 500, msg: MESSAGES.ko_KR.serverUnreachable, data: null });
  });

  it('says the call may have been carried out when the server breaks off after taking it', async () => {
    const server = await primary((_seen, response) => response.socket?.destroy());
    const url = await front(server.url);
    const answer = await send(url, '/api/spot/order/place', { headers: { lang: 'fr_FR' }, body: '{}' });
    expect(JSON.parse(answer.body)).toEqual({ code: 500, msg: MESSAGES.fr_FR.serverNoAnswer, data: null });
    expect(server.seen).toHaveLength(1);
  });

  it('follows the server a cluster node hears of, and refuses at once, as not done, while it knows none', async () => {
    const server = await primary((_seen, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"code":200}'));
    let known: URL | undefined;
    const forwarder = forwardTo({ current: () => known }, (_method, path) => path === '/api/local', () => undefined);
    forwarders.push(forwarder);
    const url = await listen(
      createServer((request, response) => {
        // As the front's app does: its security headers set once the forwarder has taken the call.
        if (forwarder.take(request, response)) response.setHeader('x-content-type-options', 'nosniff');
        else response.end('local');
      }),
    );
    const refused = await send(url, '/api/wallet/transfer', { headers: { lang: 'de_DE' }, body: '{}' });
    expect(JSON.parse(refused.body)).toEqual({ code: 500, msg: MESSAGES.de_DE.serverUnreachable, data: null });
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(server.seen).toHaveLength(0);
    known = new URL(server.url);
    expect(JSON.parse((await send(url, '/api/wallet/transfer', { body: '{}' })).body)).toEqual({ code: 200 });
    expect(server.seen).toHaveLength(1);
  });
});
