import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_KEY_PATHS, type ApiKeyCreated } from '../../domain/apiKeys.js';
import { FUTURES_PATHS } from '../../domain/futures/api.js';
import { SPOT_PATHS, SpotOrderStatus, type SpotOrder } from '../../domain/spotOrders.js';
import { startNode, type RunningNode } from '../../server/startNode.js';
import { streamClient, type StreamClient } from './binance/wsClient.js';
import { networkCalls } from './http.js';
import { clusterNodes, within } from './scaleOutSetup.js';
import { trader } from './spot/spotApp.js';
import { createTestUser } from './support/users.js';
import { createIsolatedSchema, usingPostgres } from './testDb.js';
/** Every entry a node's pool shares with MARKET_PROCESSES=m1=BTC_USDT: the setting's and the defaults. */
const ENTRIES = ['fiat', 'futures', 'm1', 'seconds', 'spot'];

/**
 * Cluster nodes (server/startNode.ts; issue 53 §5's one shape): two nodes started with the same
 * settings both serve every route themselves, and share the entries — the named market m1, every
 * other spot pair (`spot=*`), futures, seconds and P2P — through their pools. An order on either
 * node reaches its market wherever it runs; when one node stops, the other takes its entries and
 * goes on. Needs PostgreSQL and Redis: CI's PostgreSQL pass.
 */
describe.runIf(usingPostgres())('identical cluster nodes', () => {
  it('serve every route on every node, share the entries, and take them all when the other node stops', async () => {
    const schema = await createIsolatedSchema();
    const cluster = clusterNodes('node', { DATABASE_URL: schema.url });
    const nodes: RunningNode[] = [];
    const via = (node: RunningNode) => networkCalls(() => node.url!);
    try {
      expect(cluster.config(0).roles).toEqual(['web', 'markets']);
      const first = await startNode(cluster.config(0));
      nodes.push(first);
      await within(10_000, () => first.held().length === ENTRIES.length, 'the first node alone holds every entry');
      const second = await startNode(cluster.config(1));
      nodes.push(second);
      // The second takes its share (ceil(5 / 2) each at most) as the first hands entries over.
      await within(15_000, () => second.held().length >= 2 && first.held().length <= 3, 'the entries spread over both nodes');
      expect([...first.held(), ...second.held()].sort()).toEqual(ENTRIES);

      // Orders on either node reach their markets: m1's BTC_USDT and spot=*'s ETH_USDT, wherever held.
      const db = first.web!.db;
      const buyer = await trader(db, { USDT: '100000' });
      // (Each order its own quantity: the same body again within seconds is taken for a retry of the first.)
      for (const [i, [node, symbol]] of ([[first, 'BTC_USDT'], [second, 'BTC_USDT'], [first, 'ETH_USDT'], [second, 'ETH_USDT']] as const).entries()) {
        const placed = await via(node).place<SpotOrder>(buyer, { symbol, side: 'buy', type: 'limit', price: '100', quantity: String(i + 1) });
        expect(placed.status, `${symbol}: ${JSON.stringify(placed)}`).toBe(SpotOrderStatus.waiting);
        const cancelled = await via(node).call(buyer, SPOT_PATHS.cancel, { id: placed.id });
        expect(cancelled.code, cancelled.msg).toBe(200);
      }
      // A product's calls (futures) from either node, answered by its entry's holder.
      for (const node of nodes) expect((await via(node).call(buyer, FUTURES_PATHS.account, {})).code).toBe(200);
      // Every other route is the node's own: a code sent, the pair list read.
      expect((await via(second).call(undefined, '/api/send_code', { account: 'node2@system.test', purpose: 'register' })).code).toBe(200);
      expect((await via(second).call(undefined, '/api/pair_list', {})).code).toBe(200);

      // The first node stops (SIGTERM): its entries are handed over and the second takes them all.
      await first.stop();
      nodes.shift();
      await within(15_000, () => second.held().length === ENTRIES.length, 'the second node takes every entry');
      const placed = await via(second).place<SpotOrder>(buyer, { symbol: 'ETH_USDT', side: 'buy', type: 'limit', price: '100', quantity: '5' });
      expect(placed.status).toBe(SpotOrderStatus.waiting);
      expect((await via(second).call(buyer, FUTURES_PATHS.account, {})).code).toBe(200);
    } finally {
      for (const node of nodes) await node.stop();
      await schema.drop();
      cluster.removeDirs();
    }
  }, 120_000);
});

// The Binance streams' two-node test lives here, not in tests/server/binance: two two-node clusters
// at once (the suite runs two files at a time) took all of this machine's 100 PostgreSQL connections.

/**
 * The Binance streams in the scale-out mode: on a node that does not hold BTC_USDT's market, the
 * market streams (fed by the gateway's pushes from the cluster's stream) and a user data stream
 * carry what orders placed through the other node did, and the diff depth's ids meet that node's
 * own REST depth. Needs PostgreSQL and Redis: CI's PostgreSQL pass.
 */
