import { describe, expect, it } from 'vitest';
import { useBinanceServer } from './harness.js';

/**
 * Binance's windows over lists, as bots page through them: allOrders and myTrades answer the most
 * recent `limit` unless asked from an id or a time (they had answered the oldest, and an `orderId`
 * older than the newest hundred was not reached); aggTrades reads fromId, startTime and endTime
 * (they had been ignored); klines from a startTime start there however long ago it was (they had
 * started at most 1000 bars back from now).
 */
const t = useBinanceServer('lists');
type Key = Parameters<typeof t.signed>[0];
const ids = (list: Array<{ orderId?: number; id?: number; a?: number }>) => list.map((x) => x.a ?? x.id ?? x.orderId);
const publicGet = async (path: string) => (await (await fetch(`${t.server.url}${path}`)).json()) as any;

describe('allOrders and myTrades windows', () => {
  it('the most recent by default, from an id or a time when asked, always oldest first', async () => {
    const seller = await t.trader([['BTC', '1']]);
    const buyer = await t.trader([['USDT', '10000']]);
    const asks: number[] = [];
    for (let i = 0; i < 5; i++) {
      const ask = await t.signed(seller.key, 'POST', '/api/v3/order', { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', price: String(30000 + i), quantity: '0.01' });
      asks.push(ask.body.orderId);
    }
    const all = (key: Key, params: Record<string, string>) => t.signed(key, 'GET', '/api/v3/allOrders', { symbol: 'BTCUSDT', ...params });
    expect(ids((await all(seller.key, { limit: '2' })).body)).toEqual(asks.slice(3));
    const every = (await all(seller.key, {})).body as Array<{ orderId: number; time: number }>;
    expect(ids(every)).toEqual(asks);
    expect(ids((await all(seller.key, { orderId: String(asks[1]), limit: '2' })).body)).toEqual(asks.slice(1, 3));
    // By time (orders placed in one millisecond share it): from startTime the first, up to endTime the last.
    const at = every[2]!.time;
    expect(ids((await all(seller.key, { startTime: String(at), limit: '1' })).body)).toEqual(ids(every.filter((o) => o.time >= at).slice(0, 1)));
    expect(ids((await all(seller.key, { endTime: String(at), limit: '2' })).body)).toEqual(ids(every.filter((o) => o.time <= at).slice(-2)));

    // One buy takes the five asks: five fills each side.
    const bought = await t.signed(buyer.key, 'POST', '/api/v3/order', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '30004', quantity: '0.05' });
    expect(bought.body).toMatchObject({ status: 'FILLED', executedQty: '0.05' });
    const tradeIds = ids(bought.body.fills.map((f: { tradeId: number }) => ({ id: f.tradeId })));
    const trades = (key: Key, params: Record<string, string>) => t.signed(key, 'GET', '/api/v3/myTrades', { symbol: 'BTCUSDT', ...params });
    expect(ids((await trades(buyer.key, { limit: '2' })).body)).toEqual(tradeIds.slice(3));
    expect(ids((await trades(buyer.key, { fromId: String(tradeIds[1]), limit: '2' })).body)).toEqual(tradeIds.slice(1, 3));
    expect(ids((await trades(seller.key, { orderId: String(asks[4]) })).body)).toEqual([tradeIds[4]]);
    expect((await trades(seller.key, { limit: '1' })).body).toEqual([
      expect.objectContaining({ id: tradeIds[4], orderId: asks[4], price: '30004', qty: '0.01', isBuyer: false, isMaker: true, commissionAsset: 'USDT' }),
    ]);

    // aggTrades from an id, and within a time, from the committed trades (the channel keeps only the latest).
    expect(ids(await publicGet(`/api/v3/aggTrades?symbol=BTCUSDT&fromId=${tradeIds[1]}&limit=2`))).toEqual(tradeIds.slice(1, 3));
    const time = (await trades(buyer.key, { limit: '1' })).body[0].time as number;
    expect(ids(await publicGet(`/api/v3/aggTrades?symbol=BTCUSDT&startTime=${time}&endTime=${time}&limit=1`))).toEqual([tradeIds[0]]);
    expect(ids(await publicGet(`/api/v3/aggTrades?symbol=BTCUSDT&limit=2`))).toEqual(tradeIds.slice(3));

    // historicalTrades (MARKET_DATA): the API key without a signature; from fromId, else the latest; oldest first.
    const historical = async (query: string, apiKey: string | undefined = buyer.key.api_key) => {
      const response = await fetch(`${t.server.url}/api/v3/historicalTrades?${query}`, { headers: apiKey ? { 'x-mbx-apikey': apiKey } : {} });
      return { status: response.status, body: (await response.json()) as any };
    };
    expect((await historical(`symbol=BTCUSDT&fromId=${tradeIds[1]}&limit=2`)).body).toEqual([
      { id: tradeIds[1], price: '30001', qty: '0.01', quoteQty: '300.01', time: expect.any(Number), isBuyerMaker: false, isBestMatch: true },
      { id: tradeIds[2], price: '30002', qty: '0.01', quoteQty: '300.02', time: expect.any(Number), isBuyerMaker: false, isBestMatch: true },
    ]);
    expect(ids((await historical('symbol=BTCUSDT&limit=2')).body)).toEqual(tradeIds.slice(3));
    expect(await historical('symbol=BTCUSDT', '')).toEqual({ status: 401, body: { code: -2014, msg: 'API-key format invalid.' } });
    expect((await historical('symbol=BTCUSDT', 'B'.repeat(64))).body.code).toBe(-2015);
    expect((await historical('symbol=NOPEUSDT')).body.code).toBe(-1121);
    expect((await historical('symbol=BTCUSDT&limit=1001')).body.code).toBe(-1100);
  });

  it('futures allOrders answers the most recent by default, from orderId when asked', async () => {
    const trader = await t.trader([['USDT', '10000', 'contract']]);
    const placed: number[] = [];
    for (const price of ['10000', '10001', '10002']) {
      placed.push((await t.signed(trader.key, 'POST', '/fapi/v1/order', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price, quantity: '0.01' })).body.orderId);
    }
    expect(ids((await t.signed(trader.key, 'GET', '/fapi/v1/allOrders', { symbol: 'BTCUSDT', limit: '2' })).body)).toEqual(placed.slice(1));
    expect(ids((await t.signed(trader.key, 'GET', '/fapi/v1/allOrders', { symbol: 'BTCUSDT', orderId: String(placed[0]), limit: '2' })).body)).toEqual(placed.slice(0, 2));
  });
});

