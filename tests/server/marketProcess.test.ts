import { openClusterRedis, readSnapshot, type ClusterRedis } from '../../server/kernel/cluster/bus/cluster.js';
import { createHmac } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { API_KEY_PATHS, type ApiKeyCreated } from '../../domain/apiKeys.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { depthChannel, tradeChannel } from '../../domain/market.js';
import { SPOT_PATHS, USER_CHANNEL, type SpotOrder } from '../../domain/spotOrders.js';
import type { ServerConfig } from '../../server/config.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { openPostgres } from '../../server/kernel/platform/db/postgres.js';
import { marketOwnership, MarketTakenError } from '../../server/kernel/cluster/shards/ownership.js';
import { parseMarketProcesses } from '../../server/kernel/cluster/shards/processes.js';
import { LeaseLostError } from '../../server/kernel/cluster/shards/standby.js';
import type { RunningServer } from '../../server/start.js';
import { startMarketProcess, type RunningMarketProcess } from '../../server/startMarkets.js';
import { networkCalls } from './http.js';
import { recordSocket, type SocketRecorder } from './socketRecorder.js';
import { trader, type Trader } from './spot/spotApp.js';
import { usingPostgres } from './testDb.js';
import { besideServer, startWebNode, useServerOnBus } from './scaleOutSetup.js';

/**
 * Markets run by a market process (docs/ARCHITECTURE.md "Scale-out: market processes"): the server
 * runs ETH_USDT and every other pair itself, and BTC_USDT runs in the process `m1`; orders for it go
 * there through m1's command queue (on the Redis this machine provides) and its market data reaches
 * the server's sockets through socket.io's Redis adapter. Needs PostgreSQL (a market process is a
 * second process's connection) and Redis: it runs in CI's PostgreSQL pass of the server suite.
 */
const DEPTH = depthChannel('BTC', 'USDT');
const TRADES = tradeChannel('BTC', 'USDT');
// m2 starts after m1: its snapshots and beat must leave m1's books in the cluster's Redis as they are.
const PROCESSES = parseMarketProcesses('m1=BTC_USDT;m2=SOL_USDT');

type Payload = Record<string, unknown>;

