import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { tradeChannel } from '../../domain/market.js';
import { SPOT_PATHS, USER_CHANNEL, type SpotOrder } from '../../domain/spotOrders.js';
import { WALLET_PATHS } from '../../domain/wallet.js';
import type { ServerConfig } from '../../server/config.js';
import { hashPassword } from '../../server/kernel/platform/auth/passwords.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { parseMarketProcesses } from '../../server/kernel/cluster/shards/processes.js';
import type { RunningServer } from '../../server/start.js';
import { startFront, type RunningFront } from '../../server/startFront.js';
import { startMarketProcess, type RunningMarketProcess } from '../../server/startMarkets.js';
import { startQuietServer } from './quietServer.js';
import { networkCalls } from './http.js';
import { recordSocket } from './socketRecorder.js';
import { trader, type Trader } from './spot/spotApp.js';
import { usingPostgres } from './testDb.js';
import { besideServer, testBus } from './scaleOutSetup.js';

/**
 * HTTP fronts (docs/ARCHITECTURE.md "Scale-out: HTTP fronts"): a front beside the server and one
 * market process (BTC_USDT in m1; the server runs ETH_USDT and the rest). Everything here goes
 * through the front's address: the spot calls it serves itself, sending each order to where its
 * market runs, and every other call, which it forwards to the server. Needs PostgreSQL and Redis
 * (CI's PostgreSQL pass of the server suite).
 */
const PROCESSES = parseMarketProcesses('m1=BTC_USDT');

type Payload = Record<string, unknown>;

