import { describe, expect, it } from 'vitest';
import { useBinanceServer, type Trader } from './harness.js';

/**
 * POST /api/v3/order/cancelReplace as Binance documents it (ccxt's spot editOrder): the cancel of
 * DELETE /api/v3/order, then the place of POST /api/v3/order; STOP_ON_FAILURE places nothing when
 * the cancel failed, ALLOW_FAILURE places anyway; a part that failed answers -2021 (409, the other
 * succeeded) or -2022 (400) with both results in `data`; the new order's filters are checked first.
 */
const t = useBinanceServer('cancelreplace');
const limit = (side: 'BUY' | 'SELL', price: string, quantity: string, extra: Record<string, string> = {}) => ({ symbol: 'BTCUSDT', side, type: 'LIMIT', timeInForce: 'GTC', price, quantity, ...extra });
const place = async (trader: Trader, order: Record<string, string>) => (await t.signed(trader.key, 'POST', '/api/v3/order', order)).body as { orderId: number; status: string };
const replace = (trader: Trader, params: Record<string, string>) => t.signed(trader.key, 'POST', '/api/v3/order/cancelReplace', params);
const openIds = async (trader: Trader) => ((await t.signed(trader.key, 'GET', '/api/v3/openOrders', { symbol: 'BTCUSDT' })).body as Array<{ orderId: number }>).map((o) => o.orderId);

