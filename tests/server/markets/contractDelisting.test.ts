import { describe, expect, it } from 'vitest';
import type { Pair } from '../../../domain/api.js';
import { addDecimal, mulDecimal, subDecimal, trimZeros } from '../../../domain/decimal.js';
import { FUTURES_PATHS, type FuturesConfig, type FuturesOrder } from '../../../domain/futures/api.js';
import { MARKET_OPERATOR_PATHS } from '../../../domain/marketsDesk.js';
import { SPOT_PATHS } from '../../../domain/spotOrders.js';
import { auditBooks } from '../../../server/products/audit.js';
import { useBinanceServer } from '../binance/harness.js';
import { OPERATOR_SECRET, operatorCode } from '../support/operators.js';
import { signInOperator } from '../support/productTestbed.js';
import { postEnvelope, until } from '../http.js';

/**
 * Issue 52 §1 on the whole server (embedded mode): a risk operator delists the ETH_USDT perpetual
 * contract with their 2FA code, a time and a reason. A long (cross) and a short (isolated), each
 * with an open order left, are there; at the time the duties halt the contract, and a settle time
 * later the futures process cancels the orders and closes both positions at one mark price, no fee,
 * the margin back in their futures accounts. The contract leaves the pair list (the pair's spot
 * market stays), the futures config and the Binance exchangeInfo, and stays in the traders' order
 * history; the books audit clean. Bad announcements are refused, translated, audited as refused.
 */
const t = useBinanceServer('contract-delisting');
const REASON = 'The ETH contract is retired';

const call = <T = unknown>(path: string, body: object, token?: string, lang = 'en_US') => postEnvelope<T>(t.server.url, path, body, token, lang);

const untilSeen = (check: () => Promise<boolean>) => until(check, 10_000);

const contractBalance = async (userId: number) =>
  (await t.server.db.query<{ available: string; frozen: string }>(`select trim_scale(available)::text as available, trim_scale(frozen)::text as frozen from balance where user_id = $1 and currency = 'USDT' and account = 'contract'`, [userId]))[0];

