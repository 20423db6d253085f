import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { buildHttp } from '../../server/kernel/platform/http/app.js';
import { marketRoutes } from '../../server/products/markets/routes.js';
import { platformRoutes } from '../../server/products/platform/routes.js';
import { openTestDatabase } from './testDb.js';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../../domain/routePreloads.js';

/**
 * Issue 55: a client route's index.html carries its first screen (the latest prices, a trade
 * page's book) and the startup's three public answers, so the first price paints with the HTML
 * and the app starts without asking for them; a page the figures cannot be read for goes as built.
 */
let db: Database;
let clientDir: string;
let server: FastifyInstance;
const INDEX =
  '<!doctype html><html><head><title>OpenEx</title><style>html,body{background:#0b0e11;margin:0}</style><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';
/** What the build writes beside its manifest (scripts/vite/routePreloads.ts): each route's chunks beyond the entry's. */
const ROUTE_PRELOADS: RoutePreload[] = [
  { pattern: '/home', gated: false, files: ['/assets/home.js'] },
  { pattern: '/markets', gated: false, files: ['/assets/list.js'] },
  { pattern: '/markets/kline/:symbol', gated: false, files: ['/assets/trade.js', '/assets/flows.js', '/assets/texts.js'] },
  { pattern: '/wallet/recharge/:currency?', gated: true, files: ['/assets/deposit.js'] },
];
const preloadsIn = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
/** The depth channel's snapshot as the socket gateway gives it; `never` stands for a Redis read that does not come. */
let depth: object | 'never' | undefined;

