import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig, type ServerConfig } from '../../server/config.js';
import type { MarketProcesses } from '../../server/kernel/cluster/shards/processes.js';
import { startServer, type RunningServer } from '../../server/start.js';
import { asNode } from '../../server/startNode.js';

/**
 * What the scale-out suites (edges, market and product processes, fronts; CI's PostgreSQL pass)
 * share: this machine's Redis, a bus prefix no other run or file shares, and the configuration a
 * process beside a quiet server starts with.
 */
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export function testBus(tag: string): { url: string; prefix: string } {
  return { url: REDIS_URL, prefix: `openex-test:${process.pid}:${Date.now()}:${tag}` };
}

/** A process beside the server: its schema, bus and processes, no market makers, no log. */
export function besideServer(schemaUrl: string | undefined, bus: { url: string; prefix: string }, processes: MarketProcesses, extra: Partial<ServerConfig> = {}): ServerConfig {
  return { ...readConfig({}), databaseUrl: schemaUrl, realtimeBus: bus, marketProcesses: processes, marketMakers: false, logLevel: 'silent', ...extra };
}

/**
 * A cluster node's web part beside the server (startServer with `node`: every route and the
 * sockets, no market of its own: spot's orders and the products' calls go to their entries'
 * holders) on a free port, with a data directory of its own.
 */
export async function startWebNode(schemaUrl: string | undefined, bus: { url: string; prefix: string }, processes: MarketProcesses, extra: Partial<ServerConfig> = {}): Promise<RunningServer & { stopAll(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'openex-web-node-'));
  const web = await startServer(asNode({ ...besideServer(schemaUrl, bus, processes, extra), port: 0, host: '127.0.0.1', dataDir, clientDir: join(dataDir, 'none'), p2pMerchants: false }));
  return {
    ...web,
    async stopAll() {
      await web.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
