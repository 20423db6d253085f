import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { revokeApiKeys } from '../../../server/kernel/platform/auth/apiKeyRevocation.js';
import { useBinanceServer, type Trader } from './harness.js';
import { streamClient, type StreamClient } from './wsClient.js';

/**
 * Binance's spot WebSocket API, its user data stream requests: ccxt.pro's binance watches spot
 * orders, trades and balances by `userDataStream.subscribe.signature` on /ws-api/v3 (not by a
 * listenKey). A raw client for the answers and refusals, then ccxt.pro itself, unchanged but for its URLs.
 */
const t = useBinanceServer('wsapi');
const clients: StreamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

const order = (trader: Trader, side: 'BUY' | 'SELL', price: string, quantity: string) =>
  t.signed(trader.key, 'POST', '/api/v3/order', { symbol: 'BTCUSDT', side, type: 'LIMIT', timeInForce: 'GTC', price, quantity });

/** The params of a signature subscription as Binance's clients sign them: sorted by name, `name=value&…`, HMAC-SHA256 of the secret. */
function signedParams(trader: Trader, extra: Record<string, string | number> = {}, secret = trader.key.secret) {
  const params: Record<string, string | number> = { apiKey: trader.key.api_key, timestamp: Date.now(), ...extra };
  const text = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return { ...params, signature: createHmac('sha256', secret).update(text).digest('hex') };
}

let nextId = 1;
async function ask(client: StreamClient, method: string, params?: object): Promise<any> {
  const id = `req-${nextId++}`;
  client.socket.send(JSON.stringify({ id, method, ...(params ? { params } : {}) }));
  return client.next((m) => m.id === id);
}

describe('Binance WebSocket API (/ws-api/v3)', () => {
  it('answers ping, time and its subscriptions; refuses a bad request, an unknown method, a bad key or signature, as Binance shapes them', async () => {
    const trader = await t.trader([['USDT', '1000']]);
    const client = await streamClient(t.server.url, '/ws-api/v3');
    clients.push(client);
    expect(await ask(client, 'ping')).toMatchObject({ status: 200, result: {} });
    expect((await ask(client, 'time')).result.serverTime).toBeGreaterThan(Date.now() - 60_000);
    expect(await ask(client, 'order.place', { symbol: 'BTCUSDT' })).toMatchObject({ status: 400, error: { code: -1100 } });
    client.socket.send('not json');
    expect(await client.next((m) => m.id === null)).toMatchObject({ status: 400, error: { code: -1100 } });
    expect(await ask(client, 'userDataStream.subscribe.signature', { apiKey: 'short' })).toMatchObject({ status: 401, error: { code: -2014 } });
    expect(await ask(client, 'userDataStream.subscribe.signature', signedParams(trader, {}, 'not-the-secret'))).toMatchObject({ status: 400, error: { code: -1022 } });
    expect(await ask(client, 'userDataStream.subscribe.signature', signedParams(trader, { timestamp: Date.now() - 600_000 }))).toMatchObject({ status: 400, error: { code: -1021 } });
    expect(await ask(client, 'userDataStream.subscribe.signature', { ...signedParams(trader), apiKey: 'A'.repeat(64) })).toMatchObject({ status: 401, error: { code: -2015 } });
    expect(await ask(client, 'userDataStream.subscribe.signature', signedParams(trader, { symbol: 'BTCUSDT' }))).toMatchObject({ status: 400, error: { code: -1100 } });
    expect((await ask(client, 'session.subscriptions')).result).toEqual([]);
    // Nothing refused above left a subscription behind, and the connection is still served.
    expect(await ask(client, 'userDataStream.subscribe.signature', signedParams(trader))).toMatchObject({ status: 200, result: { subscriptionId: 0 } });
    expect(await ask(client, 'userDataStream.subscribe.signature', signedParams(trader))).toMatchObject({ status: 400, error: { code: -1100 } });
    expect((await ask(client, 'session.subscriptions')).result).toEqual([{ subscriptionId: 0 }]);
  });

  it('a signature subscription pushes the user data stream as {subscriptionId, event}; unsubscribed, nothing more', async () => {
    const maker = await t.trader([['BTC', '1']]);
    const other = await t.trader([['USDT', '100']]);
    const client = await streamClient(t.server.url, '/ws-api/v3');
    clients.push(client);
    const mine = (await ask(client, 'userDataStream.subscribe.signature', signedParams(maker))).result.subscriptionId as number;
    const theirs = (await ask(client, 'userDataStream.subscribe.signature', signedParams(other))).result.subscriptionId as number;
    expect(theirs).toBe(mine + 1);

    const placed = (await order(maker, 'SELL', '61000', '0.1')).body as { orderId: number };
    const report = await client.next((m) => m.subscriptionId === mine && m.event?.e === 'executionReport');
    expect(report.event).toMatchObject({ i: placed.orderId, x: 'NEW', S: 'SELL', p: '61000', q: '0.1' });
    expect((await client.next((m) => m.subscriptionId === mine && m.event?.e === 'outboundAccountPosition')).event.B).toContainEqual({ a: 'BTC', f: '0.9', l: '0.1' });
    // Each account's events under its own subscription.
    expect(client.messages.some((m) => m.subscriptionId === theirs)).toBe(false);

    expect(await ask(client, 'userDataStream.unsubscribe', { subscriptionId: mine })).toMatchObject({ status: 200, result: {} });
    expect((await ask(client, 'session.subscriptions')).result).toEqual([{ subscriptionId: theirs }]);
    const before = client.messages.length;
    await order(maker, 'SELL', '62000', '0.1');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(client.messages.slice(before).some((m) => m.subscriptionId === mine)).toBe(false);

    // The other account's keys revoked (a password change, a freeze): its subscription ends, told so.
    await t.server.db.transaction((tx) => revokeApiKeys(tx, other.id));
    expect(await client.next((m) => m.subscriptionId === theirs && m.event?.e === 'eventStreamTerminated', 15_000)).toBeTruthy();
    expect((await ask(client, 'session.subscriptions')).result).toEqual([]);
  }, 40_000);

  it('ccxt.pro binance: watchOrders and watchBalance, unchanged but for their URLs', async () => {
    const maker = await t.trader([['BTC', '1'], ['USDT', '1000']]);
    const pro = t.ccxtProClient(maker);
    try {
      await pro.loadHttpProxyAgent();
      await pro.loadMarkets();
      const orders = pro.watchOrders('BTC/USDT');
      // Subscribed before the order is placed (the subscription's answer comes first).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const placed = (await order(maker, 'SELL', '63000', '0.2')).body as { orderId: number };
      const seen = await orders;
      expect(seen.at(-1)).toMatchObject({ id: String(placed.orderId), symbol: 'BTC/USDT', side: 'sell', price: 63000, amount: 0.2, status: 'open' });
      const balances = pro.watchBalance();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await order(maker, 'SELL', '64000', '0.1');
      // The first order's balances may come first: watched again until the second's show.
      let balance = await balances;
      for (const until = Date.now() + 15_000; balance['BTC']?.used !== 0.3 && Date.now() < until; ) balance = await pro.watchBalance();
      expect(balance['BTC']).toMatchObject({ free: 0.7, used: 0.3 });
    } finally {
      await pro.close();
    }
  }, 60_000);
});
