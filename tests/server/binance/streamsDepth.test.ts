import { afterEach, describe, expect, it } from 'vitest';
import { useBinanceServer, type Trader } from './harness.js';
import { streamClient, type StreamClient } from './wsClient.js';

/**
 * The diff depth stream against REST /api/v3/depth: Binance's documented sync (buffer the events,
 * read the snapshot, drop events with u <= lastUpdateId, apply the rest) rebuilds exactly the book
 * REST answers; ccxt.pro's watchOrderBook, which does the same, agrees with REST after orders are
 * placed and cancelled; and ccxt.pro's other watch methods (trades, candles, ticker, bids and asks)
 * read the market streams.
 */
const t = useBinanceServer('streamsdepth');
const clients: StreamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

const order = (trader: Trader, side: 'BUY' | 'SELL', price: string, quantity: string) =>
  t.signed(trader.key, 'POST', '/api/v3/order', { symbol: 'BTCUSDT', side, type: 'LIMIT', timeInForce: 'GTC', price, quantity });
const cancel = (trader: Trader, orderId: number) => t.signed(trader.key, 'DELETE', '/api/v3/order', { symbol: 'BTCUSDT', orderId: String(orderId) });
interface Depth {
  lastUpdateId: number;
  bids: [string, string][];
  asks: [string, string][];
}
const restDepth = async () => (await (await fetch(`${t.server.url}/api/v3/depth?symbol=BTCUSDT&limit=1000`)).json()) as Depth;

type Book = { bids: Map<string, string>; asks: Map<string, string> };
const apply = (side: Map<string, string>, levels: [string, string][]) => {
  for (const [price, quantity] of levels) if (Number(quantity) === 0) side.delete(price);
  else side.set(price, quantity);
};
const levels = (side: Map<string, string>, descending: boolean) => [...side.entries()].sort((a, b) => (descending ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0])));

