import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { readConfig, type ServerConfig } from '../../server/config.js';
import { parseMarketProcesses, type MarketProcesses } from '../../server/kernel/cluster/shards/processes.js';
import { startServer, type RunningServer } from '../../server/start.js';
import { asNode } from '../../server/startNode.js';
import { startQuietServer } from './quietServer.js';

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

/**
 * Two identical cluster nodes' settings (server/startNode.ts): the schema's and bus's (`env` for
 * readConfig, REALTIME_BUS_URL added), m1=BTC_USDT, a data directory each, no makers, no log.
 */
export function clusterNodes(tag: string, env: Record<string, string | undefined>) {
  const bus = testBus(tag);
  const dirs = [mkdtempSync(join(tmpdir(), `openex-${tag}-a-`)), mkdtempSync(join(tmpdir(), `openex-${tag}-b-`))] as const;
  const config = (dataDir: string): ServerConfig => ({
    ...readConfig({ ...env, REALTIME_BUS_URL: bus.url }),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    clientDir: join(dataDir, 'none'),
    realtimeBus: bus,
    marketProcesses: parseMarketProcesses('m1=BTC_USDT'),
    logLevel: 'silent',
    marketMakers: false,
    p2pMerchants: false,
  });
  return {
    bus,
    /** Node `i`'s settings (0 or 1), each with its own data directory. */
    config: (i: 0 | 1) => config(dirs[i]),
    removeDirs() {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A scale-out describe block's server: a quiet server on a bus of its own (`tag`), started before
 * the block's tests with `overrides`. After them its `sockets` close, then `stopBeside` stops what
 * the block started beside it (processes, web nodes), then the server stops.
 */
export function useServerOnBus(tag: string, overrides: Partial<ServerConfig>, stopBeside: () => Promise<void>) {
  const bus = testBus(tag);
  const sockets: Socket[] = [];
  let running: Awaited<ReturnType<typeof startQuietServer>> | undefined;
  beforeAll(async () => {
    running = await startQuietServer(tag, { realtimeBus: bus, ...overrides });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await stopBeside();
    await running?.stop();
  });
  return {
    bus,
    sockets,
    get server() {
      return running!.server;
    },
    get schemaUrl() {
      return running!.schemaUrl;
    },
  };
}

/** Polls `check` every 50 ms until it holds, failing after `limitMs` with what was awaited (the cluster tests' waits). */
export async function within(limitMs: number, check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (const deadline = Date.now() + limitMs; !(await check()); ) {
    if (Date.now() > deadline) throw new Error(`not within ${limitMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
