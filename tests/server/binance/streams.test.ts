import { afterEach, describe, expect, it } from 'vitest';
import { useBinanceServer, type Trader } from './harness.js';
import { streamClient, type StreamClient } from './wsClient.js';

/**
 * Binance's WebSocket market streams on the server's own port (docs/API.md "Binance WebSocket
 * streams"): real WebSocket clients, raw and combined, live requests, bad input, and the events
 * trades and resting orders make, in Binance's shapes.
 */
const t = useBinanceServer('streams');
const clients: StreamClient[] = [];
const connect = async (path: string) => {
  const client = await streamClient(t.server.url, path);
  clients.push(client);
  return client;
};
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

const limit = (trader: Trader, side: 'BUY' | 'SELL', price: string, quantity: string) =>
  t.signed(trader.key, 'POST', '/api/v3/order', { symbol: 'BTCUSDT', side, type: 'LIMIT', timeInForce: 'GTC', price, quantity });

describe('Binance market streams', () => {
  it('raw /ws/<stream>: trade, aggTrade; combined /stream: bookTicker, depth5 and kline wrapped with the stream name', async () => {
    const raw = await connect('/ws/btcusdt@trade');
    const combined = await connect('/stream?streams=btcusdt@aggTrade/btcusdt@bookTicker/btcusdt@depth5@100ms/btcusdt@kline_1m');
    const seller = await t.trader([['BTC', '1']]);
    const buyer = await t.trader([['USDT', '100000']]);
    expect((await limit(seller, 'SELL', '31000', '0.3')).status).toBe(200);

    const ticker = await combined.next((m) => m.stream === 'btcusdt@bookTicker' && m.data.a === '31000');
    expect(ticker.data).toEqual({ u: expect.any(Number), s: 'BTCUSDT', b: '0', B: '0', a: '31000', A: '0.3' });
    const partial = await combined.next((m) => m.stream === 'btcusdt@depth5@100ms' && m.data.asks.length > 0);
    expect(partial.data).toEqual({ lastUpdateId: ticker.data.u, bids: [], asks: [['31000', '0.3']] });
    const rest = (await fetch(`${t.server.url}/api/v3/depth?symbol=BTCUSDT`).then((r) => r.json())) as { lastUpdateId: number };
    expect(rest.lastUpdateId).toBe(partial.data.lastUpdateId);

    expect((await limit(buyer, 'BUY', '31000', '0.1')).body.status).toBe('FILLED');
    const trade = await raw.next((m) => m.e === 'trade');
    expect(trade).toEqual({ e: 'trade', E: expect.any(Number), s: 'BTCUSDT', t: expect.any(Number), p: '31000', q: '0.1', T: expect.any(Number), m: false, M: true });
    const agg = await combined.next((m) => m.stream === 'btcusdt@aggTrade');
    expect(agg.data).toMatchObject({ e: 'aggTrade', s: 'BTCUSDT', a: trade.t, f: trade.t, l: trade.t, p: '31000', q: '0.1', m: false, M: true });
    const kline = await combined.next((m) => m.stream === 'btcusdt@kline_1m');
    expect(kline.data).toMatchObject({ e: 'kline', s: 'BTCUSDT', k: { s: 'BTCUSDT', i: '1m', c: '31000', x: false } });
    expect(kline.data.k.T - kline.data.k.t).toBe(59_999);
    await combined.next((m) => m.stream === 'btcusdt@bookTicker' && m.data.A === '0.2');
  }, 30_000);

  it('ticker and miniTicker each second, in the figures REST ticker/24hr answers', async () => {
    const client = await connect('/stream?streams=btcusdt@ticker/btcusdt@miniTicker');
    const ticker = await client.next((m) => m.stream === 'btcusdt@ticker');
    const rest = (await fetch(`${t.server.url}/api/v3/ticker/24hr?symbol=BTCUSDT`).then((r) => r.json())) as Record<string, unknown>;
    expect(ticker.data).toMatchObject({ e: '24hrTicker', s: 'BTCUSDT', c: rest.lastPrice, o: rest.openPrice, v: rest.volume, q: rest.quoteVolume, n: rest.count, P: rest.priceChangePercent });
    // A percent, as Binance's ("-0.230"), not the tick's fraction ("-0.0023"): it was 100× too small.
    const percent = (Number(rest.priceChange) / Number(rest.openPrice)) * 100;
    expect(Number(rest.priceChangePercent)).toBeCloseTo(percent, 2);
    const mini = await client.next((m) => m.stream === 'btcusdt@miniTicker');
    expect(Object.keys(mini.data).sort()).toEqual(['E', 'c', 'e', 'h', 'l', 'o', 'q', 's', 'v']);
    expect(mini.data.e).toBe('24hrMiniTicker');
  }, 30_000);

  it('SUBSCRIBE, LIST_SUBSCRIPTIONS, UNSUBSCRIBE, SET_PROPERTY and GET_PROPERTY answer as Binance does', async () => {
    const client = await connect('/ws');
    expect(await client.request({ method: 'SUBSCRIBE', params: ['btcusdt@trade', 'ethusdt@depth@100ms'], id: 1 })).toEqual({ result: null, id: 1 });
    expect(await client.request({ method: 'LIST_SUBSCRIPTIONS', id: 3 })).toEqual({ result: ['btcusdt@trade', 'ethusdt@depth@100ms'], id: 3 });
    expect(await client.request({ method: 'UNSUBSCRIBE', params: ['btcusdt@trade'], id: 'abc' })).toEqual({ result: null, id: 'abc' });
    expect(await client.request({ method: 'LIST_SUBSCRIPTIONS', id: 4 })).toEqual({ result: ['ethusdt@depth@100ms'], id: 4 });
    expect(await client.request({ method: 'GET_PROPERTY', params: ['combined'], id: 5 })).toEqual({ result: false, id: 5 });
    expect(await client.request({ method: 'SET_PROPERTY', params: ['combined', true], id: 6 })).toEqual({ result: null, id: 6 });
    expect(await client.request({ method: 'GET_PROPERTY', params: ['combined'], id: 7 })).toEqual({ result: true, id: 7 });
  });

  it('refuses bad input with Binance error codes and stays up', async () => {
    const client = await connect('/ws/0');
    expect(await client.request('not json')).toEqual({ error: { code: 3, msg: expect.stringContaining('Invalid JSON') }, id: null });
    expect(await client.request({ method: 'FLY', params: [], id: 1 })).toEqual({ error: { code: 2, msg: expect.stringContaining('unknown variant') }, id: 1 });
    expect(await client.request({ method: 'SUBSCRIBE', params: ['btcusdt@nonsense'], id: 2 })).toEqual({ error: { code: 2, msg: expect.stringContaining('invalid stream') }, id: 2 });
    expect(await client.request({ method: 'SUBSCRIBE', params: [1], id: 3 })).toEqual({ error: { code: 2, msg: expect.any(String) }, id: 3 });
    const manyClient = await connect('/ws');
    const many = Array.from({ length: 1025 }, (_, i) => `sym${i}usdt@trade`);
    expect(await manyClient.request({ method: 'SUBSCRIBE', params: many, id: 4 })).toEqual({ error: { code: 2, msg: expect.stringContaining('too many') }, id: 4 });
    expect(await manyClient.request({ method: 'SET_PROPERTY', params: ['colour', true], id: 5 })).toEqual({ error: { code: 0, msg: 'Unknown property' }, id: 5 });
    // A symbol not listed is held (Binance answers null for it too) and sends nothing.
    expect(await client.request({ method: 'SUBSCRIBE', params: ['nopeusdt@trade'], id: 6 })).toEqual({ result: null, id: 6 });

    // More than 5 messages in a second: disconnected, as Binance does.
    const flood = await connect('/ws');
    const closed = new Promise<number>((resolve) => flood.socket.once('close', (code) => resolve(code)));
    for (let i = 0; i < 8; i++) flood.socket.send(JSON.stringify({ method: 'LIST_SUBSCRIPTIONS', id: i }));
    expect(await closed).toBe(1008);
    // The server goes on: REST and the socket still answer.
    expect((await fetch(`${t.server.url}/api/v3/ping`)).status).toBe(200);
    expect(await client.request({ method: 'LIST_SUBSCRIPTIONS', id: 9 })).toEqual({ result: ['nopeusdt@trade'], id: 9 });
  });

  it('refuses a connection over its address cap (SOCKETS_PER_ADDRESS, 20 by default) with 429, and takes one again when one closes', async () => {
    // Those of the tests before have closed (a moment for the server to hear it).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const held = await Promise.all(Array.from({ length: 20 }, () => connect('/ws')));
    await expect(streamClient(t.server.url, '/ws')).rejects.toThrow(/429/);
    held[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await connect('/ws');
  });
});
