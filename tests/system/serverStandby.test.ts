import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverEnv, startUntilUp, useScratchServer } from './serverProcess.js';
import { SPOT_PATHS } from '../../domain/spotOrders.js';
import { call, newKey } from './client.js';
import { fundedTraders, spotWorkload } from './traders.js';
import { missingAcknowledged } from './readBack.js';

const port = Number(process.env.SYSTEM_TEST_PORT ?? 8461) + 9;
/** Run by `npm run test:cluster` (which sets CLUSTER_SECONDS), beside the cluster chaos test that covers the same takeovers under the whole mix. */
const inClusterRun = process.env.CLUSTER_SECONDS !== undefined;
const scratch = useScratchServer('server-standby', port);

/** The bound on the time from the holder's death to the next accepted order. */
const TAKEOVER_BOUND_MS = 15_000;

/**
 * A standby server (docs/ARCHITECTURE.md "Scale-out: standbys and takeover"): server A runs on its
 * database; server B, started on the same PostgreSQL, stands by — no port, no products. A is killed
 * with -9 under load; B takes the lease, starts as a restarted server would and answers on its own
 * port: orders placed on A are all there, B takes new ones, and its timed work runs (a new
 * trader's deposit is confirmed by B's chain watcher). It prints the time from the kill to B's first
 * accepted order. The books balance at the end.
 */
describe.runIf(inClusterRun)('takeover: kill -9 of the server with a standby server on the same database', () => {
  it('starts the standby as the server, with every acknowledged order and its timed work', async () => {
    const a = await scratch.start();
    const bDir = mkdtempSync(join(tmpdir(), 'openex-standby-b-'));
    const bUrl = `http://127.0.0.1:${port + 100}`;
    const b = await startUntilUp(
      'standby server B',
      serverEnv({ dataDir: bDir, port: port + 100, databaseUrl: scratch.databaseUrl() }),
      'standing by',
    );
    try {
      const { traders, workload } = await spotWorkload(a.url, scratch.dataDir, 4, 'srv-standby', 6161);
      let crashed = false;
      const workers = Array.from({ length: 4 }, () => workload.run(100_000, () => crashed));
      await new Promise((r) => setTimeout(r, 5000));
      await a.crash();
      const killedAt = Date.now();
      crashed = true;
      await Promise.all(workers);
      expect(workload.acknowledged.length).toBeGreaterThan(10);

      const [probe] = traders;
      for (;;) {
        const answer = await call<{ id: number }>(bUrl, SPOT_PATHS.place, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '30000', quantity: '0.001' }, { token: probe!.token, key: newKey() }).catch(() => undefined);
        if (answer?.code === 200) {
          workload.acknowledged.push({ trader: probe!.account, kind: 'order', id: answer.data.id, key: 'probe' });
          break;
        }
        if (Date.now() - killedAt > 60_000) throw new Error(`B took no order 60 s after the kill; it said:\n${b.output()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const takeover = Date.now() - killedAt;
      console.log(`server standby: kill → B's first accepted order ${takeover} ms; ${workload.acknowledged.length} acknowledged before`);
      expect(takeover).toBeLessThanOrEqual(TAKEOVER_BOUND_MS);
      // Sessions are rows: the traders' tokens from A work on B, and nothing acknowledged is lost.
      expect(await missingAcknowledged(bUrl, traders, workload.acknowledged)).toEqual([]);
      expect(workload.duplicateEffects).toEqual([]);
      // B's timers run: a deposit to a new trader is confirmed by B's chain watcher.
      expect(await fundedTraders(bUrl, bDir, 1, 'srv-standby-after')).toHaveLength(1);
    } finally {
      await b.stop();
      rmSync(bDir, { recursive: true, force: true });
    }
    expect(await scratch.audit()).toEqual([]);
  }, 300_000);
});
