import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pair } from '../../../domain/api.js';
import { MARKET_OPERATOR_PATHS, type OperatorMarket } from '../../../domain/marketsDesk.js';
import { SPOT_PATHS } from '../../../domain/spotOrders.js';
import { auditBooks } from '../../../server/products/audit.js';
import { startQuietServer } from '../quietServer.js';
import { trader } from '../spot/spotApp.js';
import { auditOutcomes, OPERATOR_SECRET, operatorCode } from '../support/operators.js';
import { signInOperatorWith2fa } from '../support/productTestbed.js';
import { listingStatus } from '../../../server/kernel/platform/pairListing.js';
import { postEnvelope } from '../http.js';

/**
 * Issue 52 §1 on the whole server: a risk operator announces LTC/USDT's delisting a moment ahead,
 * with their 2FA code. At that time the market is halted and taken out of trading, every open order
 * and waiting stop is cancelled and its frozen funds come back (the ledger audit is clean), and the
 * pair leaves the site's list while the traders' order histories keep it.
 */
let running: Awaited<ReturnType<typeof startQuietServer>>;
const sockets: Socket[] = [];
beforeAll(async () => {
  running = await startQuietServer('delisting');
}, 240_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await running?.stop();
});
const REASON = 'The LTC project ended';

const call = <T = unknown>(path: string, body: object, token: string) => postEnvelope<T>(running.server.url, path, body, token);

describe('delisting a spot market', () => {
  it('at the announced time cancels every order and stop, releases their funds, and leaves the lists but not the histories', async () => {
    const { db } = running.server;
    const risk = await signInOperatorWith2fa(db, 'delist-risk@openex.test');
    const seller = await trader(db, { LTC: '5' });
    const buyer = await trader(db, { USDT: '1000' });
    expect((await call(SPOT_PATHS.place, { symbol: 'LTC_USDT', side: 'sell', type: 'limit', price: '200', quantity: '2' }, seller.token)).code).toBe(200);
    expect((await call(SPOT_PATHS.place, { symbol: 'LTC_USDT', side: 'buy', type: 'limit', price: '50', quantity: '4' }, buyer.token)).code).toBe(200);
    expect((await call(SPOT_PATHS.stopPlace, { symbol: 'LTC_USDT', side: 'buy', trigger_price: '150', price: '151', quantity: '1' }, buyer.token)).code).toBe(200);

    // Bad input and a time past change nothing.
    expect((await call(MARKET_OPERATOR_PATHS.delist, { symbol: 'LTC_USDT', delist_at: Date.now() + 1000, reason: ' ' }, risk)).code).toBe(400);
    expect((await call(MARKET_OPERATOR_PATHS.delist, { symbol: 'LTC_USDT', delist_at: Date.now() - 60_000, reason: REASON }, risk)).msg).toBe('The delisting time must be now or later');
    expect((await call(MARKET_OPERATOR_PATHS.delist, { symbol: 'LTC_USDT', delist_at: Date.now() + 1000, reason: REASON, totp_code: '000000' }, risk)).code).toBe(400);
    const at = Date.now() + 1500;
    const announced = await call(MARKET_OPERATOR_PATHS.delist, { symbol: 'ltc_usdt', delist_at: at, reason: REASON, totp_code: operatorCode(OPERATOR_SECRET) }, risk);
    expect(announced).toMatchObject({ code: 200, msg: 'Delisting announced', data: { symbol: 'LTC_USDT', delist_at: at } });
    // The desk's list shows the announced time until the market goes.
    const desk = await call<OperatorMarket[]>(MARKET_OPERATOR_PATHS.markets, {}, risk);
    expect(desk.data.find((m) => m.market === 'spot' && m.symbol === 'LTC_USDT')?.delist_at).toBe(at);
    expect(desk.data.find((m) => m.market === 'spot' && m.symbol === 'BTC_USDT')?.delist_at).toBeNull();

    const listed = async () => ((await call<Pair[]>('/api/pair_list', {}, '')).data ?? []).some((p) => p.left_symbol === 'LTC' && p.right_symbol === 'USDT');
    const deadline = Date.now() + 15_000;
    while ((await listed()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await listed()).toBe(false);
    const [row] = await db.query<{ trade_status: number; delisted: boolean }>(`select ${listingStatus('spot')} as trade_status, delisted_at is not null as delisted from pair where left_symbol = 'LTC' and right_symbol = 'USDT'`);
    expect(row).toEqual({ trade_status: 0, delisted: true });

    // Nothing open, nothing frozen, every stop ended; the books balance.
    expect(await db.query(`select id from spot_order where left_symbol = 'LTC' and right_symbol = 'USDT' and status in (1, 2)`)).toEqual([]);
    expect(await db.query(`select id from spot_stop where left_symbol = 'LTC' and right_symbol = 'USDT' and status = 1`)).toEqual([]);
    const frozen = await db.query<{ frozen: string }>(`select trim_scale(frozen)::text as frozen from balance where user_id = any($1::bigint[]) and frozen <> 0`, [[seller.id, buyer.id]]);
    expect(frozen).toEqual([]);
    expect(await auditBooks(db)).toEqual([]);
    // No new order; the histories keep the market.
    expect((await call(SPOT_PATHS.place, { symbol: 'LTC_USDT', side: 'buy', type: 'limit', price: '50', quantity: '1' }, buyer.token)).code).not.toBe(200);
    const history = await call<{ list: unknown[] }>(SPOT_PATHS.history, { days: 7, page: 1, size: 10 }, buyer.token);
    expect(history.code).toBe(200);
    expect(JSON.stringify(history.data)).toContain('LTC');

    expect(await auditOutcomes(db, 'market.delist')).toEqual([
      ['refused', 'marketHaltReasonRequired'],
      ['refused', 'marketDelistInPast'],
      ['refused', expect.any(String)],
      ['done', REASON],
    ]);
  });
});
