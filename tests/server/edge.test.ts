import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { depthChannel, tradeChannel } from '../../domain/market.js';
import { SPOT_PATHS, USER_CHANNEL, type SpotOrder } from '../../domain/spotOrders.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import type { RunningServer } from '../../server/start.js';
import { WALLET_PATHS } from '../../domain/wallet.js';
import { openClusterRedis, readSnapshot, type ClusterRedis } from '../../server/kernel/cluster/bus/cluster.js';
import { ownEntry } from '../../server/kernel/cluster/bus/owner.js';
import { cacheChanged } from '../../server/kernel/platform/caches.js';
import { PAIRS_CACHE } from '../../server/kernel/platform/catalogue.js';
import { trader, type Trader } from './spot/spotApp.js';
import { usingPostgres } from './testDb.js';
import { recordSocket, type SocketRecorder } from './socketRecorder.js';
import { REDIS_URL, startWebNode, useServerOnBus } from './scaleOutSetup.js';

/**
 * The scale-out mode's sockets (docs/ARCHITECTURE.md "Scale-out: identical nodes"): a server running
 * its markets and publishing on the sockets stream in the Redis this machine provides, and a cluster
 * node's web part serving sockets that follow that stream, both on one PostgreSQL schema. Needs
 * PostgreSQL (the node is a second process's connection) and Redis: it runs in CI's PostgreSQL pass
 * of the server suite.
 */
const DEPTH = depthChannel('BTC', 'USDT');
const TRADES = tradeChannel('BTC', 'USDT');

type Payload = Record<string, unknown>;