describe.runIf(usingPostgres())('Binance streams on cluster nodes', () => {
  it('a node without the market streams its trades, depth and a user’s orders', async () => {
    const schema = await createIsolatedSchema();
    // The same API key sealing on both nodes: a key made through one opens on the other (docs/DEPLOY.md "API key secrets").
    const cluster = clusterNodes('binancews', { DATABASE_URL: schema.url, API_KEY_SECRET: randomBytes(32).toString('base64') });
    const nodes: RunningNode[] = [];
    const clients: StreamClient[] = [];
    try {
      const first = await startNode(cluster.config(0));
      nodes.push(first);
      await within(10_000, () => first.held().length === 5, 'the first node holds every entry');
      const second = await startNode(cluster.config(1));
      nodes.push(second);
      await within(15_000, () => second.held().length >= 2 && first.held().length <= 3, 'the entries spread over both nodes');
      // The stream's node is the one without m1 (BTC_USDT); orders go through the other.
      const [holder, other] = first.held().includes('m1') ? [first, second] : [second, first];
      const url = (node: RunningNode) => node.url!;

      const db = first.web!.db;
      const keyOf = async (funded: Array<[string, string]>): Promise<ApiKeyCreated & { token: string }> => {
        const { token } = await createTestUser(db, { tag: 'binancews', email: true, verified: true, funded });
        const answer = await fetch(`${url(holder)}${API_KEY_PATHS.create}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token },
          body: JSON.stringify({ label: 'bot', permissions: ['read', 'trade'], ip_allowlist: [] }),
        });
        return { ...((await answer.json()) as { data: ApiKeyCreated }).data, token };
      };
      // Placed with a client id, and sent again (the same order, never a second: the id is its
      // idempotency key) if it answered no order: an entry may be moving between the nodes just after they spread.
      const order = async (key: ApiKeyCreated, side: string, price: string, quantity: string, clientId: string) => {
        let answer: { orderId?: number; status?: string } = {};
        for (let attempt = 0; attempt < 5 && answer.orderId === undefined; attempt++) {
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500));
          const query = new URLSearchParams({ symbol: 'BTCUSDT', side, type: 'LIMIT', timeInForce: 'GTC', price, quantity, newClientOrderId: clientId, timestamp: String(Date.now()) }).toString();
          const signature = createHmac('sha256', key.secret).update(query).digest('hex');
          const response = await fetch(`${url(holder)}/api/v3/order?${query}&signature=${signature}`, { method: 'POST', headers: { 'x-mbx-apikey': key.api_key } });
          answer = (await response.json()) as typeof answer;
        }
        return answer as { orderId: number; status: string };
      };
      const seller = await keyOf([['BTC', '1']]);
      const buyer = await keyOf([['USDT', '100000']]);

      const market = await streamClient(url(other), '/stream?streams=btcusdt@trade/btcusdt@depth@100ms');
      clients.push(market);
      // The listenKey made through one node and its connection on the other: keys are in the database.
      const made = await fetch(`${url(holder)}/api/v3/userDataStream`, { method: 'POST', headers: { 'x-mbx-apikey': seller.api_key } });
      const { listenKey } = (await made.json()) as { listenKey: string };
      const user = await streamClient(url(other), `/ws/${listenKey}`);
      clients.push(user);
      // The owners hear who listens where in a report (bus/publisher.ts reportListeners), a moment after the stream opens.
      await new Promise((resolve) => setTimeout(resolve, 500));

      const ask = await order(seller, 'SELL', '33000', '0.4', 'cluster-ask-1');
      expect((await order(buyer, 'BUY', '33000', '0.1', 'cluster-bid-1')).status).toBe('FILLED');
      const trade = await market.next((m) => m.stream === 'btcusdt@trade', 15_000);
      expect(trade.data).toMatchObject({ e: 'trade', s: 'BTCUSDT', p: '33000', q: '0.1' });
      const report = await user.next((m) => m.e === 'executionReport' && m.x === 'TRADE', 15_000);
      expect(report).toMatchObject({ i: ask.orderId, l: '0.1', X: 'PARTIALLY_FILLED' });
      // A transfer through the other node: its balanceUpdate, read from the ledger here; the trade told none.
      const moved = await fetch(`${url(holder)}/api/wallet/transfer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: seller.token, 'idempotency-key': `cluster-transfer-${Date.now()}` },
        body: JSON.stringify({ currency: 'USDT', from: 'spot', to: 'contract', quantity: '100' }),
      });
      expect(((await moved.json()) as { code: number; msg: string }).msg).toBe('Transfer succeeded');
      expect(await user.next((m) => m.e === 'balanceUpdate', 15_000)).toMatchObject({ a: 'USDT', d: '-100' });
      expect(user.messages.filter((m) => m.e === 'balanceUpdate')).toHaveLength(1);
      // Kept alive through the other node; deleted through the first, the connection on the other ends within its check.
      const keyed = (node: RunningNode, method: string) => fetch(`${url(node)}/api/v3/userDataStream?listenKey=${listenKey}`, { method, headers: { 'x-mbx-apikey': seller.api_key } }).then((r) => r.json());
      expect(await keyed(other, 'PUT')).toEqual({});
      const ended = new Promise<void>((resolve) => user.socket.once('close', () => resolve()));
      expect(await keyed(holder, 'DELETE')).toEqual({});
      await within(10_000, async () => user.socket.readyState === user.socket.CLOSED, 'the connection on the other node is closed');
      await ended;

      // The diff events' last id is the id this node's REST depth answers, with the same book.
      await within(10_000, async () => {
        const rest = (await (await fetch(`${url(other)}/api/v3/depth?symbol=BTCUSDT`)).json()) as { lastUpdateId: number; asks: unknown[] };
        const last = market.messages.filter((m) => m.stream === 'btcusdt@depth@100ms').at(-1);
        return last !== undefined && last.data.u === rest.lastUpdateId && JSON.stringify(rest.asks) === JSON.stringify([['33000', '0.3']]);
      }, 'the diff depth meets REST depth');
    } finally {
      for (const c of clients) c.close();
      for (const node of nodes) await node.stop();
      await schema.drop();
      cluster.removeDirs();
    }
  }, 120_000);
});
