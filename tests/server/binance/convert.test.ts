import ccxt from 'ccxt';
import { describe, expect, it } from 'vitest';
import { until } from '../http.js';
import { useBinanceServer, type Trader } from './harness.js';

/**
 * Binance's Convert (/sapi/v1/convert/*) over our Convert product: ccxt's own fetchConvertQuote,
 * createConvertTrade, fetchConvertTrade and fetchConvertTradeHistory, unchanged, on the real
 * server. No market makers run: the book is this file's maker's orders, the same as
 * tests/server/convert/convert.test.ts, so the figures are the ones worked there by hand.
 */
const t = useBinanceServer('sapi-convert');
type Key = Trader['key'];
const QUOTE = '/sapi/v1/convert/getQuote';
const ACCEPT = '/sapi/v1/convert/acceptQuote';
const STATUS = '/sapi/v1/convert/orderStatus';
const FLOW = '/sapi/v1/convert/tradeFlow';

async function balances(userId: number) {
  const rows = await t.server.db.query<{ currency: string; available: string; frozen: string }>(
    `select currency, trim_scale(available)::text as available, trim_scale(frozen)::text as frozen from balance where user_id = $1 and account = 'spot' order by currency`,
    [userId],
  );
  return Object.fromEntries(rows.map((r) => [r.currency, `${r.available}/${r.frozen}`]));
}
const accepted = async () => Number((await t.server.db.query<{ n: string }>('select count(*) as n from convert_quote where order_id is not null'))[0]!.n);

const place = (key: Key, side: 'BUY' | 'SELL', price: string, quantity: string) =>
  t.signed(key, 'POST', '/api/v3/order', { symbol: 'BTCUSDT', side, type: 'LIMIT', timeInForce: 'GTC', price, quantity });

/** The maker's book: asks 30,000 × 0.01, 30,010 × 0.02, 30,100 × 0.05; bids 29,990 × 0.01, 29,980 × 0.02. Answers the bids' ids. */
async function book(maker: Trader): Promise<number[]> {
  for (const [price, quantity] of [['30000', '0.01'], ['30010', '0.02'], ['30100', '0.05']] as const) expect((await place(maker.key, 'SELL', price, quantity)).body.status).toBe('NEW');
  const bids = [await place(maker.key, 'BUY', '29990', '0.01'), await place(maker.key, 'BUY', '29980', '0.02')];
  return bids.map((b) => b.body.orderId as number);
}

/** A signed getQuote once the depth snapshot shows what the maker placed (it follows the book within a flush). */
async function quoteWhenBooked(key: Key, params: Record<string, string>) {
  let answer: Awaited<ReturnType<typeof t.signed>> | undefined;
  await until(async () => (answer = await t.signed(key, 'POST', QUOTE, params)).status === 200, 5000);
  return answer!.body as { quoteId: string };
}