describe('Binance cancelReplace', () => {
  it('both parts succeed: the combined answer, the old order CANCELED and the new one NEW', async () => {
    const bot = await t.trader([['USDT', '100000']]);
    const old = await place(bot, limit('BUY', '20000', '0.1', { newClientOrderId: 'old-order-1' }));
    const answer = await replace(bot, { ...limit('BUY', '20100', '0.2', { newClientOrderId: 'new-order-1' }), cancelReplaceMode: 'STOP_ON_FAILURE', cancelOrderId: String(old.orderId), newOrderRespType: 'RESULT' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      cancelResult: 'SUCCESS',
      newOrderResult: 'SUCCESS',
      cancelResponse: { symbol: 'BTCUSDT', orderId: old.orderId, origClientOrderId: 'old-order-1', status: 'CANCELED', price: '20000', origQty: '0.1' },
      newOrderResponse: { symbol: 'BTCUSDT', clientOrderId: 'new-order-1', status: 'NEW', price: '20100', origQty: '0.2', type: 'LIMIT', side: 'BUY' },
    });
    expect(await openIds(bot)).toEqual([answer.body.newOrderResponse.orderId]);
  });

  it('STOP_ON_FAILURE: a cancel that fails places nothing (-2022, 400); ALLOW_FAILURE places anyway (-2021, 409)', async () => {
    const bot = await t.trader([['USDT', '100000']]);
    const stopped = await replace(bot, { ...limit('BUY', '20000', '0.1'), cancelReplaceMode: 'STOP_ON_FAILURE', cancelOrderId: '999999999' });
    expect(stopped).toMatchObject({
      status: 400,
      body: {
        code: -2022,
        msg: 'Order cancel-replace failed.',
        data: { cancelResult: 'FAILURE', newOrderResult: 'NOT_ATTEMPTED', cancelResponse: { code: -2011, msg: 'Unknown order sent.' }, newOrderResponse: null },
      },
    });
    expect(await openIds(bot)).toEqual([]);

    const allowed = await replace(bot, { ...limit('BUY', '20000', '0.1'), cancelReplaceMode: 'ALLOW_FAILURE', cancelOrigClientOrderId: 'never-placed-1' });
    expect(allowed).toMatchObject({
      status: 409,
      body: { code: -2021, msg: 'Order cancel-replace partially failed.', data: { cancelResult: 'FAILURE', newOrderResult: 'SUCCESS', cancelResponse: { code: -2011 }, newOrderResponse: { status: 'NEW', price: '20000' } } },
    });
    expect(await openIds(bot)).toEqual([allowed.body.data.newOrderResponse.orderId]);
  });

  it('the cancel succeeds and the new order is refused: -2021 with both; both fail under ALLOW_FAILURE: -2022', async () => {
    const seller = await t.trader([['BTC', '1']]);
    await place(seller, limit('SELL', '25000', '0.1'));
    const bot = await t.trader([['USDT', '100000']]);
    const old = await place(bot, limit('BUY', '20000', '0.1'));
    // A LIMIT_MAKER at the ask would take: Binance's refusal of the new order, after the cancel.
    const taker = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT_MAKER', price: '25000', quantity: '0.1', cancelReplaceMode: 'STOP_ON_FAILURE' };
    const partly = await replace(bot, { ...taker, cancelOrderId: String(old.orderId) });
    expect(partly).toMatchObject({
      status: 409,
      body: {
        code: -2021,
        data: { cancelResult: 'SUCCESS', newOrderResult: 'FAILURE', cancelResponse: { orderId: old.orderId, status: 'CANCELED' }, newOrderResponse: { code: -2010, msg: 'Order would immediately match and take.' } },
      },
    });
    const both = await replace(bot, { ...taker, cancelReplaceMode: 'ALLOW_FAILURE', cancelOrderId: String(old.orderId) });
    expect(both).toMatchObject({ status: 400, body: { code: -2022, data: { cancelResult: 'FAILURE', newOrderResult: 'FAILURE', cancelResponse: { code: -2011 }, newOrderResponse: { code: -2010 } } } });
    expect(await openIds(bot)).toEqual([]);
  });

  it('checked before anything is done: a filter failure or a bad parameter is the plain error, the order stays', async () => {
    const bot = await t.trader([['USDT', '100000']]);
    const old = await place(bot, limit('BUY', '20000', '0.1'));
    const base = { cancelReplaceMode: 'STOP_ON_FAILURE', cancelOrderId: String(old.orderId) };
    expect((await replace(bot, { ...limit('BUY', '20000.123456', '0.1'), ...base })).body).toEqual({ code: -1013, msg: 'Filter failure: PRICE_FILTER' });
    expect((await replace(bot, { ...limit('BUY', '20000', '0.1'), cancelOrderId: String(old.orderId) })).body.code).toBe(-1102);
    expect((await replace(bot, { ...limit('BUY', '20000', '0.1'), cancelReplaceMode: 'STOP_ON_FAILURE' })).body.code).toBe(-1102);
    expect((await replace(bot, { ...limit('BUY', '20000', '0.1'), ...base, cancelRestrictions: 'SOMETIMES' })).body.code).toBe(-1145);
    expect((await replace(bot, { ...limit('BUY', '20000', '0.1'), ...base, cancelReplaceMode: 'MAYBE' })).body.code).toBe(-1100);
    expect(await openIds(bot)).toEqual([old.orderId]);
    // ONLY_PARTIALLY_FILLED of an untouched order: the cancel's restriction refusal, nothing placed.
    const restricted = await replace(bot, { ...limit('BUY', '20000', '0.1'), ...base, cancelRestrictions: 'ONLY_PARTIALLY_FILLED' });
    expect(restricted.body).toMatchObject({ code: -2022, data: { cancelResponse: { code: -2011, msg: 'Order was not canceled due to cancel restrictions.' }, newOrderResult: 'NOT_ATTEMPTED' } });
    expect(await openIds(bot)).toEqual([old.orderId]);
  });

  it("ccxt's editOrder on spot: the order replaced at the new price and amount", async () => {
    const trader = await t.trader([['USDT', '100000']]);
    const bot = t.ccxtClient(trader);
    await bot.loadMarkets();
    const order = await bot.createOrder('BTC/USDT', 'limit', 'buy', 0.1, 20000);
    const edited = await bot.editOrder(order.id!, 'BTC/USDT', 'limit', 'buy', 0.2, 20500);
    expect(edited).toMatchObject({ status: 'open', side: 'buy', price: 20500, amount: 0.2 });
    expect(edited.id).not.toBe(order.id);
    expect((await bot.fetchOrder(order.id!, 'BTC/USDT')).status).toBe('canceled');
    expect((await bot.fetchOpenOrders('BTC/USDT')).map((o) => o.id)).toEqual([edited.id]);
  });
});
