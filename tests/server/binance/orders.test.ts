import { describe, expect, it } from 'vitest';
import { auditBooks } from '../../../server/products/audit.js';
import { useBinanceServer } from './harness.js';

/**
 * Issue 49 §5 on the real server: Binance's MARKET BUY by `quantity` (ccxt's default market buy,
 * which answered HTTP 500) walks the asks for that quantity bounded by the quote balance and is
 * refused cleanly when the balance cannot pay; and only `newClientOrderId` deduplicates orders, as
 * on Binance (two identical orders without one had been merged by the browser's 2 s body key).
 */
const t = useBinanceServer('orders');
const limit = (side: 'BUY' | 'SELL', price: string, quantity: string) => ({ symbol: 'BTCUSDT', side, type: 'LIMIT', timeInForce: 'GTC', price, quantity });
const marketBuy = (quantity: string) => ({ symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity });
const balanceOf = async (key: Parameters<typeof t.signed>[0], asset: string) =>
  ((await t.signed(key, 'GET', '/api/v3/account')).body.balances as Array<{ asset: string; free: string; locked: string }>).find((b) => b.asset === asset);

describe('Binance MARKET BUY by quantity', () => {
  it('buys the quantity across levels, refuses what the balance cannot pay for, and takes a thin book as far as it goes', async () => {
    const seller = await t.trader([['BTC', '1']]);
    for (const [price, quantity] of [['30000', '0.1'], ['31000', '0.1']] as const) expect((await t.signed(seller.key, 'POST', '/api/v3/order', limit('SELL', price, quantity))).body.status).toBe('NEW');

    const buyer = await t.trader([['USDT', '5000']]);
    const bought = await t.signed(buyer.key, 'POST', '/api/v3/order', marketBuy('0.15'));
    expect(bought).toMatchObject({ status: 200, body: { status: 'FILLED', type: 'MARKET', side: 'BUY', origQty: '0.15', executedQty: '0.15', cummulativeQuoteQty: '4550', origQuoteOrderQty: '0' } });
    expect(bought.body.fills.map((f: { price: string; qty: string }) => [f.price, f.qty])).toEqual([['30000', '0.1'], ['31000', '0.05']]);
    expect(await balanceOf(buyer.key, 'USDT')).toEqual({ asset: 'USDT', free: '450', locked: '0' });

    // 0.05 left at 31000 costs 1550: 1000 cannot pay for it. Binance's refusal, nothing traded or held.
    const poor = await t.trader([['USDT', '1000']]);
    expect(await t.signed(poor.key, 'POST', '/api/v3/order', marketBuy('0.05'))).toMatchObject({ status: 400, body: { code: -2010, msg: 'Account has insufficient balance for requested action.' } });
    expect(await balanceOf(poor.key, 'USDT')).toEqual({ asset: 'USDT', free: '1000', locked: '0' });
    const open = (await t.signed(seller.key, 'GET', '/api/v3/openOrders', { symbol: 'BTCUSDT' })).body as Array<{ price: string; executedQty: string }>;
    expect(open.map((o) => [o.price, o.executedQty])).toEqual([['31000', '0.05']]);

    // More than the book holds: what it holds is bought, the rest expires and its money comes back.
    const rich = await t.trader([['USDT', '10000']]);
    expect((await t.signed(rich.key, 'POST', '/api/v3/order', marketBuy('1'))).body).toMatchObject({ status: 'EXPIRED', origQty: '1', executedQty: '0.05', cummulativeQuoteQty: '1550' });
    expect(await balanceOf(rich.key, 'USDT')).toEqual({ asset: 'USDT', free: '8450', locked: '0' });
    expect(await auditBooks(t.server.db)).toEqual([]);
  });

  it('odd market shapes are Binance refusals, never a 500', async () => {
    const trader = await t.trader([['USDT', '1000'], ['BTC', '1']]);
    const market = { symbol: 'BTCUSDT', type: 'MARKET' };
    expect(await t.signed(trader.key, 'POST', '/api/v3/order', { ...market, side: 'SELL', quoteOrderQty: '100' })).toMatchObject({ status: 400, body: { code: -1100 } });
    expect(await t.signed(trader.key, 'POST', '/api/v3/order', { ...market, side: 'BUY', quantity: '0.01', quoteOrderQty: '100' })).toMatchObject({ status: 400, body: { code: -1106 } });
    expect(await t.signed(trader.key, 'POST', '/api/v3/order', { ...market, side: 'BUY' })).toMatchObject({ status: 400, body: { code: -1102 } });
    expect(await t.signed(trader.key, 'POST', '/api/v3/order', marketBuy('0.000001'))).toMatchObject({ status: 400, body: { code: -1013, msg: 'Filter failure: MARKET_LOT_SIZE' } });
  });
});

