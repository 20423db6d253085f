import { describe, expect, it } from 'vitest';
import { MARKET_OPERATOR_PATHS, type OperatorMarket } from '../../../domain/marketsDesk.js';
import { SECONDS_PATHS, SECONDS_RISK_VERSION } from '../../../domain/seconds.js';
import { SPOT_PATHS } from '../../../domain/spotOrders.js';
import { openSession } from '../../../server/kernel/platform/auth/sessions.js';
import { auditBooks } from '../../../server/products/audit.js';
import { signInOperator } from '../support/productTestbed.js';
import { useBinanceServer } from './harness.js';
import { postEnvelope, until } from '../http.js';

/**
 * Issue 52 §1 on the whole server: a risk operator halts a spot market with a reason. New orders
 * are refused with it — on the web API, its stops and the Binance dialect, whose exchangeInfo says
 * HALT — and so are the pair's seconds contracts; cancels go through; only `trading.write` may
 * halt, and every halt, resume and refusal is in the audit log. Resuming trades again.
 */
const t = useBinanceServer('halts');
const REASON = 'Wallet maintenance on the BTC network';

const call = <T = unknown>(path: string, body: object, token: string) => postEnvelope<T>(t.server.url, path, body, token);

/** Until the spot intake's pair read (at most a second old) has seen the change. */
const untilSeen = (check: () => Promise<boolean>) => until(check, 5000);

async function supportOperator(): Promise<string> {
  const [row] = await t.server.db.query<{ id: number }>(`insert into app_user (account, nickname, kind, password_hash) values ('halt-support@openex.test', 'halt-support', 'operator', 'x') returning id`);
  await t.server.db.query(`insert into operator_account (user_id, roles) values ($1, '{support}')`, [row!.id]);
  return openSession(t.server.db, Number(row!.id), 1);
}

describe('halting a spot market', () => {
  it('refuses new orders everywhere with the reason, lets cancels through, and trades again once resumed', async () => {
    const risk = await signInOperator(t.server.db, 'halt-risk@openex.test');
    const trader = await t.trader([['USDT', '10000'], ['BTC', '1']]);
    await t.server.db.query(`insert into seconds_acknowledgement (user_id, version, acknowledged_ms) values ($1, $2, 0)`, [trader.id, SECONDS_RISK_VERSION]);
    const resting = await call<{ id: number }>(SPOT_PATHS.place, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '20000', quantity: '0.01' }, trader.token);
    expect(resting.code).toBe(200);

    // Support may read users, not halt markets: refused, audited, nothing changed.
    const support = await supportOperator();
    expect(await call(MARKET_OPERATOR_PATHS.halt, { symbol: 'BTC_USDT', reason: REASON }, support)).toMatchObject({ code: 403, data: { permission: 'trading.write' } });
    // Bad input changes nothing: an empty reason, an unknown pair.
    expect((await call(MARKET_OPERATOR_PATHS.halt, { symbol: 'BTC_USDT', reason: '   ' }, risk)).code).toBe(400);
    expect(await call(MARKET_OPERATOR_PATHS.halt, { symbol: 'NOPE_USDT', reason: REASON }, risk)).toMatchObject({ code: 400, msg: 'No spot market trades this pair' });

    const halted = await call<OperatorMarket>(MARKET_OPERATOR_PATHS.halt, { symbol: 'btc_usdt', reason: `  ${REASON} ` }, risk);
    expect(halted).toMatchObject({ code: 200, data: { symbol: 'BTC_USDT', trading: true, halted_reason: REASON } });
    expect((await call(MARKET_OPERATOR_PATHS.halt, { symbol: 'BTC_USDT', reason: 'again' }, risk)).msg).toBe('This market is already halted');
    const listed = await call<OperatorMarket[]>(MARKET_OPERATOR_PATHS.markets, {}, risk);
    expect(listed.data.find((m) => m.symbol === 'BTC_USDT')).toMatchObject({ halted_reason: REASON, halted_at: expect.any(Number) });
    expect(listed.data.find((m) => m.symbol === 'ETH_USDT')).toMatchObject({ halted_reason: null, halted_at: null });

    const web = () => call(SPOT_PATHS.place, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '20000', quantity: '0.01' }, trader.token);
    await untilSeen(async () => (await web()).code !== 200);
    expect(await web()).toMatchObject({ code: 400, msg: `Trading in BTC_USDT is halted: ${REASON}` });
    expect(await call(SPOT_PATHS.stopPlace, { symbol: 'BTC_USDT', side: 'sell', trigger_price: '19000', price: '18900', quantity: '0.01' }, trader.token)).toMatchObject({ code: 400, msg: `Trading in BTC_USDT is halted: ${REASON}` });
    // Another market trades on.
    expect((await call(SPOT_PATHS.place, { symbol: 'ETH_USDT', side: 'buy', type: 'limit', price: '100', quantity: '0.01' }, trader.token)).code).toBe(200);
    // The Binance dialect: HALT in exchangeInfo, and Binance's order refusal with our reason.
    await untilSeen(async () => ((await (await fetch(`${t.server.url}/api/v3/exchangeInfo?symbol=BTCUSDT`)).json()) as { symbols: Array<{ status: string }> }).symbols[0]!.status === 'HALT');
    const binance = await t.signed(trader.key, 'POST', '/api/v3/order', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '20000', quantity: '0.01' });
    expect(binance).toMatchObject({ status: 400, body: { code: -2010, msg: `Trading in BTC_USDT is halted: ${REASON}` } });
    // Its test endpoint checks as it does: the same refusal.
    expect(await t.signed(trader.key, 'POST', '/api/v3/order/test', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '20000', quantity: '0.01' })).toMatchObject({ status: 400, body: binance.body });
    // Seconds contracts on the pair stop selling.
    const seconds = await call(SECONDS_PATHS.buy, { symbol: 'BTC_USDT', direction: 'up', period: 30, quantity: '10' }, trader.token);
    expect(seconds).toMatchObject({ code: 400, msg: `Seconds contracts on BTC_USDT are not sold while its market is halted: ${REASON}` });
    // Cancels go through.
    expect((await call(SPOT_PATHS.cancel, { id: resting.data.id }, trader.token)).code).toBe(200);

    expect((await call(MARKET_OPERATOR_PATHS.resume, { symbol: 'BTC_USDT' }, risk)).data).toMatchObject({ halted_reason: null, halted_at: null });
    expect((await call(MARKET_OPERATOR_PATHS.resume, { symbol: 'BTC_USDT' }, risk)).msg).toBe('This market is not halted');
    await untilSeen(async () => (await web()).code === 200);

    const audit = await t.server.db.query<{ kind: string; outcome: string; detail: string; before: unknown; after: unknown }>(
      `select kind, outcome, detail, before, after from operator_audit_log where kind like 'market.%' or (kind = 'access.refused' and object_id like '%market_halt%') order by id`,
    );
    expect(audit.map((r) => [r.kind, r.outcome, r.detail])).toEqual([
      ['access.refused', 'refused', 'trading.write'],
      ['market.halt', 'refused', 'marketHaltReasonRequired'],
      ['market.halt', 'refused', 'marketNotListed'],
      ['market.halt', 'done', REASON],
      ['market.halt', 'refused', 'marketAlreadyHalted'],
      ['market.resume', 'done', ''],
      ['market.resume', 'refused', 'marketNotHalted'],
    ]);
    expect(audit[3]).toMatchObject({ before: { halted_reason: null }, after: { halted_reason: REASON } });
    expect(await auditBooks(t.server.db)).toEqual([]);
  });
});