describe('ccxt binance Convert against OpenEx', () => {
  let maker: Trader;
  let bids: number[];
  it('quotes, converts once, and reads the conversion and the history, as ccxt parses them', async () => {
    maker = await t.trader([['BTC', '10'], ['USDT', '100000']]);
    bids = await book(maker);
    const buyer = await t.trader([['USDT', '1000']]);
    const bot = t.ccxtClient(buyer);
    await bot.loadMarkets();
    let quote: Awaited<ReturnType<typeof bot.fetchConvertQuote>> | undefined;
    await until(async () => Boolean((quote = await bot.fetchConvertQuote('USDT', 'BTC', 450).catch(() => undefined))), 5000);
    // 450 USDT at the book costs 447.6492 for 0.01492 BTC, 0.01490508 after the 0.1 % fee (convert.test.ts).
    expect(quote).toMatchObject({ fromCurrency: 'USDT', toCurrency: 'BTC', fromAmount: 447.6492, toAmount: 0.01490508 });
    expect(quote!.info).toMatchObject({ ratio: '0.0000332963', inverseRatio: '30033.33', fromAmount: '447.6492', toAmount: '0.01490508' });
    const id = quote!.id!;
    expect(id).toBe(quote!.info['quoteId']);
    expect(id).toMatch(/^\d+$/);
    expect(quote!.timestamp).toBe(quote!.info['validTimestamp']);
    expect(quote!.timestamp! - Date.now()).toBeGreaterThan(5_000);
    expect(quote!.timestamp! - Date.now()).toBeLessThanOrEqual(10_000);

    const trade = await bot.createConvertTrade(id, 'USDT', 'BTC');
    // One id names the quote and the conversion.
    expect(trade).toMatchObject({ id, fromCurrency: 'USDT', toCurrency: 'BTC', info: { orderId: id, orderStatus: 'SUCCESS' } });
    expect(await balances(buyer.id)).toEqual({ BTC: '0.01490508/0', USDT: '552.3508/0' });
    // Accepted again (a retry after a lost answer): the same conversion, nothing more moved.
    expect((await bot.createConvertTrade(id, 'USDT', 'BTC')).info).toEqual(trade.info);
    expect(await balances(buyer.id)).toEqual({ BTC: '0.01490508/0', USDT: '552.3508/0' });

    const fetched = await bot.fetchConvertTrade(trade.id!);
    expect(fetched).toMatchObject({ id, timestamp: trade.timestamp, fromCurrency: 'USDT', toCurrency: 'BTC', fromAmount: 447.6492, toAmount: 0.01490508, price: undefined });
    expect(fetched.info).toEqual({
      orderId: Number(id),
      orderStatus: 'SUCCESS',
      fromAsset: 'USDT',
      fromAmount: '447.6492',
      toAsset: 'BTC',
      toAmount: '0.01490508',
      ratio: '0.0000332963',
      inverseRatio: '30033.3309180494',
      createTime: trade.timestamp,
    });
    // By the quote's id too, as Binance's orderStatus takes either.
    expect((await t.signed(buyer.key, 'GET', STATUS, { quoteId: id })).body).toEqual(fetched.info);

    const history = await bot.fetchConvertTradeHistory();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ id, fromAmount: 447.6492, toAmount: 0.01490508, fromCurrency: 'USDT', toCurrency: 'BTC', timestamp: trade.timestamp });
    expect(history[0]!.info).toEqual({ quoteId: id, ...fetched.info });
    // A window that ends before it, or starts after it, holds nothing.
    expect(await bot.fetchConvertTradeHistory(undefined, trade.timestamp! + 1)).toEqual([]);
    expect(await bot.fetchConvertTradeHistory(undefined, undefined, undefined, { until: trade.timestamp! - 1 })).toEqual([]);
  }, 60_000);

  it('answers FAIL and moves nothing when the book moved past the quote', async () => {
    const seller = await t.trader([['BTC', '1']]);
    const bot = t.ccxtClient(seller);
    await bot.loadMarkets();
    const quote = await bot.fetchConvertQuote('BTC', 'USDT', 0.02);
    // 0.02 BTC takes both bids: 599.7 USDT, 599.1003 after the fee.
    expect(quote).toMatchObject({ fromAmount: 0.02, toAmount: 599.1003 });
    for (const orderId of bids) expect((await t.signed(maker.key, 'DELETE', '/api/v3/order', { symbol: 'BTCUSDT', orderId: String(orderId) })).status).toBe(200);
    const trade = await bot.createConvertTrade(quote.id!, 'BTC', 'USDT');
    expect(trade.info).toMatchObject({ orderId: quote.id, orderStatus: 'FAIL' });
    expect(await balances(seller.id)).toEqual({ BTC: '1/0' });
    expect((await bot.fetchConvertTrade(trade.id!)).info).toMatchObject({ orderStatus: 'FAIL', fromAmount: '0', toAmount: '0', ratio: '0', inverseRatio: '0' });
    expect((await bot.fetchConvertTradeHistory()).map((c) => c.info['orderStatus'])).toEqual(['FAIL']);
  }, 60_000);

  it('refuses in Binance’s codes, never a 500, and moves nothing', async () => {
    const buyer = await t.trader([['USDT', '100']]);
    const other = await t.trader([['USDT', '1000']]);
    const readOnly = await t.apiKey(buyer.token, ['read']);
    const before = { buyer: await balances(buyer.id), other: await balances(other.id), accepted: await accepted() };
    const refusal = async (key: Key, method: string, path: string, params: Record<string, string>) => {
      const answer = await t.signed(key, method, path, params);
      expect(answer.status, `${path} ${JSON.stringify(params)}`).toBeLessThan(500);
      return [answer.status, answer.body.code, answer.body.msg] as [number, number, string];
    };
    const quoteBody = { fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '100' };

    expect(await refusal(buyer.key, 'POST', QUOTE, { toAsset: 'BTC', fromAmount: '10' })).toEqual([400, -1102, "Mandatory parameter 'fromAsset' was not sent, was empty/null, or malformed."]);
    expect((await refusal(buyer.key, 'POST', QUOTE, { fromAsset: 'USDT', toAsset: 'BTC' })).slice(0, 2)).toEqual([400, -1102]);
    expect(await refusal(buyer.key, 'POST', QUOTE, { ...quoteBody, toAmount: '0.001' })).toEqual([400, -1100, "Illegal characters found in parameter 'toAmount'; OpenEx quotes by fromAmount only."]);
    expect((await refusal(buyer.key, 'POST', QUOTE, { ...quoteBody, validTime: '30s' }))[1]).toBe(-1100);
    expect((await refusal(buyer.key, 'POST', QUOTE, { ...quoteBody, walletType: 'FUNDING' }))[1]).toBe(-1100);
    expect((await refusal(buyer.key, 'POST', QUOTE, { ...quoteBody, fromAmount: '-1' }))[1]).toBe(-1100);
    expect((await refusal(buyer.key, 'POST', QUOTE, { ...quoteBody, side: 'BUY' }))[1]).toBe(-1104);
    expect(await refusal(buyer.key, 'POST', QUOTE, { ...quoteBody, toAsset: 'NOPE' })).toEqual([400, -1100, 'USDT cannot be converted to NOPE here: no spot market trades the two']);
    expect(await refusal(buyer.key, 'POST', QUOTE, { ...quoteBody, fromAmount: '10.001' })).toEqual([400, -1100, 'Enter an amount of USDT above zero with at most 2 decimals']);
    expect(await refusal(buyer.key, 'POST', QUOTE, { ...quoteBody, fromAmount: '1000000' })).toEqual([400, -2010, 'The order book cannot take this much USDT at once: enter a smaller amount']);
    // A quote is TRADE here (it keeps a row to accept): a read-only key may not ask for one, nor accept.
    expect((await refusal(readOnly, 'POST', QUOTE, quoteBody)).slice(0, 2)).toEqual([401, -2015]);

    const mine = await quoteWhenBooked(buyer.key, { ...quoteBody, validTime: '10s', walletType: 'SPOT' });
    expect((await refusal(readOnly, 'POST', ACCEPT, { quoteId: mine.quoteId })).slice(0, 2)).toEqual([401, -2015]);
    expect(await refusal(other.key, 'POST', ACCEPT, { quoteId: mine.quoteId })).toEqual([400, -2013, 'This quote is not yours or does not exist: get a new quote']);
    await expect(t.ccxtClient(other).createConvertTrade(mine.quoteId, 'USDT', 'BTC')).rejects.toThrow(ccxt.OrderNotFound);
    expect((await refusal(buyer.key, 'POST', ACCEPT, {}))[1]).toBe(-1102);
    expect((await refusal(buyer.key, 'POST', ACCEPT, { quoteId: 'f3b91c525b2644c7' }))[1]).toBe(-1100);
    // Not yet accepted: no conversion to read, for its owner or anyone.
    for (const key of [buyer.key, other.key]) {
      expect((await refusal(key, 'GET', STATUS, { orderId: mine.quoteId }))[1]).toBe(-2013);
      expect((await refusal(key, 'GET', STATUS, { quoteId: mine.quoteId }))[1]).toBe(-2013);
    }
    expect((await refusal(buyer.key, 'GET', STATUS, {}))[1]).toBe(-1102);
    expect((await refusal(buyer.key, 'GET', STATUS, { orderId: mine.quoteId, quoteId: String(Number(mine.quoteId) + 1) }))[1]).toBe(-2013);

    const now = Date.now();
    expect((await refusal(buyer.key, 'GET', FLOW, { endTime: String(now) }))[1]).toBe(-1102);
    expect(await refusal(buyer.key, 'GET', FLOW, { startTime: String(now - 31 * 86_400_000), endTime: String(now) })).toEqual([400, -1127, 'More than 720 hours between startTime and endTime.']);
    expect((await refusal(buyer.key, 'GET', FLOW, { startTime: String(now), endTime: String(now - 1) }))[1]).toBe(-1100);
    expect((await refusal(buyer.key, 'GET', FLOW, { startTime: String(now - 1000), endTime: String(now), limit: '0' }))[1]).toBe(-1100);
    // Reads take a read-only key: the history is empty, not refused.
    expect((await t.signed(readOnly, 'GET', FLOW, { startTime: String(now - 60_000), endTime: String(now + 60_000), limit: '5' })).body).toEqual({
      list: [],
      startTime: now - 60_000,
      endTime: now + 60_000,
      limit: 5,
      moreData: false,
    });

    // The balance cannot pay: Binance's own text, and the quote stays acceptable.
    await t.server.db.query(`update balance set available = 10 where user_id = $1 and currency = 'USDT' and account = 'spot'`, [buyer.id]);
    expect(await refusal(buyer.key, 'POST', ACCEPT, { quoteId: mine.quoteId })).toEqual([400, -2010, 'Account has insufficient balance for requested action.']);
    await t.server.db.query(`update balance set available = 100 where user_id = $1 and currency = 'USDT' and account = 'spot'`, [buyer.id]);
    await t.server.db.query('update convert_quote set expires_ms = $2 where id = $1', [mine.quoteId, Date.now() - 1]);
    expect(await refusal(buyer.key, 'POST', ACCEPT, { quoteId: mine.quoteId })).toEqual([400, -2010, 'This quote has expired: get a new quote']);

    expect({ buyer: await balances(buyer.id), other: await balances(other.id), accepted: await accepted() }).toEqual(before);
  }, 60_000);
});
