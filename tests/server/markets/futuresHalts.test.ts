import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS } from '../../../domain/futures/api.js';
import { MARKET_OPERATOR_PATHS, type OperatorMarket } from '../../../domain/marketsDesk.js';
import { SPOT_PATHS } from '../../../domain/spotOrders.js';
import { auditBooks } from '../../../server/products/audit.js';
import { useBinanceServer } from '../binance/harness.js';
import { signInOperator } from '../support/productTestbed.js';
import { postEnvelope, until } from '../http.js';

/**
 * Issue 52 §1 on the whole server: a risk operator halts the BTC_USDT perpetual contract. New
 * opening orders are refused with the reason on the web API and the Binance dialect (whose
 * exchangeInfo says HALT); closing orders and cancels go through, so nobody is locked into a
 * position; the pair's spot market trades on. Resuming opens positions again; all of it audited.
 */
const t = useBinanceServer('futures-halts');
const REASON = 'Index price feed incident';
const REFUSED = `New positions on BTC_USDT are halted: ${REASON}. Closing orders and cancels still go through`;

const call = <T = unknown>(path: string, body: object, token: string) => postEnvelope<T>(t.server.url, path, body, token);

/** Until the futures process's halt read (once a second, with its mark update) has seen the change. */
const untilSeen = (check: () => Promise<boolean>) => until(check, 8000);

const order = (action: string, price: string, quantity = '0.01') => ({ symbol: 'BTC_USDT', action, type: 'limit', price, quantity });
const exchangeStatus = async () =>
  ((await (await fetch(`${t.server.url}/fapi/v1/exchangeInfo`)).json()) as { symbols: Array<{ symbol: string; status: string }> }).symbols.find((s) => s.symbol === 'BTCUSDT')!.status;

describe('halting a perpetual contract', () => {
  it('refuses opening orders with the reason, lets closes and cancels through, and opens again once resumed', async () => {
    const risk = await signInOperator(t.server.db, 'futures-halt-risk@openex.test');
    const long = await t.trader([['USDT', '10000', 'contract']]);
    const short = await t.trader([['USDT', '10000', 'contract'], ['USDT', '1000']]);
    // A position each, and one resting opening order to cancel during the halt.
    expect((await call(FUTURES_PATHS.order, order('open_long', '30000'), long.token)).code).toBe(200);
    expect((await call(FUTURES_PATHS.order, order('open_short', '30000'), short.token)).code).toBe(200);
    const resting = await call<{ order: { id: number } }>(FUTURES_PATHS.order, order('open_long', '20000'), long.token);
    expect(resting.code).toBe(200);

    // Bad input changes nothing: an unknown kind of market, a pair without a contract.
    expect((await call(MARKET_OPERATOR_PATHS.halt, { market: 'options', symbol: 'BTC_USDT', reason: REASON }, risk)).code).toBe(400);
    expect(await call(MARKET_OPERATOR_PATHS.halt, { market: 'futures', symbol: 'ETH_BTC', reason: REASON }, risk)).toMatchObject({ code: 400, msg: 'No perpetual contract trades this pair' });

    const halted = await call<OperatorMarket>(MARKET_OPERATOR_PATHS.halt, { market: 'futures', symbol: 'BTC_USDT', reason: REASON }, risk);
    expect(halted).toMatchObject({ code: 200, data: { market: 'futures', symbol: 'BTC_USDT', trading: true, halted_reason: REASON } });
    const listed = (await call<OperatorMarket[]>(MARKET_OPERATOR_PATHS.markets, {}, risk)).data;
    expect(listed.find((m) => m.market === 'futures' && m.symbol === 'BTC_USDT')).toMatchObject({ halted_reason: REASON, halted_at: expect.any(Number) });
    // The spot market of the same pair is another market: not halted.
    expect(listed.find((m) => m.market === 'spot' && m.symbol === 'BTC_USDT')).toMatchObject({ halted_reason: null });

    const open = () => call(FUTURES_PATHS.order, order('open_long', '20000'), long.token);
    await untilSeen(async () => (await open()).code !== 200);
    expect(await open()).toMatchObject({ code: 400, msg: REFUSED });
    expect(await exchangeStatus()).toBe('HALT');
    const binance = await t.signed(short.key, 'POST', '/fapi/v1/order', { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', price: '40000', quantity: '0.01' });
    expect(binance.status).toBe(400);
    expect(binance.body.msg).toBe(REFUSED);
    // Spot trades on.
    expect((await call(SPOT_PATHS.place, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '100', quantity: '0.01' }, short.token)).code).toBe(200);
    // Cancels and closes go through: the long closes against the short's close (at the opening price: no profit to pay out).
    expect((await call(FUTURES_PATHS.cancel, { order_id: resting.data.order.id }, long.token)).code).toBe(200);
    expect((await call(FUTURES_PATHS.order, order('close_long', '30000'), long.token)).code).toBe(200);
    expect((await call(FUTURES_PATHS.order, order('close_short', '30000'), short.token)).code).toBe(200);
    const positions = await call<Array<{ symbol: string }>>(FUTURES_PATHS.positions, {}, long.token);
    expect(positions.data.filter((p) => p.symbol === 'BTC_USDT')).toEqual([]);

    expect((await call<OperatorMarket>(MARKET_OPERATOR_PATHS.resume, { market: 'futures', symbol: 'BTC_USDT' }, risk)).data).toMatchObject({ halted_reason: null, halted_at: null });
    expect((await call(MARKET_OPERATOR_PATHS.resume, { market: 'futures', symbol: 'BTC_USDT' }, risk)).msg).toBe('This market is not halted');
    await untilSeen(async () => (await open()).code === 200);
    expect(await exchangeStatus()).toBe('TRADING');

    const audit = await t.server.db.query<{ kind: string; outcome: string; object_type: string; detail: string }>(
      `select kind, outcome, object_type, detail from operator_audit_log where kind like 'market.%' order by id`,
    );
    expect(audit.map((r) => [r.kind, r.outcome, r.object_type, r.detail])).toEqual([
      ['market.halt', 'refused', 'contract', 'contractNotListed'],
      ['market.halt', 'done', 'contract', REASON],
      ['market.resume', 'done', 'contract', ''],
      ['market.resume', 'refused', 'contract', 'marketNotHalted'],
    ]);
    expect(await auditBooks(t.server.db)).toEqual([]);
  });
});