describe('delisting a perpetual contract', () => {
  it('halts at the announced time, then cancels every order and closes every position at the mark, and the contract leaves the lists', async () => {
    const { db } = t.server;
    const risk = await signInOperator(db, 'contract-delist-risk@openex.test');
    const [me] = await db.query<{ id: number }>(`select id from app_user where account = 'contract-delist-risk@openex.test'`);
    await db.query(`insert into user_two_factor (user_id, secret, enabled, enabled_at) values ($1, $2, true, now())`, [me!.id, OPERATOR_SECRET]);
    const code = async () => {
      await db.query('update user_two_factor set last_step = 0 where user_id = $1', [me!.id]);
      return operatorCode(OPERATOR_SECRET);
    };
    const delist = async (body: object, lang?: string) => call(MARKET_OPERATOR_PATHS.contractDelist, { symbol: 'ETH_USDT', delist_at: Date.now() + 60_000, reason: REASON, totp_code: await code(), ...body }, risk, lang);

    // A spot trade gives the contract its index, hence a mark to trade at and to close at.
    const seller = await t.trader([['ETH', '1']]);
    const buyer = await t.trader([['USDT', '1000']]);
    const spot = (token: string, side: string) => call(SPOT_PATHS.place, { symbol: 'ETH_USDT', side, type: 'limit', price: '2000', quantity: '0.01' }, token);
    expect((await spot(seller.token, 'sell')).code).toBe(200);
    expect((await spot(buyer.token, 'buy')).code).toBe(200);
    let mark = '';
    await untilSeen(async () => ((mark = (await call<FuturesConfig>(FUTURES_PATHS.config, { symbol: 'ETH_USDT' })).data.mark_price ?? '') !== ''));
    // Traded 10 above the mark, so the close at the mark moves money: the long loses, the short gains.
    const price = String(Math.round(Number(mark)) + 10);
    const low = String(Math.round(Number(mark) / 2));
    const long = await t.trader([['USDT', '100000', 'contract']]);
    const short = await t.trader([['USDT', '100000', 'contract']]);
    expect((await call(FUTURES_PATHS.leverage, { symbol: 'ETH_USDT', leverage: 10, margin_mode: 'isolated' }, short.token)).code).toBe(200);
    const order = (token: string, action: string, at: string, quantity = '1') => call<{ order: FuturesOrder }>(FUTURES_PATHS.order, { symbol: 'ETH_USDT', action, type: 'limit', price: at, quantity }, token);
    expect((await order(short.token, 'open_short', price)).code).toBe(200);
    expect((await order(long.token, 'open_long', price)).code).toBe(200);
    // An order each left open: an opening one that holds margin, a close.
    expect((await order(long.token, 'open_long', low, '0.5')).code).toBe(200);
    expect((await order(short.token, 'close_short', low, '0.5')).code).toBe(200);
    expect((await contractBalance(long.id))!.frozen).not.toBe('0');
    // The long took: its fill's fee, in the Binance dialect too (issue 52 §2).
    const fills = await t.signed(long.key, 'GET', '/fapi/v1/userTrades', { symbol: 'ETHUSDT' });
    const openFee = trimZeros(mulDecimal(price, '0.0005'));
    expect(fills.body).toEqual([expect.objectContaining({ commission: openFee, commissionAsset: 'USDT' })]);

    // Refused, translated, changing nothing: in the past, no code, a pair without a contract, another role.
    expect((await delist({ delist_at: Date.now() - 60_000 })).msg).toBe('The delisting time must be now or later');
    expect((await delist({ totp_code: undefined })).code).toBe(400);
    expect((await delist({ symbol: 'ETH_BTC' }, 'de_DE')).msg).toBe('Für dieses Paar wird kein Perpetual-Kontrakt gehandelt');
    const finance = await signInOperator(db, 'contract-delist-finance@openex.test');
    await db.query(`update operator_account set roles = '{finance}' where user_id = (select id from app_user where account = 'contract-delist-finance@openex.test')`);
    expect((await call(MARKET_OPERATOR_PATHS.contractDelist, { symbol: 'ETH_USDT', delist_at: Date.now() + 60_000, reason: REASON }, finance)).code).toBe(403);

    const announced = await delist({ delist_at: Date.now() + 500 });
    expect(announced).toMatchObject({ code: 200, data: { symbol: 'ETH_USDT' } });
    // The duties halt it (each second), then the futures process closes it a settle time later (each
    // second) and it leaves the config: about 4 s. 20 s for a busy machine; a failure says how far it got.
    await until(async () => (await call(FUTURES_PATHS.config, { symbol: 'ETH_USDT' })).code !== 200, 20_000).catch(async (error: unknown) => {
      const [row] = await db.query(
        `select contract_delist_at, contract_delist_halted_at, contract_delisted_at, contract_halted_at, clock_timestamp() as now from pair where left_symbol = 'ETH' and right_symbol = 'USDT'`,
      );
      throw new Error(`${String(error)}; the pair: ${JSON.stringify(row)}; its mark: ${(await call<FuturesConfig>(FUTURES_PATHS.config, { symbol: 'ETH_USDT' })).data?.mark_price}`);
    });

    // Both positions closed by a 'delist' close at one price, the mark; no fee; every hold released.
    const closes = await db.query<{ user_id: string; action: string; price: string; avg: string; fee: string; profit: string; status: number }>(
      `select user_id::text, action, trim_scale(price)::text as price, trim_scale(filled_value / filled)::text as avg, trim_scale(fee)::text as fee, trim_scale(profit)::text as profit, status
       from futures_order where source = 'delist' and left_symbol = 'ETH' order by user_id`,
    );
    const at = closes[0]!.price;
    const pnl = trimZeros(subDecimal(at, price));
    const loss = trimZeros(subDecimal(price, at));
    expect(closes.filter((c) => c.user_id === String(long.id) || c.user_id === String(short.id))).toEqual([
      { user_id: String(long.id), action: 'close_long', price: at, avg: at, fee: '0', profit: pnl, status: 3 },
      { user_id: String(short.id), action: 'close_short', price: at, avg: at, fee: '0', profit: loss, status: 3 },
    ]);
    expect(Math.abs(Number(pnl))).toBeLessThan(Number(price) * 0.05);
    expect(await db.query(`select 1 from futures_position where left_symbol = 'ETH' and side <> 0`)).toEqual([]);
    expect(await db.query(`select 1 from futures_order where left_symbol = 'ETH' and status in (0, 1, 2, 4)`)).toEqual([]);
    // The long took at the taker rate, the short made at the maker rate (0.02 %).
    expect(await contractBalance(long.id)).toEqual({ available: trimZeros(addDecimal(subDecimal('100000', openFee), pnl)), frozen: '0' });
    expect(await contractBalance(short.id)).toEqual({ available: trimZeros(addDecimal(subDecimal('100000', mulDecimal(price, '0.0002')), loss)), frozen: '0' });

    // Gone from the lists: the pair's spot market stays; no contract in exchangeInfo; new orders refused.
    const pairs = (await call<Pair[]>('/api/pair_list', {})).data;
    expect(pairs.find((p) => p.left_symbol === 'ETH' && p.right_symbol === 'USDT')).toMatchObject({ trade_status: 1, contract_status: 0 });
    const info = (await (await fetch(`${t.server.url}/fapi/v1/exchangeInfo`)).json()) as { symbols: Array<{ symbol: string }> };
    expect(info.symbols.map((s) => s.symbol)).not.toContain('ETHUSDT');
    expect(info.symbols.map((s) => s.symbol)).toContain('BTCUSDT');
    expect((await order(long.token, 'open_long', price)).code).not.toBe(200);
    // Still in the trader's history: the opening fill, the cancelled order, the close at the mark.
    const history = await call<{ list: FuturesOrder[] }>(FUTURES_PATHS.history, { days: 7, page: 1, symbol: 'ETH_USDT' }, long.token);
    expect(history.data.list.map((o) => [o.action, o.source, o.status])).toEqual([
      ['close_long', 'delist', 3],
      ['open_long', 'user', 5],
      ['open_long', 'user', 3],
    ]);

    const audit = await db.query<{ outcome: string; detail: string; object_type: string }>(`select outcome, detail, object_type from operator_audit_log where kind = 'contract.delist' order by id`);
    expect(audit.map((r) => [r.outcome, r.detail])).toEqual([
      ['refused', 'marketDelistInPast'],
      ['refused', expect.any(String)],
      ['refused', 'contractNotListed'],
      ['done', REASON],
    ]);
    expect(audit.every((r) => r.object_type === 'contract')).toBe(true);
    expect(await auditBooks(db)).toEqual([]);
  });
});
