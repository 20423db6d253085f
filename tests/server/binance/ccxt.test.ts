import { describe, expect, it } from 'vitest';
import { useBinanceServer, type Trader } from './harness.js';

/**
 * Issue 36, "Done when": ccxt's own `binance` class, unchanged but for its URLs, trades on the real
 * server (HTTP on a port, every product composed as in production): markets, market data, balance,
 * limit orders placed, read and cancelled, market buys by cost and by amount, open orders, its trades; on futures,
 * leverage, a long opened by market, the position, and its reduce-only close.
 */
const t = useBinanceServer('ccxt');

const client = (trader: Trader) => t.ccxtClient(trader);

describe('ccxt binance against OpenEx', () => {
  it('spot: markets, market data, balance, limit and market orders, open orders, trades', async () => {
    const maker = await t.trader([['BTC', '2'], ['USDT', '100000']]);
    const taker = await t.trader([['USDT', '50000']]);
    const bot = client(taker);
    const markets = await bot.loadMarkets();
    expect(markets['BTC/USDT']?.spot).toBe(true);
    expect(markets['BTC/USDT:USDT']?.linear).toBe(true);
    expect(markets['BTC/USDT']!.precision.price).toBeGreaterThan(0);

    // The maker's ask, placed by ccxt too, is the book the taker's market order will meet.
    const makerBot = client(maker);
    await makerBot.loadMarkets();
    const ask = await makerBot.createOrder('BTC/USDT', 'limit', 'sell', 0.5, 30000);
    expect(ask.status).toBe('open');

    // The depth is the market's published snapshot, written after the batch that rested the order:
    // read again until it shows (at once on a quiet machine; a moment later beside other suites).
    await expect.poll(async () => (await bot.fetchOrderBook('BTC/USDT')).asks[0], { timeout: 10_000, interval: 100 }).toEqual([30000, 0.5]);

    const resting = await bot.createOrder('BTC/USDT', 'limit', 'buy', 0.1, 20000);
    expect(resting).toMatchObject({ status: 'open', side: 'buy', price: 20000, amount: 0.1 });
    const fetched = await bot.fetchOrder(resting.id!, 'BTC/USDT');
    expect(fetched.clientOrderId).toBe(resting.clientOrderId);
    expect((await bot.fetchOpenOrders('BTC/USDT')).map((o) => o.id)).toEqual([resting.id]);
    let balance = await bot.fetchBalance();
    expect(balance['USDT']).toMatchObject({ free: 48000, used: 2000 });
    const cancelled = await bot.cancelOrder(resting.id!, 'BTC/USDT');
    expect(cancelled.status).toBe('canceled');
    expect(await bot.fetchOpenOrders('BTC/USDT')).toEqual([]);

    // A market buy by budget (our market buys spend a quote amount), matched against the ask.
    const bought = await bot.createMarketBuyOrderWithCost('BTC/USDT', 3000);
    expect(bought.status).toBe('closed');
    expect(bought.filled).toBeCloseTo(0.1, 8);
    // ccxt's default market buy sends a base `quantity` (issue 49: it had answered HTTP 500): bought
    // from the ask, paid from the balance, the rest of which stays free.
    const byAmount = await bot.createOrder('BTC/USDT', 'market', 'buy', 0.05);
    expect(byAmount).toMatchObject({ status: 'closed', side: 'buy', amount: 0.05, filled: 0.05, cost: 1500 });
    const trades = await bot.fetchMyTrades('BTC/USDT');
    expect(trades).toHaveLength(2);
    expect(trades[0]).toMatchObject({ price: 30000, amount: 0.1, side: 'buy', takerOrMaker: 'taker' });
    expect(trades[1]).toMatchObject({ price: 30000, amount: 0.05, side: 'buy', takerOrMaker: 'taker' });
    balance = await bot.fetchBalance();
    expect(balance['USDT']).toMatchObject({ free: 45500, used: 0 });
    expect(balance['BTC']!.free).toBeGreaterThan(0.149);

    const ticker = await bot.fetchTicker('BTC/USDT');
    expect(ticker.last).toBe(30000);
    const prints = await bot.fetchTrades('BTC/USDT');
    expect(prints.at(-1)).toMatchObject({ price: 30000, amount: 0.05 });
    const candles = await bot.fetchOHLCV('BTC/USDT', '1m');
    expect(candles.at(-1)?.[4]).toBe(30000);
  }, 60_000);
});

describe('ccxt binance USDT-M futures against OpenEx', () => {
  it('sets leverage, opens a long by market, reads the position, closes it reduce-only', async () => {
    const seller = client(await t.trader([['USDT', '100000', 'contract']]));
    const buyer = client(await t.trader([['USDT', '100000', 'contract']]));
    const bot = client(await t.trader([['USDT', '10000', 'contract']]));
    await Promise.all([seller.loadMarkets(), buyer.loadMarkets(), bot.loadMarkets()]);
    const symbol = 'BTC/USDT:USDT';
    // Two makers' resting orders (one user may not rest both ways) are the book the bot's market orders meet.
    await seller.createOrder(symbol, 'limit', 'sell', 0.2, 30100);
    await buyer.createOrder(symbol, 'limit', 'buy', 0.2, 29900);

    const leverage = await bot.setLeverage(10, symbol);
    expect(Number(leverage['leverage'])).toBe(10);
    const opened = await bot.createOrder(symbol, 'market', 'buy', 0.1);
    expect(opened.status).toBe('closed');
    expect(opened.filled).toBe(0.1);

    const [position] = await bot.fetchPositions([symbol]);
    expect(position).toMatchObject({ symbol, side: 'long', contracts: 0.1, entryPrice: 30100, leverage: 10 });

    // Reduce-only cannot open the other way.
    await expect(bot.createOrder(symbol, 'market', 'buy', 0.1, undefined, { reduceOnly: true })).rejects.toThrow(/ReduceOnly/);
    const closed = await bot.createOrder(symbol, 'market', 'sell', 0.1, undefined, { reduceOnly: true });
    expect(closed.reduceOnly).toBe(true);
    expect(closed.filled).toBe(0.1);
    const after = await bot.fetchPositions([symbol]);
    expect(after.filter((p) => (p.contracts ?? 0) > 0)).toEqual([]);
    const balance = await bot.fetchBalance({ type: 'future' });
    // Bought at 30,100 and sold at 29,900: 20 USDT lost on 0.1 BTC, plus fees.
    expect(balance['USDT']!.total).toBeLessThan(10000 - 20);
  }, 60_000);
});
