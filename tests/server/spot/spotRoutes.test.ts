import { describe, expect, it } from 'vitest';
import { SPOT_PATHS, type SpotOrder, type SpotOrderDetail } from '../../../domain/spotOrders.js';
import type { Page } from '../../../domain/wallet.js';
import { readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { listPairs } from '../../../server/kernel/platform/catalogue.js';
import { auditBooks } from '../../../server/products/audit.js';
import { MESSAGES, translate } from '../../../server/kernel/platform/i18n/messages.js';
import { DECIMAL, expectOk, expectRefusal, post } from '../http.js';
import { orderCount, trader, useSpotApp } from './spotApp.js';

const t = useSpotApp();

const place = (headers: Record<string, string>, body: object) => post<SpotOrder>(t.app, SPOT_PATHS.place, body, headers);

describe('spot order calls need a user token', () => {
  it.each(Object.values(SPOT_PATHS))('%s without a token or with a stale one → 403, translated', async (path) => {
    const body = path === SPOT_PATHS.place ? { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '1', quantity: '1' } : path === SPOT_PATHS.history ? { days: 3, page: 1 } : path === SPOT_PATHS.current ? { page: 1 } : { id: 1 };
    expectRefusal(await post(t.app, path, path === SPOT_PATHS.feeRate ? {} : body), 403, MESSAGES.en_US.notLoggedIn);
    expectRefusal(await post(t.app, path, path === SPOT_PATHS.feeRate ? {} : body, { token: 'not-a-session', lang: 'ja_JP' }), 403, MESSAGES.ja_JP.notLoggedIn);
  });
});

describe('POST /api/spot/fee_rate', () => {
  it('answers the schedule: 0.1 % maker and taker by default', async () => {
    const me = await trader(t.db, {});
    expect(expectOk(await post(t.app, SPOT_PATHS.feeRate, {}, me.headers()))).toEqual({ maker: '0.001', taker: '0.001' });
  });
});

describe('POST /api/spot/order_place', () => {
  it('a limit sell rests with its base frozen; a crossing limit buy fills at the maker price, fee in base', async () => {
    const seller = await trader(t.db, { ETH: '10' });
    const buyer = await trader(t.db, { USDT: '10000' });
    const ask = await place(seller.headers(), { symbol: 'ETH_USDT', side: 'sell', type: 'limit', price: '3000.5', quantity: '2' });
    expect(ask.body.msg).toBe(MESSAGES.en_US.spotOrderPlaced);
    const resting = expectOk(ask);
    expect(resting).toEqual({
      id: expect.any(Number),
      symbol: 'ETH_USDT',
      side: 'sell',
      type: 'limit',
      price: '3000.5',
      quantity: '2',
      amount: '6001',
      filled: '0',
      avg_price: '0',
      turnover: '0',
      fee: '0',
      fee_currency: 'USDT',
      status: 1,
      time_in_force: 'GTC',
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    expect(await readBalance(t.db, seller.id, 'ETH')).toEqual({ available: '8', frozen: '2' });

    const bid = expectOk(await place(buyer.headers(), { symbol: 'eth_usdt', side: 'buy', type: 'limit', price: '3100', quantity: '1.5' }));
    expect(bid).toMatchObject({ symbol: 'ETH_USDT', status: 3, filled: '1.5', avg_price: '3000.5', turnover: '4500.75', fee: '0.0015', fee_currency: 'ETH', amount: '4650' });
    for (const value of [bid.price, bid.quantity, bid.amount, bid.filled, bid.avg_price, bid.turnover, bid.fee]) expect(value).toMatch(DECIMAL);
    // The unused part of the limit (1.5 × 99.5) is released.
    expect(await readBalance(t.db, buyer.id, 'USDT')).toEqual({ available: '5499.25', frozen: '0' });
    expect(await readBalance(t.db, buyer.id, 'ETH')).toEqual({ available: '1.4985', frozen: '0' });
    expect(await readBalance(t.db, seller.id, 'USDT')).toEqual({ available: '4496.24925', frozen: '0' });
  });

  it('a market buy spends at most its amount; a market sell sells its quantity', async () => {
    const maker = await trader(t.db, { SOL: '5', USDT: '1000' });
    const taker = await trader(t.db, { USDT: '300', SOL: '1' });
    expectOk(await place(maker.headers(), { symbol: 'SOL_USDT', side: 'sell', type: 'limit', price: '150', quantity: '1' }));
    expectOk(await place(maker.headers(), { symbol: 'SOL_USDT', side: 'buy', type: 'limit', price: '140', quantity: '1' }));
    const buy = expectOk(await place(taker.headers(), { symbol: 'SOL_USDT', side: 'buy', type: 'market', amount: '200' }));
    // Only 1 SOL was offered: 150 spent, the other 50 of the budget comes back.
    expect(buy).toMatchObject({ type: 'market', price: '0', quantity: '0', amount: '200', filled: '1', turnover: '150', status: 4, fee: '0.001' });
    expect(await readBalance(t.db, taker.id, 'USDT')).toEqual({ available: '150', frozen: '0' });
    const sell = expectOk(await place(taker.headers(), { symbol: 'SOL_USDT', side: 'sell', type: 'market', quantity: '0.5' }));
    expect(sell).toMatchObject({ type: 'market', side: 'sell', quantity: '0.5', filled: '0.5', turnover: '70', status: 3, fee: '0.07', fee_currency: 'USDT' });
    expect(await readBalance(t.db, taker.id, 'USDT')).toEqual({ available: '219.93', frozen: '0' });
  });

  it('refuses bad orders with a translated message and changes nothing', async () => {
    const me = await trader(t.db, { USDT: '100', BTC: '0.001' });
    const cases: Array<[object, keyof (typeof MESSAGES)['en_US'], Record<string, string>?]> = [
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', quantity: '1' }, 'spotPriceRequired'],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '100' }, 'spotQuantityRequired'],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'market' }, 'spotAmountRequired'],
      [{ symbol: 'BTC_USDT', side: 'sell', type: 'market', amount: '5' }, 'spotQuantityRequired'],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '100.001', quantity: '0.1' }, 'spotPricePrecision', { digits: '2' }],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '100', quantity: '0.000001' }, 'spotQuantityPrecision', { digits: '5' }],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'market', amount: '1.123' }, 'spotAmountPrecision', { digits: '2' }],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '0', quantity: '1' }, 'spotPricePositive'],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '-5', quantity: '1' }, 'spotPricePositive'],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '1e3', quantity: '1' }, 'spotPriceMalformed'],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '100', quantity: '00001' }, 'spotQuantityMalformed'],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '99999999999999999999', quantity: '1' }, 'spotOrderTooLarge'],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '90000000', quantity: '90000' }, 'spotOrderTooLarge'],
      // The pair's minimums (BTC_USDT: one lot, 0.00001 BTC, and 1 USDT of value).
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '1', quantity: '0.00001' }, 'spotValueBelowMinimum', { min: '1', currency: 'USDT' }],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '99999.99', quantity: '0.00001' }, 'spotValueBelowMinimum', { min: '1', currency: 'USDT' }],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'market', amount: '0.99' }, 'spotValueBelowMinimum', { min: '1', currency: 'USDT' }],
      [{ symbol: 'BTC_USDT', side: 'sell', type: 'market', quantity: '0' }, 'spotQuantityPositive'],
      [{ symbol: 'DOGE_USDT', side: 'buy', type: 'limit', price: '10', quantity: '0' }, 'spotQuantityPositive'],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '96000', quantity: '1' }, 'spotInsufficientBalance'],
      [{ symbol: 'BTC_USDT', side: 'sell', type: 'market', quantity: '0.002' }, 'spotInsufficientBalance'],
      [{ symbol: 'FOO_USDT', side: 'buy', type: 'limit', price: '1', quantity: '1' }, 'spotPairNotTrading'],
    ];
    for (const lang of ['en_US', 'ja_JP'] as const) {
      for (const [body, key, vars] of cases) {
        const answer = await place(me.headers({ lang }), body);
        expectRefusal(answer, 400, translate(lang, key as never, vars));
      }
    }
    expect(MESSAGES.ja_JP.spotInsufficientBalance).not.toBe(MESSAGES.en_US.spotInsufficientBalance);
    // Schema refusals: wrong enums, a malformed symbol, a missing field, an object for money, and a
    // field the route does not know (refused, as on every route, never dropped in silence).
    for (const body of [
      { symbol: 'BTC_USDT', side: 'hold', type: 'limit', price: '1', quantity: '1' },
      { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '1', quantity: '1' },
      { side: 'buy', type: 'limit', price: '1', quantity: '1' },
      { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: { $gt: 0 }, quantity: '1' },
      { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '1', quantity: '1', stp: 'none' },
    ]) {
      expectRefusal(await place(me.headers(), body), 400);
    }
    expectRefusal(await post(t.app, SPOT_PATHS.place, '{"symbol":', { ...me.headers(), 'content-type': 'application/json' }), 400);
    expect(await orderCount(t.db, me.id)).toBe(0);
    expect(await readBalance(t.db, me.id, 'USDT')).toEqual({ available: '100', frozen: '0' });
  });

  it('takes the pair minimums as they are now, and says them in the reader’s language', async () => {
    const me = await trader(t.db, { USDT: '100', ADA: '100' });
    await t.db.query(`update pair set min_quantity = 5, min_notional = 2 where left_symbol = 'ADA' and right_symbol = 'USDT'`);
    try {
      const sell = { symbol: 'ADA_USDT', side: 'sell', type: 'market', quantity: '4.9' };
      expectRefusal(await place(me.headers({ lang: 'de_DE' }), sell), 400, translate('de_DE', 'spotQuantityBelowMinimum', { min: '5', currency: 'ADA' }));
      const limit = { symbol: 'ADA_USDT', side: 'buy', type: 'limit', price: '0.3', quantity: '6' };
      expectRefusal(await place(me.headers(), limit), 400, translate('en_US', 'spotValueBelowMinimum', { min: '2', currency: 'USDT' }));
      expect(await orderCount(t.db, me.id)).toBe(0);
      // At exactly the minimums the order is taken.
      expectOk(await place(me.headers(), { ...limit, price: '0.4', quantity: '5' }));
      expect((await listPairs(t.db)).find((p) => p.left_symbol === 'ADA' && p.right_symbol === 'USDT')).toMatchObject({ min_quantity: '5', min_notional: '2' });
      // Written in the reader's number style, as the order form writes amounts.
      await t.db.query(`update pair set min_quantity = 1000.5, min_notional = 10000 where left_symbol = 'ADA' and right_symbol = 'USDT'`);
      expectRefusal(await place(me.headers({ lang: 'de_DE' }), sell), 400, MESSAGES.de_DE.spotQuantityBelowMinimum.replace('{min}', '1.000,5').replace('{currency}', 'ADA'));
      expectRefusal(await place(me.headers(), sell), 400, 'The quantity must be at least 1,000.5 ADA');
      const big = { ...limit, quantity: '1001' };
      expectRefusal(await place(me.headers({ lang: 'de_DE' }), big), 400, MESSAGES.de_DE.spotValueBelowMinimum.replace('{min}', '10.000').replace('{currency}', 'USDT'));
      expectRefusal(await place(me.headers(), big), 400, 'The order value must be at least 10,000 USDT');
    } finally {
      await t.db.query(`update pair set min_quantity = 0.1, min_notional = 1 where left_symbol = 'ADA' and right_symbol = 'USDT'`);
    }
  });

  it('refuses a listed pair whose trading is switched off', async () => {
    const me = await trader(t.db, { USDT: '100' });
    await t.db.query(`update pair_listing set status = 0 where product = 'spot' and base = 'ADA' and quote = 'USDT'`);
    try {
      expectRefusal(await place(me.headers({ lang: 'de_DE' }), { symbol: 'ADA_USDT', side: 'buy', type: 'limit', price: '1', quantity: '1' }), 400, MESSAGES.de_DE.spotPairNotTrading);
    } finally {
      await t.db.query(`update pair_listing set status = 1 where product = 'spot' and base = 'ADA' and quote = 'USDT'`);
    }
    expect(await orderCount(t.db, me.id)).toBe(0);
  });

  it('a repeated Idempotency-Key places one order and answers it again, even when the repeats race', async () => {
    const me = await trader(t.db, { USDT: '1000' });
    const body = { symbol: 'BNB_USDT', side: 'buy', type: 'limit', price: '10', quantity: '2' };
    const headers = me.headers({ 'idempotency-key': 'order-form-0001' });
    const answers = await Promise.all([place(headers, body), place(headers, body), place(headers, body)]);
    const ids = answers.map((a) => expectOk(a).id);
    expect(new Set(ids).size).toBe(1);
    expect(await place(headers, body).then((a) => expectOk(a).id)).toBe(ids[0]);
    expect(await orderCount(t.db, me.id)).toBe(1);
    expect(await readBalance(t.db, me.id, 'USDT')).toEqual({ available: '980', frozen: '20' });
    // A new key is a new order, as is an identical body without a key once the 2000 ms window has passed.
    expectOk(await place(me.headers({ 'idempotency-key': 'order-form-0002' }), body));
    expect(await orderCount(t.db, me.id)).toBe(2);
  });

  it('without a key, the same body twice within 2000 ms is one order', async () => {
    const me = await trader(t.db, { USDT: '1000' });
    const body = { symbol: 'BNB_USDT', side: 'buy', type: 'limit', price: '11', quantity: '1' };
    const [a, b] = await Promise.all([place(me.headers(), body), place(me.headers(), body)]);
    expect(expectOk(a).id).toBe(expectOk(b).id);
    expect(await orderCount(t.db, me.id)).toBe(1);
  });

  it('concurrent orders that together overdraw: some refused, the balance never negative', async () => {
    const me = await trader(t.db, { USDT: '1000' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        place(me.headers({ 'idempotency-key': `overdraw-${i}-key` }), { symbol: i % 2 ? 'LTC_USDT' : 'TRX_USDT', side: 'buy', type: 'limit', price: i % 2 ? '100' : '0.1', quantity: i % 2 ? '3' : '3000' }),
      ),
    );
    const accepted = answers.filter((a) => a.body.code === 200);
    expect(accepted).toHaveLength(3);
    for (const refused of answers.filter((a) => a.body.code !== 200)) expectRefusal(refused, 400, MESSAGES.en_US.spotInsufficientBalance);
    expect(await readBalance(t.db, me.id, 'USDT')).toEqual({ available: '100', frozen: '900' });
    expect(await orderCount(t.db, me.id)).toBe(3);
  });
});