describe('Binance quantities with trailing zeros (issue 49 §1)', () => {
  it('a MARKET SELL of quantity=0.0010000 sells 0.001 BTC, not 0.1', async () => {
    const bidder = await t.trader([['USDT', '100000']]);
    expect((await t.signed(bidder.key, 'POST', '/api/v3/order', limit('BUY', '29000', '0.5'))).body.status).toBe('NEW');
    const seller = await t.trader([['BTC', '1']]);
    expect((await t.signed(seller.key, 'POST', '/api/v3/order', { symbol: 'BTCUSDT', side: 'SELL', type: 'MARKET', quantity: '0.0010000' })).body).toMatchObject({ status: 'FILLED', executedQty: '0.001' });
    expect(await balanceOf(seller.key, 'BTC')).toEqual({ asset: 'BTC', free: '0.999', locked: '0' });
  });
});

describe('Binance deduplicates by client order id only', () => {
  /** Two identical orders without newClientOrderId are two; the named one sent twice is one: three open. */
  async function twoThenOne(key: Parameters<typeof t.signed>[0], api: '/api/v3' | '/fapi/v1', clientOrderId: string): Promise<void> {
    const order = limit('BUY', '10000', '0.01');
    const first = await t.signed(key, 'POST', `${api}/order`, order);
    const second = await t.signed(key, 'POST', `${api}/order`, order);
    expect(first.body.status).toBe('NEW');
    expect(second.body.orderId).not.toBe(first.body.orderId);
    const named = { ...order, newClientOrderId: clientOrderId };
    const third = await t.signed(key, 'POST', `${api}/order`, named);
    expect((await t.signed(key, 'POST', `${api}/order`, named)).body.orderId).toBe(third.body.orderId);
    expect((await t.signed(key, 'GET', `${api}/openOrders`, { symbol: 'BTCUSDT' })).body).toHaveLength(3);
  }

  it('two identical spot orders without newClientOrderId are two orders; a repeated newClientOrderId is one', async () => {
    const trader = await t.trader([['USDT', '1000']]);
    await twoThenOne(trader.key, '/api/v3', 'bot-order-0001');
    expect(await balanceOf(trader.key, 'USDT')).toEqual({ asset: 'USDT', free: '700', locked: '300' });
  });

  it('and so do futures orders', async () => {
    const trader = await t.trader([['USDT', '10000', 'contract']]);
    await twoThenOne(trader.key, '/fapi/v1', 'bot-order-0002');
  });
});

describe('Binance PERCENT_PRICE_BY_SIDE (the spot price band, domain/priceBand.ts)', () => {
  it('exchangeInfo names the filter, avgPrice gives its reference, and a LIMIT outside it is -1013', async () => {
    const info = (await (await fetch(`${t.server.url}/api/v3/exchangeInfo?symbol=BTCUSDT`)).json()) as { symbols: Array<{ filters: Array<{ filterType: string }> }> };
    expect(info.symbols[0]!.filters).toContainEqual({ filterType: 'PERCENT_PRICE_BY_SIDE', bidMultiplierUp: '5', bidMultiplierDown: '0.2', askMultiplierUp: '5', askMultiplierDown: '0.2', avgPriceMins: 5 });
    // The trades of the tests above (29000 to 31000) are the last five minutes'.
    const avg = (await (await fetch(`${t.server.url}/api/v3/avgPrice?symbol=BTCUSDT`)).json()) as { mins: number; price: string; closeTime: number };
    expect(avg.mins).toBe(5);
    expect(Number(avg.price)).toBeGreaterThan(29000);
    expect(Number(avg.price)).toBeLessThan(31000);
    const trader = await t.trader([['USDT', '10000'], ['BTC', '1']]);
    expect(await t.signed(trader.key, 'POST', '/api/v3/order', limit('BUY', '1000', '0.001'))).toMatchObject({ status: 400, body: { code: -1013, msg: 'Filter failure: PERCENT_PRICE_BY_SIDE' } });
    expect(await t.signed(trader.key, 'POST', '/api/v3/order', limit('SELL', '1000000', '0.001'))).toMatchObject({ status: 400, body: { code: -1013 } });
    expect((await t.signed(trader.key, 'POST', '/api/v3/order', limit('BUY', '10000', '0.001'))).body.status).toBe('NEW');
    expect(await balanceOf(trader.key, 'USDT')).toEqual({ asset: 'USDT', free: '9990', locked: '10' });
  });
});
