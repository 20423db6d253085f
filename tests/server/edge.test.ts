import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depthChannel, tradeChannel } from '../../domain/market.js';
import { SPOT_PATHS, USER_CHANNEL, type SpotOrder } from '../../domain/spotOrders.js';
import { MESSAGES } from '../../server/kernel/i18n/messages.js';
import { startServer, type RunningServer } from '../../server/start.js';
import { startEdge, type RunningEdge } from '../../server/startEdge.js';
import { openRedisBus } from '../../server/kernel/realtime/bus/redisBus.js';
import { serveBus } from '../../server/kernel/realtime/bus/servingSide.js';
import { startQuietServer } from './quietServer.js';
import { trader, type Trader } from './spot/spotApp.js';
import { usingPostgres } from './testDb.js';
import { recordSocket, type SocketRecorder } from './socketRecorder.js';
import { REDIS_URL, testBus } from './scaleOutSetup.js';

/**
 * The scale-out mode's realtime edge (docs/ARCHITECTURE.md "Scale-out: realtime edges"): a
 * server publishing to the bus over the Redis this machine provides, and an edge serving sockets
 * from it, both on one PostgreSQL schema. Needs PostgreSQL (an edge is a second process's
 * connection) and Redis: it runs in CI's PostgreSQL pass of the server suite.
 */
const DEPTH = depthChannel('BTC', 'USDT');
const TRADES = tradeChannel('BTC', 'USDT');

type Payload = Record<string, unknown>;

