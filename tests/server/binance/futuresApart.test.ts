import ccxt from 'ccxt';
import { createHmac, randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATHS, type ApiKeyCreated } from '../../../domain/apiKeys.js';
import { parseMarketProcesses } from '../../../server/kernel/cluster/shards/processes.js';
import { createOffers } from '../../../server/kernel/platform/offers.js';
import { STREAM_READS_PATH, streamReadRoutes } from '../../../server/products/binance/streams/futuresReads.js';
import { listenKeyStore } from '../../../server/products/binance/streams/listenKeys.js';
import { startMarketProcess, type RunningMarketProcess } from '../../../server/startMarkets.js';
import { besideServer, startWebNode, testBus } from '../scaleOutSetup.js';
import { createTestUser } from '../support/users.js';
import { createIsolatedSchema, usingPostgres, type IsolatedSchema } from '../testDb.js';
import { streamClient, type StreamClient } from './wsClient.js';

/**
 * Binance's USDⓈ-M dialect (/fapi) on a cluster node's web part, the futures engine held by a
 * process of its own (f1): the calls that need the engine travel to its holder with the browser's
 * /api/futures/ calls and are answered there by the dialect's own routes — the signature, the key's
 * address list, weights and client ids as on a single server; the futures user data stream on the
 * node is told from the holder's pushes, its reads of the engine made there. Needs PostgreSQL and Redis.
 */
const PROCESSES = parseMarketProcesses('f1=futures');