describe.runIf(usingPostgres())('a market process beside the server', () => {
  let server: RunningServer;
  let markets: RunningMarketProcess | undefined;
  let second: RunningMarketProcess | undefined;
  let web: Awaited<ReturnType<typeof startWebNode>> | undefined;
  let cluster: ClusterRedis;
  const w = useServerOnBus('market-process', { marketProcesses: PROCESSES }, async () => {
    await web?.stopAll();
    await second?.stop();
    await markets?.stop();
    await cluster?.close();
  });
  const { bus, sockets } = w;

  const processConfig = (): ServerConfig => besideServer(w.schemaUrl, bus, PROCESSES);
  /** A process that takes `entry` (it must be free). */
  const started = async (entry: string, hooks: Parameters<typeof startMarketProcess>[2] = {}): Promise<RunningMarketProcess> =>
    (await startMarketProcess(processConfig(), [entry], hooks)) ?? Promise.reject(new Error(`${entry} is held by another process`));

  const { call, place: placeOrder } = networkCalls(() => server.url);
  const place = (who: Trader, body: object) => placeOrder<SpotOrder>(who, body);

  async function balance(who: Trader, currency: string): Promise<{ available: number; frozen: number }> {
    const [row] = await server.db.query<{ available: string; frozen: string }>(
      `select available::text, frozen::text from balance where user_id = $1 and currency = $2 and account = 'spot'`,
      [who.id, currency],
    );
    return { available: Number(row?.available ?? 0), frozen: Number(row?.frozen ?? 0) };
  }

  async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 5000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** What a new subscriber gets, as the owner of the channel wrote it to the cluster's Redis. */
  const held = (channel: string) => readSnapshot(cluster, channel) as Promise<Payload | undefined>;
  const connect = (): Promise<SocketRecorder<Payload>> => recordSocket<Payload>(server.url, { opened: sockets });
  const hasAsk = (price: string, quantity: string) => (p: Payload | undefined) =>
    Boolean(p && (p.asks as Array<[string, string]> | undefined)?.some(([at, q]) => at === price && q === quantity));

  beforeAll(async () => {
    cluster = openClusterRedis(bus, 'test', () => undefined);
    server = w.server;
    markets = await started('m1');
    second = await started('m2');
  });

  it('places, matches and cancels orders of a market that runs in the market process', async () => {
    const seller = await trader(server.db, { BTC: '2' });
    const buyer = await trader(server.db, { USDT: '100000' });
    const watcher = await connect();
    expect((await watcher.subscribe({ channel: USER_CHANNEL, token: buyer.token })).code).toBe(200);
    expect((await watcher.subscribe(TRADES)).code).toBe(200);

    const ask = await place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '90000', quantity: '1' });
    expect(ask).toMatchObject({ symbol: 'BTC_USDT', status: 1, quantity: '1' });
    const bid = await place(buyer, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '90000', quantity: '0.4' });
    expect(bid).toMatchObject({ status: 3, filled: '0.4', turnover: '36000' });

    // The trade, published by the market process, reaches the server's sockets through socket.io's Redis adapter.
    const trade = await watcher.next((p) => p.channel === TRADES && p.kind === 'update');
    expect(trade.trades).toEqual([expect.objectContaining({ price: '90000', quantity: '0.4', side: 'buy' })]);
    // The private channel: the buyer's order as the process's batch wrote it.
    const filled = await watcher.next((p) => p.channel === USER_CHANNEL && p.kind === 'order' && (p.order as SpotOrder).id === bid.id);
    expect(filled.order).toMatchObject({ status: 3, filled: '0.4' });
    expect(await balance(buyer, 'BTC')).toMatchObject({ available: 0.4 * (1 - 0.001) });

    // A cancel of an order no book here holds: routed by its row to the process.
    const cancelled = await call<SpotOrder>(seller, SPOT_PATHS.cancel, { id: ask.id });
    expect(cancelled.code, cancelled.msg).toBe(200);
    expect(cancelled.data).toMatchObject({ id: ask.id, status: 4, filled: '0.4' });
    expect(await balance(seller, 'BTC')).toEqual({ available: 1.6, frozen: 0 });
  });

  it("gives the server's subscribers the process's book: the same snapshot, then its deltas", async () => {
    const seller = await trader(server.db, { BTC: '2' });
    await place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '95000', quantity: '1' });
    await until(async () => hasAsk('95000', '1')(await held(DEPTH)), 'the book in the cluster');
    expect(await held(DEPTH)).toEqual(markets!.snapshot(DEPTH));
    const watcher = await connect();
    expect((await watcher.subscribe(DEPTH)).code).toBe(200);
    const snapshot = await watcher.next((p) => p.channel === DEPTH);
    expect(snapshot).toMatchObject({ kind: 'snapshot' });
    await place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '95000', quantity: '0.5' });
    const delta = await watcher.next((p) => p.channel === DEPTH && hasAsk('95000', '1.5')(p));
    expect(delta).toMatchObject({ kind: 'delta', seq: (snapshot.seq as number) + 1 });
  });

  it("serves the process's markets on a cluster node's sockets, straight from the process", async () => {
    web = await startWebNode(w.schemaUrl, bus, PROCESSES);
    const seller = await trader(server.db, { BTC: '2' });
    const buyer = await trader(server.db, { USDT: '100000' });
    await until(async () => isDeepStrictEqual(await held(DEPTH), markets!.snapshot(DEPTH)), 'the book in the cluster');
    const watcher = await recordSocket<Payload>(web.url, { opened: sockets });
    expect((await watcher.subscribe(DEPTH)).code).toBe(200);
    expect((await watcher.subscribe(TRADES)).code).toBe(200);
    expect((await watcher.subscribe({ channel: USER_CHANNEL, token: buyer.token })).code).toBe(200);
    const snapshot = await watcher.next((p) => p.channel === DEPTH);
    expect(snapshot).toEqual({ ...markets!.snapshot(DEPTH), channel: DEPTH });

    // Below the asks the book holds, so the buy takes this one.
    await place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '93000', quantity: '1' });
    const bid = await place(buyer, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '93000', quantity: '0.25' });
    const trade = await watcher.next((p) => p.channel === TRADES && p.kind === 'update');
    expect(trade.trades).toEqual([expect.objectContaining({ price: '93000', quantity: '0.25' })]);
    const filled = await watcher.next((p) => p.channel === USER_CHANNEL && p.kind === 'order' && (p.order as SpotOrder).id === bid.id);
    expect(filled.order).toMatchObject({ status: 3, filled: '0.25' });
    await watcher.next((p) => p.channel === DEPTH && p.kind === 'delta' && hasAsk('93000', '0.75')(p));
  });

  it('still runs the other markets itself', async () => {
    const seller = await trader(server.db, { ETH: '2' });
    const order = await place(seller, { symbol: 'ETH_USDT', side: 'sell', type: 'limit', price: '3000', quantity: '1' });
    expect(order).toMatchObject({ symbol: 'ETH_USDT', status: 1 });
    expect(markets!.snapshot(depthChannel('ETH', 'USDT'))).toBeUndefined();
  });

  it('lets one process run a market: another cannot take a market the process or the server runs', async () => {
    const other = await openPostgres(w.schemaUrl!);
    try {
      const claims = marketOwnership(other, 0);
      await expect(claims.claim('spot', ['BTC_USDT'])).rejects.toThrow(MarketTakenError);
      await expect(claims.claim('spot', ['ETH_USDT'])).rejects.toThrow(/ETH_USDT/);
      await claims.release();
    } finally {
      await other.close();
    }
    // A second process started as m1 takes nothing while m1 holds the entry's lease
    // (kernel/cluster/shards/standby.ts): a pool's member would look again at its next tick.
    expect(await startMarketProcess(processConfig(), ['m1'])).toBeUndefined();
  });

  it('hands m1 over when it stops: the next process for it rebuilds the book and takes orders within a second or two', async () => {
    const buyer = await trader(server.db, { USDT: '1000' });
    const stoppedAt = Date.now();
    await markets!.stop();
    markets = await started('m1');
    await until(async () => hasAsk('95000', '1.5')(await held(DEPTH)), 'the book from the new holder');
    const order = await place(buyer, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '20000', quantity: '0.005' });
    expect(order).toMatchObject({ status: 1 });
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
  }, 15_000);

  it('refuses an order at once, translated, when no process runs its market, and changes nothing', async () => {
    const buyer = await trader(server.db, { USDT: '1000' });
    await markets!.stop();
    markets = undefined;
    const refused = await call<null>(buyer, SPOT_PATHS.place, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '20000', quantity: '0.005' }, { lang: 'ja_JP' });
    expect(refused).toMatchObject({ code: 400, msg: MESSAGES.ja_JP.spotMarketUnavailable, data: null });
    // A bot's order through the Binance dialect: Binance's "try again" (HTTP 503, -1001), which ccxt retries, not -2010 (rejected).
    const key = await call<ApiKeyCreated>(buyer, API_KEY_PATHS.create, { label: 'bot', permissions: ['read', 'trade'], ip_allowlist: [] });
    expect(key.code, key.msg).toBe(200);
    const query = new URLSearchParams({ symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '20000', quantity: '0.005', timestamp: String(Date.now()) }).toString();
    const signature = createHmac('sha256', key.data.secret).update(query).digest('hex');
    const bot = await fetch(`${server.url}/api/v3/order?${query}&signature=${signature}`, { method: 'POST', headers: { 'x-mbx-apikey': key.data.api_key } });
    expect({ status: bot.status, body: await bot.json() }).toEqual({ status: 503, body: { code: -1001, msg: 'Internal error; unable to process your request. Please try again.' } });
    expect(await balance(buyer, 'USDT')).toEqual({ available: 1000, frozen: 0 });
    expect(await server.db.query(`select id from spot_order where user_id = $1`, [buyer.id])).toEqual([]);

    // Started again, it rebuilds the book from the database, writes its snapshots and beats again; trades go on.
    markets = await started('m1');
    await until(async () => hasAsk('95000', '1.5')(await held(DEPTH)), 'the rebuilt book');
    const order = await place(buyer, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '20000', quantity: '0.005' });
    expect(order).toMatchObject({ status: 1 });
    await until(async () => isDeepStrictEqual(await held(DEPTH), markets!.snapshot(DEPTH)), 'the same book');
  }, 15_000);

  it('takes the first free one of the entries it is given: none while m1 and m2 are held, m2 once its holder goes', async () => {
    const any = () => startMarketProcess(processConfig(), ['m1', 'm2']);
    expect(await any()).toBeUndefined();
    await second!.stop();
    second = await any();
    expect(second?.name).toBe('m2');
    const buyer = await trader(server.db, { USDT: '1000' });
    expect(await place(buyer, { symbol: 'SOL_USDT', side: 'buy', type: 'limit', price: '1', quantity: '1' })).toMatchObject({ symbol: 'SOL_USDT', status: 1 });
  }, 15_000);

  it('fences a holder cut off from the database: once another process took m1, its next write is refused before it changes anything', async () => {
    await markets!.stop();
    const lost: Error[] = [];
    const cut = await started('m1', { onLeaseLost: (error) => lost.push(error) });
    markets = cut;
    // A partition: every connection of the holder ends (its lease and market locks with them), and
    // the holder, which never noticed, gets fresh connections from its pool afterwards.
    await server.db.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [cut.instance]);
    // Another process takes m1 once PostgreSQL has let the lease go, as a pool's member would.
    const taken = () => startMarketProcess(processConfig(), ['m1']);
    let next: RunningMarketProcess | undefined;
    await until(async () => (next = await taken()) !== undefined, 'another process to take m1');
    markets = next;
    expect(await cut.db.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
    const buyer = await trader(server.db, { USDT: '1000' });
    const credit = (tx: { query: typeof cut.db.query }) => tx.query(`update balance set available = available + 1 where user_id = $1 and currency = 'USDT' and account = 'spot'`, [buyer.id]);
    await expect(cut.db.transaction(credit)).rejects.toThrow(LeaseLostError);
    expect(lost.length).toBeGreaterThanOrEqual(1);
    expect(await balance(buyer, 'USDT')).toEqual({ available: 1000, frozen: 0 });
    await cut.stop();

    expect(await place(buyer, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '20000', quantity: '0.005' })).toMatchObject({ status: 1 });
  }, 20_000);
});