describe('cancel, lists and detail', () => {
  it('cancels an own open order ("revocation successful"), returning its funds; not twice, not someone else’s', async () => {
    const me = await trader(t.db, { USDT: '500' });
    const other = await trader(t.db, {});
    const order = expectOk(await place(me.headers(), { symbol: 'XRP_USDT', side: 'buy', type: 'limit', price: '0.5', quantity: '100' }));
    expectRefusal(await post(t.app, SPOT_PATHS.cancel, { id: order.id }, other.headers({ lang: 'fr_FR' })), 404, MESSAGES.fr_FR.spotOrderNotFound);
    expectRefusal(await post(t.app, SPOT_PATHS.detail, { id: order.id }, other.headers()), 404, MESSAGES.en_US.spotOrderNotFound);
    const cancelled = await post<SpotOrder>(t.app, SPOT_PATHS.cancel, { id: order.id }, me.headers({ lang: 'zh_TW' }));
    expect(cancelled.body.msg).toBe(MESSAGES.zh_TW.spotOrderRevoked);
    expect(expectOk(cancelled)).toMatchObject({ id: order.id, status: 4, filled: '0' });
    expect(await readBalance(t.db, me.id, 'USDT')).toEqual({ available: '500', frozen: '0' });
    expectRefusal(await post(t.app, SPOT_PATHS.cancel, { id: order.id }, me.headers()), 400, MESSAGES.en_US.spotOrderNotOpen);
    expectRefusal(await post(t.app, SPOT_PATHS.cancel, { id: 987654321 }, me.headers()), 404, MESSAGES.en_US.spotOrderNotFound);
    expectRefusal(await post(t.app, SPOT_PATHS.cancel, { id: 'x' }, me.headers()), 400);
  });

  it('orders_current pages the open orders, newest first, by symbol; orders_history the finished ones by days', async () => {
    const me = await trader(t.db, { USDT: '10000', DOGE: '1000' });
    const counterparty = await trader(t.db, { DOGE: '1000', USDT: '100' });
    const open: number[] = [];
    for (let i = 0; i < 3; i++) open.push(expectOk(await place(me.headers(), { symbol: 'DOGE_USDT', side: 'buy', type: 'limit', price: `0.1${i}`, quantity: '20' })).id);
    open.push(expectOk(await place(me.headers(), { symbol: 'LTC_USDT', side: 'buy', type: 'limit', price: '50', quantity: '1' })).id);
    // One partly filled (still current), one cancelled, one filled (history).
    expectOk(await place(counterparty.headers(), { symbol: 'DOGE_USDT', side: 'sell', type: 'limit', price: '0.12', quantity: '10' }));
    const cancelled = expectOk(await place(me.headers(), { symbol: 'DOGE_USDT', side: 'sell', type: 'limit', price: '0.5', quantity: '10' }));
    expectOk(await post(t.app, SPOT_PATHS.cancel, { id: cancelled.id }, me.headers()));
    // (A market sell would meet the user's own bids first, which self-trade prevention refuses.)
    const sold = expectOk(await place(me.headers(), { symbol: 'DOGE_USDT', side: 'sell', type: 'limit', price: '0.2', quantity: '10' }));
    expectOk(await place(counterparty.headers(), { symbol: 'DOGE_USDT', side: 'buy', type: 'limit', price: '0.2', quantity: '10' }));

    const all = expectOk(await post<Page<SpotOrder>>(t.app, SPOT_PATHS.current, { page: 1 }, me.headers()));
    expect(all.total).toBe(4);
    expect(all.list.map((o) => o.id)).toEqual([...open].reverse());
    expect(all.list.find((o) => o.id === open[2])).toMatchObject({ status: 2, filled: '10' });
    // The page and its count come from one statement; the count is the page's, not each order's.
    for (const order of all.list) expect(order).not.toHaveProperty('total');
    const page2 = expectOk(await post<Page<SpotOrder>>(t.app, SPOT_PATHS.current, { page: 2, size: 3, symbol: 'DOGE_USDT' }, me.headers()));
    expect(page2).toMatchObject({ total: 3, page: 2, size: 3, list: [] });
    const doge = expectOk(await post<Page<SpotOrder>>(t.app, SPOT_PATHS.current, { page: 1, size: 2, symbol: 'doge_usdt' }, me.headers()));
    expect(doge.list.map((o) => o.id)).toEqual([open[2], open[1]]);

    const history = expectOk(await post<Page<SpotOrder>>(t.app, SPOT_PATHS.history, { days: 3, page: 1 }, me.headers()));
    expect(history.list.map((o) => [o.id, o.status])).toEqual([
      [sold.id, 3],
      [cancelled.id, 4],
    ]);
    // An order finished long ago shows under 30 days, not under 7.
    await t.db.query('update spot_order set created_ms = created_ms - $2 where id = $1', [cancelled.id, 10 * 86_400_000]);
    const week = expectOk(await post<Page<SpotOrder>>(t.app, SPOT_PATHS.history, { days: 7, page: 1 }, me.headers()));
    expect(week.list.map((o) => o.id)).toEqual([sold.id]);
    const month = expectOk(await post<Page<SpotOrder>>(t.app, SPOT_PATHS.history, { days: 30, page: 1, currency: 'doge' }, me.headers()));
    expect(month.total).toBe(2);
    expectRefusal(await post(t.app, SPOT_PATHS.history, { days: 5, page: 1 }, me.headers()), 400);
    expectRefusal(await post(t.app, SPOT_PATHS.current, { page: 0 }, me.headers()), 400);
    // Another user sees none of these.
    const other = await trader(t.db, {});
    expect(expectOk(await post<Page<SpotOrder>>(t.app, SPOT_PATHS.current, { page: 1 }, other.headers())).total).toBe(0);
    expect(expectOk(await post<Page<SpotOrder>>(t.app, SPOT_PATHS.history, { days: 30, page: 1 }, other.headers())).total).toBe(0);
  });

  it('order_detail lists the fills with price, quantity, fee and role', async () => {
    const maker = await trader(t.db, { TRX: '1000' });
    const taker = await trader(t.db, { USDT: '1000' });
    const ask = expectOk(await place(maker.headers(), { symbol: 'TRX_USDT', side: 'sell', type: 'limit', price: '0.25', quantity: '100' }));
    expectOk(await place(maker.headers(), { symbol: 'TRX_USDT', side: 'sell', type: 'limit', price: '0.26', quantity: '100' }));
    const bid = expectOk(await place(taker.headers(), { symbol: 'TRX_USDT', side: 'buy', type: 'limit', price: '0.26', quantity: '150' }));
    const detail = expectOk(await post<SpotOrderDetail>(t.app, SPOT_PATHS.detail, { id: bid.id }, taker.headers()));
    expect(detail).toMatchObject({ id: bid.id, status: 3, filled: '150', turnover: '38', avg_price: '0.25333', fee: '0.15', fee_currency: 'TRX' });
    // 0.1 % of 100 and of 50 TRX, kept three decimals finer than whole TRX (amount precision 0).
    expect(detail.deals.map((d) => [d.price, d.quantity, d.fee, d.role])).toEqual([
      ['0.25', '100', '0.1', 'taker'],
      ['0.26', '50', '0.05', 'taker'],
    ]);
    const makerSide = expectOk(await post<SpotOrderDetail>(t.app, SPOT_PATHS.detail, { id: ask.id }, maker.headers()));
    expect(makerSide.deals).toEqual([{ id: detail.deals[0]!.id, time: expect.any(Number), price: '0.25', quantity: '100', fee: '0.025', rate: '0.001', role: 'maker' }]);
  });

  it('keeps the ledger promises after all of the above', async () => {
    expect(await auditBooks(t.db)).toEqual([]);
  });
});