describe.runIf(usingPostgres())('the Binance futures dialect through a node that does not run futures', () => {
  let schema: IsolatedSchema;
  let web: Awaited<ReturnType<typeof startWebNode>> | undefined;
  let f1: RunningMarketProcess | undefined;
  const clients: StreamClient[] = [];
  const bus = testBus('fapi-apart');
  // One API key sealing on both processes (docs/DEPLOY.md "API key secrets"); the load balancer before them at 127.0.0.1.
  const settings = { apiKeySecret: randomBytes(32), trustedProxies: ['127.0.0.1'] };

  beforeAll(async () => {
    schema = await createIsolatedSchema();
    // The web node first: it prepares the fresh schema the process then opens.
    web = await startWebNode(schema.url, bus, PROCESSES, settings);
    f1 = await startMarketProcess(besideServer(schema.url, bus, PROCESSES, settings), ['f1']);
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await web?.stopAll();
    await f1?.stop();
    await schema?.drop();
  });

  async function trader(ipAllowlist: string[] = []): Promise<{ id: number; key: ApiKeyCreated }> {
    const { id, token } = await createTestUser(web!.db, { tag: 'fapi-apart', email: true, verified: true, funded: [['USDT', '10000', 'contract']] });
    const answer = await fetch(`${web!.url}${API_KEY_PATHS.create}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ label: 'bot', permissions: ['read', 'trade'], ip_allowlist: ipAllowlist }),
    });
    return { id, key: ((await answer.json()) as { data: ApiKeyCreated }).data };
  }

  async function signed(key: ApiKeyCreated, method: string, path: string, params: Record<string, string> = {}, secret = key.secret, headers: Record<string, string> = {}) {
    const query = new URLSearchParams({ ...params, timestamp: String(Date.now()) }).toString();
    const signature = createHmac('sha256', secret).update(query).digest('hex');
    const response = await fetch(`${web!.url}${path}?${query}&signature=${signature}`, { method, headers: { 'x-mbx-apikey': key.api_key, ...headers } });
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  }

  it('places, queries and cancels an order and reads the account and positions, from the engine in f1', async () => {
    const { key } = await trader();
    const info = (await (await fetch(`${web!.url}/fapi/v1/exchangeInfo`)).json()) as { symbols: Array<{ symbol: string }> };
    expect(info.symbols.map((s) => s.symbol)).toContain('BTCUSDT');

    const order = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '50000', quantity: '0.01', newClientOrderId: 'apart-1' };
    const placed = await signed(key, 'POST', '/fapi/v1/order', order);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toMatchObject({ symbol: 'BTCUSDT', status: 'NEW', clientOrderId: 'apart-1', price: '50000' });
    // The weight counted where the call was answered, with Binance's header passed back.
    expect(Number(placed.headers.get('x-mbx-used-weight-1m'))).toBeGreaterThan(0);
    // The same client id again is the same order (its idempotency key), never a second.
    expect((await signed(key, 'POST', '/fapi/v1/order', order)).body.orderId).toBe(placed.body.orderId);

    const queried = await signed(key, 'GET', '/fapi/v1/order', { symbol: 'BTCUSDT', origClientOrderId: 'apart-1' });
    expect(queried.body).toMatchObject({ orderId: placed.body.orderId, status: 'NEW' });
    expect((await signed(key, 'GET', '/fapi/v1/openOrders', { symbol: 'BTCUSDT' })).body).toHaveLength(1);

    for (const version of ['v2', 'v3']) {
      const account = await signed(key, 'GET', `/fapi/${version}/account`);
      expect(account.status, JSON.stringify(account.body)).toBe(200);
      expect(account.body.assets[0]).toMatchObject({ asset: 'USDT', walletBalance: '10000' });
      expect(Number(account.body.totalInitialMargin)).toBeGreaterThan(0);
    }
    const positions = await signed(key, 'GET', '/fapi/v2/positionRisk', { symbol: 'BTCUSDT' });
    expect(positions.body).toEqual([expect.objectContaining({ symbol: 'BTCUSDT', positionAmt: '0' })]);

    const cancelled = await signed(key, 'DELETE', '/fapi/v1/order', { symbol: 'BTCUSDT', orderId: String(placed.body.orderId) });
    expect(cancelled.body).toMatchObject({ orderId: placed.body.orderId, status: 'CANCELED' });
    expect((await signed(key, 'GET', '/fapi/v1/openOrders', { symbol: 'BTCUSDT' })).body).toEqual([]);
  });

  it("refuses as a single server does: a bad signature, and an address the key's list does not allow (the caller's, passed on)", async () => {
    const { key } = await trader();
    expect((await signed(key, 'GET', '/fapi/v2/account', {}, 'x'.repeat(64))).body).toMatchObject({ code: -1022 });
    // The client's address as the trusted proxy gave it, read at the holder from the headers the node passed on.
    const listed = await trader(['203.0.113.7']);
    const from = (ip: string) => signed(listed.key, 'GET', '/fapi/v2/account', {}, listed.key.secret, { 'x-forwarded-for': ip });
    expect((await from('203.0.113.7')).status).toBe(200);
    const refused = await from('198.51.100.1');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: -2015 });
    expect((await signed(listed.key, 'GET', '/fapi/v2/account')).body).toMatchObject({ code: -2015 });
  });

  it("lets ccxt's binanceusdm, pointed at the node, set leverage, trade, read its position and balance, and cancel", async () => {
    const bot = async () => {
      const { key } = await trader();
      const exchange = new ccxt.binanceusdm({ apiKey: key.api_key, secret: key.secret, enableRateLimit: false, options: { fetchMargins: false, fetchCurrencies: false, warnOnFetchOpenOrdersWithoutSymbol: false } });
      const api = exchange.urls['api'] as Record<string, unknown>;
      for (const [name, url] of Object.entries(api)) if (typeof url === 'string') api[name] = url.replace(/^https:\/\/[^/]+/, web!.url);
      await exchange.loadMarkets();
      return exchange;
    };
    const symbol = 'BTC/USDT:USDT';
    const [seller, buyer] = [await bot(), await bot()];
    expect(seller.markets?.[symbol]?.linear).toBe(true);
    expect(Number((await buyer.setLeverage(10, symbol))['leverage'])).toBe(10);
    const ask = await seller.createOrder(symbol, 'limit', 'sell', 0.1, 31000);
    expect(ask.status).toBe('open');
    const bought = await buyer.createOrder(symbol, 'market', 'buy', 0.05);
    expect(bought).toMatchObject({ status: 'closed', filled: 0.05 });
    const [position] = await buyer.fetchPositions([symbol]);
    expect(position).toMatchObject({ symbol, side: 'long', contracts: 0.05, entryPrice: 31000, leverage: 10 });
    expect((await buyer.fetchBalance())['USDT']!.total).toBeLessThan(10000);
    expect((await seller.fetchOpenOrders(symbol)).map((o) => o.id)).toEqual([ask.id]);
    expect((await seller.cancelOrder(ask.id!, symbol)).status).toBe('canceled');
    expect(await seller.fetchOpenOrders(symbol)).toEqual([]);
  }, 60_000);

  it('streams ACCOUNT_CONFIG_UPDATE, ORDER_TRADE_UPDATE and ACCOUNT_UPDATE to a connection on the node, for leverage and orders the holder set and ran', async () => {
    const maker = await trader();
    const taker = await trader();
    const made = await fetch(`${web!.url}/fapi/v1/listenKey`, { method: 'POST', headers: { 'x-mbx-apikey': maker.key.api_key } });
    const { listenKey } = (await made.json()) as { listenKey: string };
    const client = await streamClient(web!.url, `/ws/${listenKey}`);
    clients.push(client);
    // The holder hears who listens on the node in its report (bus/publisher.ts reportListeners), a moment after the stream opens.
    await new Promise((resolve) => setTimeout(resolve, 500));

    // A leverage set at the holder: its push carries the values, so the node tells it without a read.
    expect((await signed(maker.key, 'POST', '/fapi/v1/leverage', { symbol: 'BTCUSDT', leverage: '15' })).body).toMatchObject({ leverage: 15 });
    expect(await client.next((m) => m.e === 'ACCOUNT_CONFIG_UPDATE', 15_000)).toMatchObject({ ac: { s: 'BTCUSDT', l: 15 } });

    const placed = (await signed(maker.key, 'POST', '/fapi/v1/order', { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', price: '30000', quantity: '0.5', newClientOrderId: 'apart-s1' })).body as { orderId: number };
    const created = await client.next((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.x === 'NEW', 15_000);
    expect(created.o).toMatchObject({ s: 'BTCUSDT', c: 'apart-s1', S: 'SELL', X: 'NEW', i: placed.orderId, q: '0.5', p: '30000' });

    expect((await signed(taker.key, 'POST', '/fapi/v1/order', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '30000', quantity: '0.2' })).body).toMatchObject({ status: 'FILLED' });
    const [fill] = await web!.db.query<{ id: string }>(`select id::text as id from futures_trade where maker_order_id = $1`, [placed.orderId]);
    const trade = await client.next((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.x === 'TRADE', 15_000);
    expect(trade.o).toMatchObject({ i: placed.orderId, c: 'apart-s1', X: 'PARTIALLY_FILLED', l: '0.2', L: '30000', t: Number(fill!.id), m: true });
    // The balance and the position from the engine, read at its holder.
    const account = await client.next((m) => m.e === 'ACCOUNT_UPDATE', 15_000);
    expect(account.a).toMatchObject({ m: 'ORDER', B: [{ a: 'USDT', wb: '9998.8', cw: '9998.8', bc: '0' }], P: [{ s: 'BTCUSDT', pa: '-0.2', ep: '30000', mt: 'cross', ps: 'BOTH' }] });

    expect((await signed(maker.key, 'DELETE', '/fapi/v1/order', { symbol: 'BTCUSDT', orderId: String(placed.orderId) })).status).toBe(200);
    expect((await client.next((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.x === 'CANCELED', 15_000)).o).toMatchObject({ i: placed.orderId, z: '0.2' });
  }, 60_000);

  it('answers the engine reads for streams only by a live futures listenKey, at the holder alone', async () => {
    // Not a path the node sends on: its own 404.
    const asked = await fetch(`${web!.url}${STREAM_READS_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ listenKey: 'x'.repeat(60), read: 'wallet' }) });
    expect(asked.status).toBe(404);
    // The holder's route itself (here in an app of its own, over the same database): a key that is not live reads nothing.
    const { id, key } = await trader();
    const app = Fastify();
    await app.register(streamReadRoutes(createOffers(), listenKeyStore(web!.db, 'futures')));
    const read = (listenKey: string) => app.inject({ method: 'POST', url: STREAM_READS_PATH, payload: { listenKey, read: 'orders', ids: [1] } });
    expect((await read('x'.repeat(60))).statusCode).toBe(404);
    const made = await fetch(`${web!.url}/fapi/v1/listenKey`, { method: 'POST', headers: { 'x-mbx-apikey': key.api_key } });
    const { listenKey } = (await made.json()) as { listenKey: string };
    expect((await read(listenKey)).statusCode).toBe(200);
    await web!.db.query(`update binance_listen_key set expires_at = now() - interval '1 second' where user_id = $1`, [id]);
    expect((await read(listenKey)).statusCode).toBe(404);
    await app.close();
  });

  // Last: it stops the engine's holder.
  it("refuses as Binance does while no process holds the engine (HTTP 503, -1001: nothing done), the browser's calls in the envelope", async () => {
    const { key } = await trader();
    await f1!.stop();
    f1 = undefined;
    const order = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '50000', quantity: '0.01', newClientOrderId: 'apart-gone' };
    await expect.poll(async () => (await signed(key, 'POST', '/fapi/v1/order', order)).status, { timeout: 15_000 }).toBe(503);
    const refused = await signed(key, 'POST', '/fapi/v1/order', order);
    expect(refused.body).toEqual({ code: -1001, msg: 'Internal error; unable to process your request. Please try again.' });
    expect(refused.headers.get('retry-after')).toBe('1');
    // The browser's own futures call: the envelope's translated refusal, as before.
    const browser = (await (await fetch(`${web!.url}/api/futures/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { code: number; msg: string };
    expect(browser.code).toBe(500);
  }, 60_000);
});
