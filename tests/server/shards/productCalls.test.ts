import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { defineProduct } from '../../../server/kernel/platform/product.js';
import { MarketUnavailable } from '../../../server/kernel/cluster/shards/commandClient.js';
import { answerProductCall, productCallsForwarder, type ProductCall } from '../../../server/kernel/cluster/shards/productCalls.js';

/**
 * A product's calls over the bus (kernel/cluster/shards/productCalls.ts), with the bus left out: the
 * forwarder's command goes straight to the "process's" app. What arrives there, what comes back —
 * text and binary alike — and what the caller hears when no process takes it.
 */
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x80, 0x7f, 0xfe]);

async function productApp() {
  const app = Fastify();
  const seen: Array<{ body: unknown; ip: string; lang: unknown }> = [];
  app.post('/api/p/echo', async (request) => (seen.push({ body: request.body, ip: request.ip, lang: request.headers.lang }), { code: 200, msg: 'Success', data: request.body }));
  app.get('/api/p/image', async (_request, reply) => reply.header('content-type', 'image/png').header('cache-control', 'private, no-store').send(PNG));
  await app.ready();
  return { app, seen };
}

async function front(call: (market: string, command: ProductCall) => Promise<unknown>): Promise<string> {
  const forwarder = productCallsForwarder([defineProduct({ id: 'p', apart: { paths: ['/api/p/'] }, create: () => ({}) })], call, () => undefined);
  const server = createServer((request, response) => {
    if (!forwarder.take(request, response)) response.writeHead(404).end('not here');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("a product's calls over the bus", () => {
  it('carries the call to the product\'s own routes and its answer back, text as text and an image byte for byte', async () => {
    const { app, seen } = await productApp();
    const markets: string[] = [];
    const url = await front((market, command) => (markets.push(market), answerProductCall(app, JSON.parse(JSON.stringify(command)))));
    const echoed = await fetch(`${url}/api/p/echo`, { method: 'POST', headers: { 'content-type': 'application/json', lang: 'ja_JP' }, body: '{"a":"ü"}' });
    expect(echoed.status).toBe(200);
    expect(await echoed.json()).toEqual({ code: 200, msg: 'Success', data: { a: 'ü' } });
    expect(seen).toEqual([{ body: { a: 'ü' }, ip: '127.0.0.1', lang: 'ja_JP' }]);

    const image = await fetch(`${url}/api/p/image`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    expect(markets).toEqual(['product:p', 'product:p']);
    // Outside the product's paths: not taken.
    expect(await (await fetch(`${url}/api/other`)).text()).toBe('not here');
    await app.close();
  });

  it.each([
    { maybeDone: false, lang: 'es_ES', key: 'serverUnreachable' },
    { maybeDone: true, lang: 'tr_TR', key: 'serverNoAnswer' },
  ] as const)('says, translated, whether the call reached no process (nothing changed) or went unanswered: $key', async ({ maybeDone, lang, key }) => {
    const url = await front(async (market) => {
      throw new MarketUnavailable(market, maybeDone);
    });
    expect(await (await fetch(`${url}/api/p/echo`, { method: 'POST', headers: { lang }, body: '{}' })).json()).toEqual({ code: 500, msg: MESSAGES[lang][key], data: null });
  });

  it('refuses a command that is not a call before any route sees it', async () => {
    const { app, seen } = await productApp();
    await expect(answerProductCall(app, { method: 'POST' })).rejects.toThrow('not a product call');
    await expect(answerProductCall(app, null)).rejects.toThrow('not a product call');
    expect(seen).toEqual([]);
    await app.close();
  });
});
