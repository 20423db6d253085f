import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SPOT_PATHS, type SpotOrder } from '../../domain/spotOrders.js';
import type { ServerConfig } from '../../server/config.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import type { EntryPool } from '../../server/kernel/cluster/shards/entryPool.js';
import { metrics } from '../../server/kernel/platform/observability/metrics.js';
import { parseMarketProcesses } from '../../server/kernel/cluster/shards/processes.js';
import type { RunningServer } from '../../server/start.js';
import { joinMarketPool } from '../../server/startMarkets.js';
import { networkCalls } from './http.js';
import { startQuietServer } from './quietServer.js';
import { besideServer, testBus } from './scaleOutSetup.js';
import { trader, type Trader } from './spot/spotApp.js';
import { createIsolatedSchema, usingPostgres } from './testDb.js';
import { openPostgres } from '../../server/kernel/platform/db/postgres.js';
import { prepared } from '../../server/kernel/platform/db/open.js';
import { migrate } from '../../server/kernel/platform/db/migrate.js';

/**
 * Identical market processes share MARKET_PROCESSES' entries (kernel/cluster/shards/entryPool.ts, issue
 * 38's "a simple rebalance when one joins"): one process alone runs both entries; a second that
 * joins is handed one, and the orders sent to that market meanwhile wait for it (a handover leaves
 * its beat to lapse, not struck) instead of being refused; when a member stops, the other takes its
 * entry back. Needs PostgreSQL and Redis: CI's PostgreSQL pass.
 */
const PROCESSES = parseMarketProcesses('m1=BTC_USDT;m2=SOL_USDT');

describe.runIf(usingPostgres())('a pool of identical market processes', () => {
  const bus = testBus('pool');
  let running: Awaited<ReturnType<typeof startQuietServer>>;
  let server: RunningServer;
  const pools: EntryPool[] = [];
  const poolConfig = (): ServerConfig => besideServer(running.schemaUrl, bus, PROCESSES);
  const { call } = networkCalls(() => server.url);
  const order = (who: Trader, symbol: string) => call<SpotOrder>(who, SPOT_PATHS.place, { symbol, side: 'buy', type: 'limit', price: '1', quantity: '1' });

  async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  beforeAll(async () => {
    running = await startQuietServer('market-pool', { realtimeBus: bus, marketProcesses: PROCESSES });
    server = running.server;
  });
  afterAll(async () => {
    for (const pool of pools) await pool.stop();
    await running?.stop();
  });

  it('runs every entry in one process alone, hands one to a process that joins while orders keep being taken, and takes it back when that one stops', async () => {
    const first = await joinMarketPool(poolConfig());
    pools.push(first);
    await until(() => first.held().length === 2, 'the lone process to take both entries');
    const buyer = await trader(server.db, { USDT: '100000' });
    for (const symbol of ['BTC_USDT', 'SOL_USDT']) {
      const placed = await order(buyer, symbol);
      expect(placed.code, `${symbol}: ${placed.msg}`).toBe(200);
    }

    // Orders on both markets all along, one at a time, while a second process joins.
    let placing = true;
    const refusals: string[] = [];
    let taken = 0;
    const placeSteadily = async () => {
      while (placing) {
        for (const symbol of ['BTC_USDT', 'SOL_USDT']) {
          const placed = await order(buyer, symbol);
          if (placed.code === 200) taken++;
          else refusals.push(`${symbol}: ${placed.msg}`);
        }
      }
    };
    let steady = placeSteadily();
    const second = await joinMarketPool(poolConfig());
    pools.push(second);
    await until(() => first.held().length === 1 && second.held().length === 1, 'the entries to be shared one each');
    expect(await metrics.getSingleMetricAsString('openex_pool_members')).toContain('openex_pool_members 2');
    const handedOver = second.held()[0]!;
    const symbol = handedOver === 'm1' ? 'BTC_USDT' : 'SOL_USDT';
    // The new holder takes orders (once it beats, the server's view of the owners knows it).
    const before = taken;
    await until(() => taken >= before + 10, 'orders taken on both markets after the handover');
    placing = false;
    await steady;
    // A handover is not a stop: nothing was refused as unavailable while the entry changed hands.
    expect(refusals.filter((r) => r.includes(MESSAGES.en_US.spotMarketUnavailable))).toEqual([]);
    expect(refusals).toEqual([]);
    expect((await order(buyer, symbol)).code).toBe(200);

    // The second stops (SIGTERM) while orders go on: with another member running it hands its entry
    // over rather than striking its beat, and the first takes it back within a tick or two.
    placing = true;
    steady = placeSteadily();
    await second.stop();
    pools.splice(pools.indexOf(second), 1);
    await until(() => first.held().length === 2, 'the remaining process to take the entry back');
    const back = taken;
    await until(() => taken >= back + 10, 'orders taken on both markets after the stop');
    placing = false;
    await steady;
    expect(refusals).toEqual([]);

    // Alone, it strikes its beats as it stops: its markets are refused at once, nothing waits for a holder that will not come.
    await first.stop();
    pools.splice(pools.indexOf(first), 1);
    const refused = await order(buyer, symbol);
    expect(refused.msg).toBe(MESSAGES.en_US.spotMarketUnavailable);
  }, 40_000);

  it('on a fresh database a member that joins before the server has prepared it takes nothing, says so once, and takes its entries once it is migrated and seeded', async () => {
    const blank = await createIsolatedSchema();
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    const errors = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(`error: ${args.join(' ')}`));
    try {
      const early = await joinMarketPool(besideServer(blank.url, testBus('pool-fresh'), PROCESSES));
      pools.push(early);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(early.held()).toEqual([]);
      expect(lines.filter((line) => line.includes('waiting for the database to be prepared'))).toHaveLength(1);
      // Migrated, not yet seeded (the window where a pair's market used to start unlisted): still nothing.
      const preparing = await openPostgres(blank.url);
      await migrate(preparing);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(early.held()).toEqual([]);
      await prepared(preparing);
      await preparing.close();
      await until(() => early.held().length === 2, 'the member to take both entries once prepared');
      expect(lines.filter((line) => line.startsWith('error:'))).toEqual([]);
      await early.stop();
      pools.splice(pools.indexOf(early), 1);
    } finally {
      log.mockRestore();
      errors.mockRestore();
      await blank.drop();
    }
  }, 40_000);
});