describe.runIf(usingPostgres())('an HTTP front beside the server and a market process', () => {
  const bus = testBus('front');
  let running: Awaited<ReturnType<typeof startQuietServer>>;
  let server: RunningServer;
  let markets: RunningMarketProcess | undefined;
  let front: RunningFront | undefined;
  const sockets: Socket[] = [];

  const config = (): ServerConfig => besideServer(running.schemaUrl, bus, PROCESSES);

  const { call, place: placeOrder } = networkCalls(() => front!.url);
  const place = (who: Trader, body: object) => placeOrder<SpotOrder>(who, body);

  async function spotBalance(who: Trader, currency: string): Promise<{ available: number; frozen: number }> {
    const [row] = await front!.db.query<{ available: string; frozen: string }>(
      `select available::text, frozen::text from balance where user_id = $1 and currency = $2 and account = 'spot'`,
      [who.id, currency],
    );
    return { available: Number(row?.available ?? 0), frozen: Number(row?.frozen ?? 0) };
  }

  beforeAll(async () => {
    running = await startQuietServer('front', { realtimeBus: bus, marketProcesses: PROCESSES, trustedProxies: ['127.0.0.1'] });
    server = running.server;
    markets = await startMarketProcess({ ...config(), marketProcess: 'm1' });
    front = await startFront({ ...config(), host: '127.0.0.1', frontPort: 0 });
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await front?.stop();
    await markets?.stop();
    await running?.stop();
  });

  it("places, matches and cancels orders through the front, on a market process's market and on the server's own", async () => {
    for (const [base, price] of [
      ['BTC', '90000'],
      ['ETH', '3000'],
    ] as const) {
      const symbol = `${base}_USDT`;
      const seller = await trader(server.db, { [base]: '2' });
      const buyer = await trader(server.db, { USDT: '100000' });
      const watcher = await recordSocket<Payload>(front!.url, { opened: sockets });
      expect((await watcher.subscribe({ channel: USER_CHANNEL, token: buyer.token })).code).toBe(200);
      expect((await watcher.subscribe(tradeChannel(base, 'USDT'))).code).toBe(200);

      const ask = await place(seller, { symbol, side: 'sell', type: 'limit', price, quantity: '1' });
      expect(ask).toMatchObject({ symbol, status: 1, quantity: '1' });
      const bid = await place(buyer, { symbol, side: 'buy', type: 'limit', price, quantity: '0.4' });
      expect(bid).toMatchObject({ status: 3, filled: '0.4' });

      // The front's own sockets get the trade and the buyer's order from whoever runs the market, through socket.io's Redis adapter.
      const trade = await watcher.next((p) => p.channel === tradeChannel(base, 'USDT') && p.kind === 'update');
      expect(trade.trades).toEqual([expect.objectContaining({ price, quantity: '0.4', side: 'buy' })]);
      const filled = await watcher.next((p) => p.channel === USER_CHANNEL && p.kind === 'order' && (p.order as SpotOrder).id === bid.id);
      expect(filled.order).toMatchObject({ status: 3, filled: '0.4' });

      const cancelled = await call<SpotOrder>(seller, SPOT_PATHS.cancel, { id: ask.id });
      expect(cancelled.code, cancelled.msg).toBe(200);
      expect(cancelled.data).toMatchObject({ id: ask.id, status: 4, filled: '0.4' });
      expect(await spotBalance(seller, base)).toEqual({ available: 1.6, frozen: 0 });
      // A spot read the front serves from the database.
      const open = await call<{ list: SpotOrder[] }>(seller, SPOT_PATHS.current, { page: 1 });
      expect(open.code, open.msg).toBe(200);
      expect(open.data.list).toEqual([]);
    }
  });

  it('forwards every other call to the server as it came: token, language, body and the client address', async () => {
    const holder = await trader(server.db, { USDT: '250' });
    const direct = await fetch(`${server.url}${WALLET_PATHS.balances}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: holder.token, lang: 'en_US' },
      body: JSON.stringify({ account: 'spot' }),
    }).then((r) => r.json());
    const forwarded = await call<unknown>(holder, WALLET_PATHS.balances, { account: 'spot' });
    expect(forwarded).toEqual(direct);
    expect(JSON.stringify(forwarded.data)).toContain('250');

    // The server's own refusals, translated, pass through unchanged.
    const bad = await call<null>(holder, WALLET_PATHS.balances, { account: 'nowhere' }, { lang: 'ja_JP' });
    expect(bad).toMatchObject({ code: 400, data: null });
    expect(bad.msg).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    const unknown = await fetch(`${front!.url}/api/no_such_call`, { method: 'POST', headers: { lang: 'de_DE' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: 404, msg: MESSAGES.de_DE.notFound, data: null });

    // A login through the front: the server sees the address the front was called from (it believes
    // the front, TRUSTED_PROXIES), here the one the caller's own proxy put in X-Forwarded-For.
    const [user] = await server.db.query<{ account: string }>(`update app_user set password_hash = $2 where id = $1 returning account`, [holder.id, await hashPassword('Front0pass')]);
    const login = await call<{ token: string }>(undefined, '/api/login', { account: user!.account, password: 'Front0pass' }, { 'x-forwarded-for': '203.0.113.7' });
    expect(login.code, login.msg).toBe(200);
    const [notice] = await server.db.query<{ ip: string }>(`select params->>'ip' as ip from notification where user_id = $1 and kind = 'login_new_device'`, [holder.id]);
    expect(notice?.ip).toBe('203.0.113.7');
  });

  it('keeps trading the market processes\' markets while the server is down, and says so, translated, for the rest', async () => {
    const seller = await trader(server.db, { BTC: '1', ETH: '1' });
    await server.stop();
    // The server's markets: no one takes their commands now; nothing was changed.
    const refused = await call<null>(seller, SPOT_PATHS.place, { symbol: 'ETH_USDT', side: 'sell', type: 'limit', price: '3100', quantity: '1' }, { lang: 'ja_JP' });
    expect(refused).toEqual({ code: 400, msg: MESSAGES.ja_JP.spotMarketUnavailable, data: null });
    // Everything forwarded: the server cannot be reached.
    const unreached = await call<null>(seller, WALLET_PATHS.balances, { account: 'spot' }, { lang: 'ja_JP' });
    expect(unreached).toMatchObject({ code: 500, data: null });
    expect([MESSAGES.ja_JP.serverUnreachable, MESSAGES.ja_JP.serverNoAnswer]).toContain(unreached.msg);
    // The front's own refusal carries the security headers every answer of the exchange carries.
    const raw = await fetch(`${front!.url}${WALLET_PATHS.balances}`, { method: 'POST', headers: { 'content-type': 'application/json', token: seller.token }, body: '{"account":"spot"}' });
    expect(raw.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(raw.headers.get('x-frame-options')).toBe('DENY');
    // The calls the front serves from the database itself: the page's configuration, notices and candles.
    expect(await call(undefined, '/api/plat_config', {})).toMatchObject({ code: 200 });
    expect(await call(seller, '/api/inform/unread', {})).toMatchObject({ code: 200 });
    const candles = await fetch(`${front!.url}/api/market/kline?pair=btc_usdt&interval=1min&limit=5`).then((r) => r.json());
    expect(candles).toMatchObject({ code: 200 });
    // m1's market still trades through the front.
    const order = await place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '99000', quantity: '0.5' });
    expect(order).toMatchObject({ symbol: 'BTC_USDT', status: 1 });
    expect(await spotBalance(seller, 'ETH')).toEqual({ available: 1, frozen: 0 });
  });
});