describe.runIf(usingPostgres())('a realtime edge beside the server', () => {
  const bus = testBus('edge');
  let running: Awaited<ReturnType<typeof startQuietServer>>;
  let server: RunningServer;
  let edge: RunningEdge;
  let restarted: RunningServer | undefined;
  let restartDir: string | undefined;
  const edgeLog: string[] = [];
  const sockets: Socket[] = [];

  /** A socket on the edge, recording everything pushed to it. */
  const connect = (lang = 'en_US'): Promise<SocketRecorder<Payload>> => recordSocket<Payload>(edge.url, { lang, opened: sockets });

  async function place(who: Trader, body: object): Promise<SpotOrder> {
    const response = await fetch(`${server.url}${SPOT_PATHS.place}`, { method: 'POST', headers: { 'content-type': 'application/json', token: who.token }, body: JSON.stringify(body) });
    const envelope = (await response.json()) as { code: number; msg: string; data: SpotOrder };
    expect(envelope.code, envelope.msg).toBe(200);
    return envelope.data;
  }

  /** The edge holds what the server would give a new subscriber, once the bus has carried everything. */
  async function sameAsServer(channel: string): Promise<void> {
    const deadline = Date.now() + 5000;
    while (JSON.stringify(edge.realtime.latest(channel)) !== JSON.stringify(server.realtime.latest(channel)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(edge.realtime.latest(channel)).toEqual(server.realtime.latest(channel));
  }

  async function until(condition: () => boolean): Promise<void> {
    const deadline = Date.now() + 5000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('timed out waiting for the server');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const hasAsk = (price: string, quantity: string) => (p: Payload) =>
    p.channel === DEPTH && (p.asks as Array<[string, string]>).some(([at, q]) => at === price && q === quantity);

  beforeAll(async () => {
    running = await startQuietServer('edge', { realtimeBus: bus });
    server = running.server;
    edge = await startEdge({ port: 0, host: '127.0.0.1', databaseUrl: running.schemaUrl!, bus, log: (message) => edgeLog.push(message) });
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await edge?.stop();
    await restarted?.stop();
    if (restartDir) rmSync(restartDir, { recursive: true, force: true });
    await running?.stop();
  });

  it("gives a subscriber the server's snapshot, then the market's changes, through the bus", async () => {
    const seller = await trader(server.db, { BTC: '2' });
    await place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '91000', quantity: '1' });
    // The depth goes out on the market's 100 ms flush; then through the bus.
    await until(() => hasAsk('91000', '1')({ channel: DEPTH, ...server.realtime.latest(DEPTH) }));
    await sameAsServer(DEPTH);
    const watcher = await connect();
    expect(await watcher.subscribe(DEPTH)).toEqual({ code: 200, msg: MESSAGES.en_US.ok, channel: DEPTH });
    const snapshot = await watcher.next((p) => p.channel === DEPTH);
    expect(snapshot).toEqual(server.realtime.latest(DEPTH));
    expect(snapshot.kind).toBe('snapshot');
    expect(hasAsk('91000', '1')(snapshot)).toBe(true);

    await place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '91000', quantity: '0.5' });
    const delta = await watcher.next(hasAsk('91000', '1.5'));
    expect(delta).toMatchObject({ kind: 'delta', seq: (snapshot.seq as number) + 1 });
  });

  it("pushes a fill to the trades channel and, on the private channel, to the owner's sockets only", async () => {
    const seller = await trader(server.db, { BTC: '2' });
    const buyer = await trader(server.db, { USDT: '100000' });
    const bystander = await trader(server.db, { USDT: '5' });
    const buyerSocket = await connect();
    const bystanderSocket = await connect();
    expect((await buyerSocket.subscribe({ channel: 'user', token: buyer.token })).code).toBe(200);
    expect((await buyerSocket.subscribe(TRADES)).code).toBe(200);
    expect((await bystanderSocket.subscribe({ channel: 'user', token: bystander.token })).code).toBe(200);

    await place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '90000', quantity: '1' });
    const bid = await place(buyer, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '90000', quantity: '0.4' });
    const trade = await buyerSocket.next((p) => p.channel === TRADES && p.kind === 'update');
    expect(trade.trades).toEqual([expect.objectContaining({ price: '90000', quantity: '0.4', side: 'buy' })]);
    const filled = await buyerSocket.next((p) => p.channel === USER_CHANNEL && p.kind === 'order' && (p.order as SpotOrder).id === bid.id && (p.order as SpotOrder).status === 3);
    expect(filled.order).toMatchObject({ filled: '0.4', turnover: '36000' });
    // Read by the edge from the committed rows.
    await buyerSocket.next(
      (p) => p.kind === 'balance' && (p.balances as Array<{ currency: string; available: string }>).some((b) => b.currency === 'BTC' && b.available === '0.3996'),
    );
    // The bystander's own order arrives; nothing of the buyer's came before it on the same socket.
    const own = await place(bystander, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '1', quantity: '1' });
    await bystanderSocket.next((p) => p.kind === 'order' && (p.order as SpotOrder).id === own.id);
    expect(bystanderSocket.messages.filter((p) => p.kind === 'order').map((p) => (p.order as SpotOrder).id)).toEqual([own.id]);
    await sameAsServer(TRADES);
    await sameAsServer(DEPTH);
  });

  it("tells the server who listens on its private channel, so products build those users' pushes", async () => {
    const listener = await trader(server.db, {});
    expect(server.userListening(listener.id)).toBe(false);
    const socket = await connect();
    expect((await socket.subscribe({ channel: 'user', token: listener.token })).code).toBe(200);
    await until(() => server.userListening(listener.id));
    // Not on the server's own sockets: the edge's report says so.
    expect(server.realtime.userListening(listener.id)).toBe(false);
    socket.socket.close();
    await until(() => !server.userListening(listener.id));
  });

  it("takes the server's channel list from its sync, so a pair listed while it was away can be subscribed", async () => {
    // A serving side of its own on another prefix, whose registry has a pair the database does not list.
    const other = { url: REDIS_URL, prefix: `${bus.prefix}:other` };
    const serving = openRedisBus(other.url, other.prefix);
    const side = serveBus(serving, { channels: () => ['nova_usdt_depth'], latest: () => ({ kind: 'snapshot', seq: 3, bids: [['1.5', '10']], asks: [] }) });
    await side.announce();
    const second = await startEdge({ port: 0, host: '127.0.0.1', databaseUrl: running.schemaUrl!, bus: other, log: () => undefined });
    try {
      const socket = await recordSocket<Payload>(second.url, { opened: sockets });
      expect(await socket.subscribe('nova_usdt_depth')).toMatchObject({ code: 200 });
      expect(await socket.next((p) => p.channel === 'nova_usdt_depth')).toEqual({ channel: 'nova_usdt_depth', kind: 'snapshot', seq: 3, bids: [['1.5', '10']], asks: [] });
    } finally {
      await second.stop();
      await serving.close();
    }
  });

  it('refuses what the server refuses, in the subscriber’s language, and changes nothing', async () => {
    const client = await connect('ja_JP');
    expect(await client.subscribe('btc_nope_depth')).toEqual({ code: 400, msg: MESSAGES.ja_JP.unknownChannel, channel: 'btc_nope_depth' });
    expect(await client.subscribe({ channel: 'user', token: 'not-a-session' })).toEqual({ code: 400, msg: MESSAGES.ja_JP.notLoggedIn, channel: 'user' });
    expect(await client.subscribe({ nonsense: true })).toEqual({ code: 400, msg: MESSAGES.ja_JP.malformedMessage });
    expect(client.messages).toEqual([]);
    const page = await fetch(`${edge.url}/api/plat_config`, { method: 'POST' });
    expect(page.status).toBe(404);
    // What a balancer asks: alive, and ready (it listens only after its first sync).
    expect((await fetch(`${edge.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${edge.url}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${edge.url}/metrics`)).text()).toContain('openex_sockets_connected');
  });

  it('syncs again when its connection to the bus breaks, and ends up with the same book as the server', async () => {
    const seller = await trader(server.db, { BTC: '1' });
    await place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '93000', quantity: '0.1' });
    await until(() => hasAsk('93000', '0.1')({ channel: DEPTH, ...server.realtime.latest(DEPTH) }));
    await sameAsServer(DEPTH);
    // Cut the bus's reading connections of this test's prefix (the edge's stream reader, and the
    // server's subscriber for sync requests and listener reports); other files share this Redis
    // under other prefixes.
    const redis = new Redis(REDIS_URL);
    const clients = ((await redis.client('LIST')) as string).split('\n').filter((line) => line.includes(` name=${bus.prefix}:subscriber `) || line.includes(` name=${bus.prefix}:reader `));
    expect(clients.length).toBe(2);
    for (const line of clients) await redis.client('KILL', 'ID', line.match(/id=(\d+)/)![1]!);
    await redis.quit();
    // Sent while the edge is away: read from the stream once it is back, and its books synced again.
    await place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '93000', quantity: '0.2' });
    await until(() => hasAsk('93000', '0.3')({ channel: DEPTH, ...server.realtime.latest(DEPTH) }));
    await until(() => JSON.stringify(edge.realtime.latest(DEPTH)) === JSON.stringify(server.realtime.latest(DEPTH)));
    expect(edgeLog).toContain('realtime edge: the bus is back; syncing again');
  });

  it('takes the books again when the server restarts, and sends them to its sockets as snapshots', async () => {
    const watcher = await connect();
    expect((await watcher.subscribe(DEPTH)).code).toBe(200);
    await server.stop();
    // Counted before the restart: the restarted server announces itself (and the edge may resend
    // the books) before startServer returns, so a count taken after it can miss the snapshot.
    const before = watcher.messages.length;
    // The same database and bus: the restarted server rebuilds its books and announces itself.
    restarted = server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: (restartDir = mkdtempSync(join(tmpdir(), 'openex-edge-restart-'))),
      databaseUrl: running.schemaUrl,
      clientDir: '/nonexistent',
      logLevel: 'silent',
      marketMakers: false,
      realtimeBus: bus,
    });
    await sameAsServer(DEPTH);
    const resent = await watcher.next((p) => watcher.messages.indexOf(p) >= before && p.channel === DEPTH && p.kind === 'snapshot');
    expect(resent).toEqual(server.realtime.latest(DEPTH));
    const seller = await trader(server.db, { BTC: '1' });
    await place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '95000', quantity: '0.25' });
    await watcher.next(hasAsk('95000', '0.25'));
    await sameAsServer(DEPTH);
  });
});