describe('klines from a startTime', () => {
  it('start at startTime even when more than 1000 bars lie between it and now', async () => {
    // 1100 minute bars three days ago, older than the seeded history.
    const minute = 60_000;
    const first = Math.floor((Date.now() - 3 * 86_400_000) / minute) * minute;
    await t.server.db.query(
      `insert into candle (left_symbol, right_symbol, interval, open_time, open, high, low, close, amount, vol, count)
       select 'LTC', 'USDT', '1min', $1::bigint + n * 60000, 80 + n, 80 + n, 80 + n, 80 + n, 1, 80 + n, 1 from generate_series(0, 1099) n
       on conflict do nothing`,
      [first],
    );
    const bars = (await publicGet(`/api/v3/klines?symbol=LTCUSDT&interval=1m&startTime=${first}&limit=3`)) as Array<[number, string]>;
    expect(bars.map((b) => [b[0], b[1]])).toEqual([
      [first, '80'],
      [first + minute, '81'],
      [first + 2 * minute, '82'],
    ]);
    const ending = (await publicGet(`/api/v3/klines?symbol=LTCUSDT&interval=1m&endTime=${first + minute}&limit=5`)) as Array<[number]>;
    expect(ending.map((b) => b[0])).toEqual([first, first + minute]);
    // uiKlines answers the same bars.
    expect(await publicGet(`/api/v3/uiKlines?symbol=LTCUSDT&interval=1m&startTime=${first}&limit=3`)).toEqual(await publicGet(`/api/v3/klines?symbol=LTCUSDT&interval=1m&startTime=${first}&limit=3`));
    expect((await publicGet('/api/v3/uiKlines?symbol=LTCUSDT&interval=1s')).code).toBe(-1120);
  });
});
