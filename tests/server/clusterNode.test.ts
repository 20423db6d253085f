import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS } from '../../domain/futures/api.js';
import { SPOT_PATHS, SpotOrderStatus, type SpotOrder } from '../../domain/spotOrders.js';
import { startNode, type RunningNode } from '../../server/startNode.js';
import { networkCalls } from './http.js';
import { clusterNodes, within } from './scaleOutSetup.js';
import { trader } from './spot/spotApp.js';
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