describe('Binance diff depth', () => {
  it.each(['btcusdt@depth@100ms', 'btcusdt@depth'])('%s: buffered events over the REST snapshot give the live book', async (stream) => {
    const maker = await t.trader([['BTC', '5'], ['USDT', '500000']]);
    const client = await streamClient(t.server.url, `/ws/${stream}`);
    clients.push(client);
    // Changes before the snapshot is read: buffered, as the procedure says.
    const a = (await order(maker, 'SELL', '40000', '0.2')).body as { orderId: number };
    await order(maker, 'BUY', '20000', '0.3');
    await client.next((m) => m.e === 'depthUpdate');
    const snapshot = await restDepth();
    const book: Book = { bids: new Map(snapshot.bids), asks: new Map(snapshot.asks) };
    // Changes after it: placed, a partial take by another user, cancelled.
    const taker = await t.trader([['USDT', '100000']]);
    await order(maker, 'SELL', '41000', '0.5');
    await order(taker, 'BUY', '40000', '0.05');
    expect((await cancel(maker, a.orderId)).status).toBe(200);
    await order(maker, 'BUY', '20500', '0.1');
    // Wait until the REST book shows the last change, then until an event reaches its id.
    await expect.poll(async () => (await restDepth()).bids[0]?.[0], { timeout: 10_000, interval: 100 }).toBe('20500');
    const target = (await restDepth()).lastUpdateId;
    await client.next((m) => m.e === 'depthUpdate' && m.u >= target);

    let previous: number | undefined;
    for (const event of client.messages.filter((m) => m.e === 'depthUpdate')) {
      expect(event).toMatchObject({ s: 'BTCUSDT', E: expect.any(Number) });
      expect(event.U).toBeLessThanOrEqual(event.u);
      // Consecutive: each event's U is the last one's u + 1.
      if (previous !== undefined) expect(event.U).toBe(previous + 1);
      previous = event.u;
      if (event.u <= snapshot.lastUpdateId) continue;
      apply(book.bids, event.b);
      apply(book.asks, event.a);
    }
    const live = await restDepth();
    expect(live.lastUpdateId).toBe(previous);
    expect({ bids: levels(book.bids, true), asks: levels(book.asks, false) }).toEqual({ bids: live.bids, asks: live.asks });
    // Clean the book for the next case.
    const open = (await t.signed(maker.key, 'GET', '/api/v3/openOrders', { symbol: 'BTCUSDT' })).body as Array<{ orderId: number }>;
    for (const o of open) await cancel(maker, o.orderId);
  }, 60_000);

  it('ccxt.pro watchOrderBook agrees with REST depth after orders are placed and cancelled', async () => {
    const maker = await t.trader([['BTC', '5'], ['USDT', '500000']]);
    const pro = t.ccxtProClient();
    try {
      // ccxt needs its http agent loaded before a ws:// (not wss://) URL.
      await pro.loadHttpProxyAgent();
      await pro.loadMarkets();
      const placed = [(await order(maker, 'SELL', '45000', '0.4')).body, (await order(maker, 'BUY', '25000', '0.2')).body] as Array<{ orderId: number }>;
      let book = await pro.watchOrderBook('BTC/USDT');
      const agrees = async () => {
        const rest = await restDepth();
        const numbers = (side: [string, string][]) => side.map(([p, q]) => [Number(p), Number(q)]);
        return { bids: numbers(rest.bids), asks: numbers(rest.asks), nonce: rest.lastUpdateId };
      };
      await order(maker, 'SELL', '46000', '0.1');
      await order(maker, 'BUY', '24000', '0.7');
      expect((await cancel(maker, placed[0]!.orderId)).status).toBe(200);
      await expect.poll(async () => (await restDepth()).asks[0]?.[0], { timeout: 10_000, interval: 100 }).toBe('46000');
      const rest = await agrees();
      while ((book.nonce ?? 0) < rest.nonce) book = await pro.watchOrderBook('BTC/USDT');
      expect({ bids: book.bids, asks: book.asks, nonce: book.nonce }).toEqual(rest);
    } finally {
      await pro.close();
    }
  }, 60_000);

  it('ccxt.pro watchTrades, watchTicker, watchOHLCV and watchBidsAsks parse the streams', async () => {
    const maker = await t.trader([['BTC', '5'], ['USDT', '500000']]);
    const taker = await t.trader([['USDT', '100000']]);
    const pro = t.ccxtProClient();
    try {
      await pro.loadHttpProxyAgent();
      await pro.loadMarkets();
      // Below the asks the cases before left (45000 and up): the taker meets this one alone.
      await order(maker, 'SELL', '44000', '0.3');
      const trades = pro.watchTrades('BTC/USDT');
      const candles = pro.watchOHLCV('BTC/USDT', '1m');
      // Subscribed before the trade is made (the paced requests of one connection).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await order(taker, 'BUY', '44000', '0.1');
      expect((await trades).at(-1)).toMatchObject({ symbol: 'BTC/USDT', price: 44000, amount: 0.1, side: 'buy' });
      expect((await candles).at(-1)?.[4]).toBe(44000);
      // ccxt's watchTicker reads miniTicker (no bid or ask; the full ticker's shape: streams.test.ts).
      expect(await pro.watchTicker('BTC/USDT')).toMatchObject({ symbol: 'BTC/USDT', last: 44000 });
      // The trade's depth push may reach the gateway after its trade and ticker pushes: the first
      // bookTicker can show the ask before the trade (0.3), and the next one the ask after it.
      const until = Date.now() + 10_000;
      let quotes = await pro.watchBidsAsks(['BTC/USDT']);
      while (quotes['BTC/USDT']?.askVolume !== 0.2 && Date.now() < until) quotes = await pro.watchBidsAsks(['BTC/USDT']);
      expect(quotes['BTC/USDT']).toMatchObject({ ask: 44000, askVolume: 0.2 });
    } finally {
      await pro.close();
    }
  }, 60_000);
});