describe.runIf(usingPostgres())("a cluster node's sockets beside the server", () => {
  let server: RunningServer;
  let edge: Awaited<ReturnType<typeof startWebNode>>;
  let cluster: ClusterRedis;
  const w = useServerOnBus('edge', {}, async () => {
    await edge?.stopAll();
    await cluster?.close();
  });
  const { bus, sockets } = w;
  /** What a new subscriber gets now: the owner's snapshot, as it wrote it to the cluster's Redis. */
  const held = async (channel: string) => (await readSnapshot(cluster, channel)) as Payload | undefined;

  /** A socket on the edge, recording everything pushed to it. */
  const connect = (lang = 'en_US'): Promise<SocketRecorder<Payload>> => recordSocket<Payload>(edge.url, { lang, opened: sockets });

  async function place(who: Trader, body: object): Promise<SpotOrder> {
    const response = await fetch(`${server.url}${SPOT_PATHS.place}`, { method: 'POST', headers: { 'content-type': 'application/json', token: who.token }, body: JSON.stringify(body) });
    const envelope = (await response.json()) as { code: number; msg: string; data: SpotOrder };
    expect(envelope.code, envelope.msg).toBe(200);
    return envelope.data;
  }

  async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 5000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('timed out waiting for the server');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const hasAsk = (price: string, quantity: string) => (p: Payload) =>
    p.channel === DEPTH && ((p.asks as Array<[string, string]> | undefined) ?? []).some(([at, q]) => at === price && q === quantity);

  beforeAll(async () => {
    cluster = openClusterRedis(bus, 'test', () => undefined);
    server = w.server;
    edge = await startWebNode(w.schemaUrl, bus, new Map());
  });

  it("gives a subscriber the server's snapshot, then the market's changes, through socket.io's Redis adapter", async () => {
    const seller = await trader(server.db, { BTC: '2' });
    await place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '91000', quantity: '1' });
    // The depth goes out on the market's 100 ms flush, its snapshot first.
    await until(async () => hasAsk('91000', '1')({ channel: DEPTH, ...(await held(DEPTH)) }));
    const watcher = await connect();
    expect(await watcher.subscribe(DEPTH)).toEqual({ code: 200, msg: MESSAGES.en_US.ok, channel: DEPTH });
    const snapshot = await watcher.next((p) => p.channel === DEPTH);
    expect(snapshot).toEqual({ ...(await held(DEPTH)), channel: DEPTH });
    expect(snapshot.kind).toBe('snapshot');
    expect(hasAsk('91000', '1')(snapshot)).toBe(true);

    await place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '91000', quantity: '0.5' });
    const delta = await watcher.next(hasAsk('91000', '1.5'));
    expect(delta).toMatchObject({ kind: 'delta', seq: (snapshot.seq as number) + 1 });
  });

  it("pushes a fill to the trades channel and, on the private channel, to the owner's sockets only", async () => {
    const seller = await trader(server.db, { BTC: '2' });
    const buyer = await trader(server.db, { USDT: '100000' });
    const bystander = await trader(server.db, { USDT: '50' });
    const buyerSocket = await connect();
    const bystanderSocket = await connect();
    expect((await buyerSocket.subscribe({ channel: 'user', token: buyer.token })).code).toBe(200);
    expect((await buyerSocket.subscribe(TRADES)).code).toBe(200);
    expect((await bystanderSocket.subscribe({ channel: 'user', token: bystander.token })).code).toBe(200);
    // The owner reads a user's balances only once it has heard that the user listens somewhere.
    await until(() => server.userListening(buyer.id) && server.userListening(bystander.id));

    await place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '90000', quantity: '1' });
    const bid = await place(buyer, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '90000', quantity: '0.4' });
    const trade = await buyerSocket.next((p) => p.channel === TRADES && p.kind === 'update');
    expect(trade.trades).toEqual([expect.objectContaining({ price: '90000', quantity: '0.4', side: 'buy' })]);
    const filled = await buyerSocket.next((p) => p.channel === USER_CHANNEL && p.kind === 'order' && (p.order as SpotOrder).id === bid.id && (p.order as SpotOrder).status === 3);
    expect(filled.order).toMatchObject({ filled: '0.4', turnover: '36000' });
    // Read by the edge from the committed rows its owner's notice names.
    await buyerSocket.next(
      (p) => p.kind === 'balance' && (p.balances as Array<{ currency: string; available: string }>).some((b) => b.currency === 'BTC' && b.available === '0.3996'),
    );
    // The bystander's own order arrives; nothing of the buyer's came before it on the same socket.
    const own = await place(bystander, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '20000', quantity: '0.001' });
    await bystanderSocket.next((p) => p.kind === 'order' && (p.order as SpotOrder).id === own.id);
    expect(bystanderSocket.messages.filter((p) => p.kind === 'order').map((p) => (p.order as SpotOrder).id)).toEqual([own.id]);
    // A new subscriber's trades hold the fill.
    expect((await held(TRADES))?.trades).toEqual(expect.arrayContaining([expect.objectContaining({ price: '90000', quantity: '0.4' })]));
  });

  it('pushes what a call served on another node changed to the sockets here (issue 53 §5: a per-node publisher)', async () => {
    // Another node serving the wallet's routes itself: its transfer's notice reaches a socket on this one.
    const other = await startWebNode(w.schemaUrl, bus, new Map());
    try {
      const user = await trader(server.db, { USDT: '10' });
      const socket = await connect();
      expect((await socket.subscribe({ channel: USER_CHANNEL, token: user.token })).code).toBe(200);
      // The edge's report reaches every publisher at once (one pub/sub message); the server's is the one a test can see.
      await until(() => server.userListening(user.id));
      const transfer = await fetch(`${other.url}${WALLET_PATHS.transfer}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: user.token, 'idempotency-key': `edge-transfer-${user.id}` },
        body: JSON.stringify({ currency: 'USDT', from: 'spot', to: 'contract', quantity: '4' }),
      });
      expect(((await transfer.json()) as { code: number }).code).toBe(200);
      const heard = await socket.next((p) => p.kind === 'balance');
      expect(heard.balances).toEqual(
        expect.arrayContaining([expect.objectContaining({ currency: 'USDT', account: 'spot', available: '6' }), expect.objectContaining({ currency: 'USDT', account: 'contract', available: '4' })]),
      );
    } finally {
      await other.stopAll();
    }
  });

  it("tells the server who listens on its private channel, so products build those users' pushes", async () => {
    const listener = await trader(server.db, {});
    // (For a second after it began, an owner takes anyone for a listener while the gateways answer its question.)
    await until(() => !server.userListening(listener.id));
    const socket = await connect();
    expect((await socket.subscribe({ channel: 'user', token: listener.token })).code).toBe(200);
    await until(() => server.userListening(listener.id));
    // Not on the server's own sockets: the edge's report says so.
    expect(server.realtime.userListening(listener.id)).toBe(false);
    socket.socket.close();
    await until(() => !server.userListening(listener.id));
  });

  it('answers an owner that begins at once, so one that takes an entry over knows who listens', async () => {
    const listener = await trader(server.db, {});
    const socket = await connect();
    expect((await socket.subscribe({ channel: 'user', token: listener.token })).code).toBe(200);
    await until(() => server.userListening(listener.id));
    // Past the second in which a new owner takes anyone for a listener, and well before the edge's
    // next heartbeat (5 s): what it knows, it heard from the edge's answer.
    const taking = openClusterRedis(bus, 'taking', () => undefined);
    const owner = ownEntry(taking, 'm8', { channels: () => [], snapshot: () => undefined });
    try {
      await owner.announce();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(owner.userFeed.listening(listener.id)).toBe(true);
      expect(owner.userFeed.listening(listener.id + 1_000_000)).toBe(false);
    } finally {
      socket.socket.close();
      await owner.stop();
      await taking.close();
    }
  });

  it('lets its sockets subscribe to a pair listed after it started, through any node: its channels follow the pairs rows', async () => {
    await server.db.transaction(async (tx) => {
      await tx.query(`insert into pair (left_symbol, right_symbol, price_precision, amount_precision, sort, min_quantity, min_notional, simulated)
        values ('SOL', 'BTC', 6, 3, 900, 0.001, 0.00001, false)`);
      await tx.query(`insert into pair_listing (product, base, quote, status) values ('spot', 'SOL', 'BTC', 1)`);
      await cacheChanged(tx, PAIRS_CACHE);
    });
    const socket = await connect();
    // The listing reaches the node through its database listener (kernel/platform/caches.ts): asked until it has.
    const deadline = Date.now() + 5000;
    let answer = await socket.subscribe('sol_btc_depth');
    while (answer.code !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await socket.subscribe('sol_btc_depth');
    }
    expect(answer).toMatchObject({ code: 200 });
  });

  it('refuses what the server refuses, in the subscriber’s language, and changes nothing', async () => {
    const client = await connect('ja_JP');
    expect(await client.subscribe('btc_nope_depth')).toEqual({ code: 400, msg: MESSAGES.ja_JP.unknownChannel, channel: 'btc_nope_depth' });
    expect(await client.subscribe({ channel: 'user', token: 'not-a-session' })).toEqual({ code: 400, msg: MESSAGES.ja_JP.notLoggedIn, channel: 'user' });
    expect(await client.subscribe({ nonsense: true })).toEqual({ code: 400, msg: MESSAGES.ja_JP.malformedMessage });
    expect(client.messages).toEqual([]);
    // The node serves the API itself too.
    const page = await fetch(`${edge.url}/api/plat_config`, { method: 'POST' });
    expect(page.status).toBe(200);
    // What a balancer asks: alive, and ready (it listens only after its first look at the owners).
    expect((await fetch(`${edge.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${edge.url}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${edge.url}/metrics`)).text()).toContain('openex_sockets_connected');
  });

  it('reads on from where it was when its connection to Redis breaks: no gap in the book, no private notice lost', async () => {
    const seller = await trader(server.db, { BTC: '1' });
    const watcher = await connect();
    expect((await watcher.subscribe(DEPTH)).code).toBe(200);
    // Issue 38: "a private notice published while an edge reconnects is never delivered".
    expect((await watcher.subscribe({ channel: 'user', token: seller.token })).code).toBe(200);
    await until(() => server.userListening(seller.id));
    const snapshot = await watcher.next((p) => p.channel === DEPTH && p.kind === 'snapshot');
    // Cut the edge's connections of this test's prefix (its writer, and the adapter's readers that
    // duplicate it); other files share this Redis under other prefixes.
    const redis = new Redis(REDIS_URL);
    const clients = ((await redis.client('LIST')) as string).split('\n').filter((line) => line.includes(` name=${bus.prefix}:${edge.instance}`));
    expect(clients.length).toBeGreaterThanOrEqual(2);
    for (const line of clients) await redis.client('KILL', 'ID', line.match(/id=(\d+)/)![1]!);
    await redis.quit();
    // Sent while the edge is away: read from the stream once it is back, in order.
    const first = await place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '93000', quantity: '0.1' });
    await place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '93000', quantity: '0.2' });
    await watcher.next(hasAsk('93000', '0.3'));
    await watcher.next((p) => p.channel === USER_CHANNEL && p.kind === 'order' && (p.order as SpotOrder).id === first.id);
    const seqs = watcher.messages.filter((p) => p.channel === DEPTH && p.kind === 'delta').map((p) => p.seq as number);
    expect(seqs).toEqual(seqs.map((_, i) => (snapshot.seq as number) + 1 + i));
  });
});