beforeAll(async () => {
  db = await openTestDatabase();
  await db.query(`update currency set price = '96030.5' where symbol = 'BTC'`);
  await db.query(`update pair set is_hot = 1 where left_symbol = 'BTC' and right_symbol = 'USDT'`);
  clientDir = mkdtempSync(join(tmpdir(), 'client-'));
  writeFileSync(join(clientDir, 'index.html'), INDEX);
  mkdirSync(join(clientDir, '.vite'));
  writeFileSync(join(clientDir, ROUTE_PRELOADS_FILE), JSON.stringify(ROUTE_PRELOADS));
  const rates = { usdtIn: async () => undefined };
  server = await buildHttp({
    db,
    clientDir,
    routes: [platformRoutes(db), marketRoutes(db, rates)],
    channelSnapshot: (channel) => (channel !== 'btc_usdt_depth' ? undefined : depth === 'never' ? new Promise(() => undefined) : depth),
  });
});
afterAll(async () => {
  await server.close();
  await db.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const page = async (url: string, cookie?: string) => {
  const res = await server.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip', ...(cookie === undefined ? {} : { cookie }) } });
  expect(String(res.headers.vary)).toMatch(/cookie/i);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expect(res.headers['cache-control']).toBe('no-cache');
  return res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
};
const json = (html: string, id: string) => JSON.parse(new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(html)![1]!) as Record<string, unknown>;
const post = async (url: string) => (await server.inject({ method: 'POST', url, payload: {} })).json() as { data: unknown };

describe('the first screen in the HTML', () => {
  it('/home paints its hot pairs with their last prices, formatted as the app shows them', async () => {
    const html = await page('/home');
    expect(html).toContain('<span class="fp-price" data-first-price>96,030.50</span>');
    expect(html).toContain('BTC/USDT');
    expect(html.match(/data-first-price/g)!.length).toBeLessThanOrEqual(4);
    // The script the page loads is left as built.
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');
  });

  it('carries the startup answers as the API gives them', async () => {
    const answers = json(await page('/home'), 'startup-answers') as Record<string, { data: unknown }>;
    expect(answers['/api/currency_list']!.data).toEqual((await post('/api/currency_list')).data);
    expect(answers['/api/pair_list']!.data).toEqual((await post('/api/pair_list')).data);
    expect(answers['/api/plat_config']!.data).toEqual((await post('/api/plat_config')).data);
  });

  it("a trade page paints its pair's price and the top of its book, asks from the highest down", async () => {
    depth = { kind: 'snapshot', seq: 3, asks: [['96031', '0.5'], ['96032', '1.25']], bids: [['96029', '2']] };
    const html = await page('/markets/kline/btc_usdt');
    const row = (price: string, quantity: string) => `<div role="row"><span role="cell">${price}</span><span role="cell">${quantity}</span></div>`;
    expect(html).toContain('<span class="fp-price" data-first-price>96,030.50</span>');
    expect(html).toContain(
      `<div class="fp-book" role="table" data-first-book><div class="fp-asks" role="rowgroup">${row('96,032.00', '1.25000')}${row('96,031.00', '0.50000')}</div><div class="fp-bids" role="rowgroup">${row('96,029.00', '2.00000')}</div></div>`,
    );
  });

  it("a trade page carries its chart's first candles as the kline read answers them; other pages none", async () => {
    const html = await page('/markets/kline/BTC_USDT');
    const answer = (await server.inject({ method: 'GET', url: '/api/market/kline?pair=btc_usdt&interval=1min' })).json() as { data: unknown };
    expect(json(html, 'first-candles')).toEqual(answer.data);
    expect(await page('/home')).not.toContain('id="first-candles"');
    // A pair that is not listed: no candles, the page as usual.
    const unlisted = await page('/markets/kline/NOPE_USDT');
    expect(unlisted).not.toContain('id="first-candles"');
    expect(unlisted).toContain('id="startup-answers"');
  });

  it('does not wait for a book snapshot that does not come, nor paint one without levels', async () => {
    depth = 'never';
    const started = Date.now();
    const html = await page('/markets/kline/BTC_USDT');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(html).toContain('data-first-price');
    expect(html).not.toContain('data-first-book');
    depth = { kind: 'snapshot', seq: 0, asks: [], bids: [] };
    expect(await page('/markets/kline/BTC_USDT')).not.toContain('data-first-book');
  });

  it('a page without figures keeps #root empty but still carries the startup answers', async () => {
    const html = await page('/wallet');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('id="startup-answers"');
    expect(html).not.toContain('data-first-price');
  });

  it('no name or figure can close the script element the JSON is in', async () => {
    await db.query(`update currency set name = '</script><script>alert(1)</script>' where symbol = 'BTC'`);
    // The catalogue behind the pages is read once a second at most.
    await new Promise((r) => setTimeout(r, 1100));
    try {
      const html = await page('/home');
      expect(html).not.toContain('</script><script>alert(1)');
      expect(json(html, 'startup-answers')).toBeTruthy();
    } finally {
      await db.query(`update currency set name = 'Bitcoin' where symbol = 'BTC'`);
    }
  });
});

describe("the opened route's chunks named in the HTML", () => {
  it("the trade page names its route's chunks, in the build's order, and no other route's", async () => {
    expect(preloadsIn(await page('/markets/kline/BTC_USDT'))).toEqual(['/assets/trade.js', '/assets/flows.js', '/assets/texts.js']);
    // Matched as the router matches: without case.
    expect(preloadsIn(await page('/Markets/Kline/btc_usdt/'))).toEqual(['/assets/trade.js', '/assets/flows.js', '/assets/texts.js']);
  });

  it("/home names its own chunks and none of the trade page's", async () => {
    const html = await page('/home');
    expect(preloadsIn(html)).toEqual(['/assets/home.js']);
    expect(html).toContain('data-first-price');
    expect(preloadsIn(await page('/markets'))).toEqual(['/assets/list.js']);
  });

  it('names nothing for a route behind sign-in, nor for an address of no route', async () => {
    expect(preloadsIn(await page('/wallet/recharge/USDT'))).toEqual([]);
    expect(preloadsIn(await page('/wallet/recharge'))).toEqual([]);
    expect(preloadsIn(await page('/markets/kline'))).toEqual([]);
    expect(preloadsIn(await page('/no-such-page'))).toEqual([]);
  });
});

describe("the first screen in the trader's theme", () => {
  it('a light-theme cookie writes the page light (no dark flash before the app); none, dark or junk leave it dark', async () => {
    depth = { kind: 'snapshot', seq: 4, asks: [['96031', '0.5']], bids: [['96029', '2']] };
    const light = await page('/markets/kline/btc_usdt', 'lang=en_US; theme=light');
    expect(light).toContain('html,body{background:#f5f6f8;margin:0}');
    expect(light).toContain('#root>.fp{color:#5e6673}');
    expect(light).toContain('.fp-asks [role=row] span:first-child{color:#bf2a43}');
    expect(light).not.toMatch(/#0b0e11|#e8ebef|#9aa4b2|#f6465d|#0ecb81/);
    // The figures are the same either way.
    expect(light).toContain('<span class="fp-price" data-first-price>96,030.50</span>');
    for (const cookie of [undefined, 'theme=dark', 'theme=lightish', 'xtheme=light', 'theme="light"']) {
      const html = await page('/home', cookie);
      expect(html, String(cookie)).toContain('html,body{background:#0b0e11;margin:0}');
      expect(html, String(cookie)).toContain('#root>.fp{color:#9aa4b2}');
    }
    // A page without a first screen is light too (its background).
    expect(await page('/wallet', 'theme=light')).toContain('html,body{background:#f5f6f8;margin:0}');
  });
});
