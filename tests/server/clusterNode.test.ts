import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig, type ServerConfig } from '../../server/config.js';
import { translate } from '../../server/kernel/platform/i18n/messages.js';
import { parseMarketProcesses } from '../../server/kernel/cluster/shards/processes.js';
import { startNode, type RunningNode } from '../../server/startNode.js';
import { testBus } from './scaleOutSetup.js';
import { createIsolatedSchema, usingPostgres } from './testDb.js';

/**
 * Cluster nodes (server/startNode.ts; issue 38's "identical processes"): two nodes started with the
 * same settings both serve the API. One holds the server's lease; the other's front passes the
 * calls it does not serve itself to wherever the serving server says it listens (its beats on the
 * bus), and its own server stands by. When the first node stops, the second's server takes over
 * and its front passes calls to it, with no setting changed. Needs PostgreSQL and Redis: CI's
 * PostgreSQL pass.
 */
describe.runIf(usingPostgres())('identical cluster nodes', () => {
  it('serve the API on every node, pass calls to the serving server, and take the server over when its node stops', async () => {
    const schema = await createIsolatedSchema();
    const bus = testBus('node');
    const dirs = [mkdtempSync(join(tmpdir(), 'openex-node-a-')), mkdtempSync(join(tmpdir(), 'openex-node-b-'))];
    const config = (dataDir: string): ServerConfig => ({
      ...readConfig({ DATABASE_URL: schema.url, REALTIME_BUS_URL: bus.url, MARKET_PROCESSES: 'm1=BTC_USDT' }),
      port: 0,
      serverPort: 0,
      host: '127.0.0.1',
      advertiseHost: '127.0.0.1',
      dataDir,
      clientDir: join(dataDir, 'none'),
      realtimeBus: bus,
      marketProcesses: parseMarketProcesses('m1=BTC_USDT'),
      logLevel: 'silent',
      marketMakers: false,
      p2pMerchants: false,
    });
    const nodes: RunningNode[] = [];
    // A call the fronts pass on to the server (nobody's account is needed to ask for a code).
    const passedOn = (node: RunningNode, n: number) =>
      fetch(`${node.url}/api/send_code`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: `node${n}@system.test`, purpose: 'register' }) }).then(
        (answer) => answer.json() as Promise<{ code: number; msg: string }>,
      );
    try {
      expect(config(dirs[0]!).roles).toEqual(['server', 'front', 'markets']);
      const first = await startNode(config(dirs[0]!));
      nodes.push(first);
      const second = await startNode(config(dirs[1]!));
      nodes.push(second);
      expect(first.server()).toBeDefined();
      expect(second.server()).toBeUndefined();
      // Both fronts serve, the second's through the first's server.
      expect((await passedOn(first, 1)).code).toBe(200);
      expect((await passedOn(second, 2)).code).toBe(200);
      const pairs = await fetch(`${second.url}/api/pair_list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(pairs.status).toBe(200);

      // The first node stops (SIGTERM): its lease is handed over, the second's server starts as a
      // restart would, and the second's front finds it from its beats. Meanwhile every call is
      // answered at once: passed on, or refused as not done ("cannot be reached, nothing changed").
      await first.stop();
      nodes.shift();
      const refusal = translate('en_US', 'serverUnreachable');
      const deadline = Date.now() + 30_000;
      let n = 3;
      for (;;) {
        const startedAt = Date.now();
        const answer = await passedOn(second, n++);
        expect(Date.now() - startedAt).toBeLessThan(2000);
        if (answer.code === 200) break;
        expect(answer.msg).toBe(refusal);
        if (Date.now() > deadline) throw new Error('the second node’s server never took over');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Its server answers once it listens; its start returns once its duties have started too (duties.ts).
      while (second.server() === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(second.server()).toBeDefined();
    } finally {
      for (const node of nodes) await node.stop();
      await schema.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
