import type { ChildProcess } from 'node:child_process';
import { startUntilUp } from '../../tests/system/serverProcess.js';
import { marketPool } from '../../tests/system/cluster.js';
import { freePort } from './load.js';
import { parseMarketProcesses, withDefaultEntries } from '../../server/kernel/cluster/shards/processes.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The scale-out mode's other processes beside the bench's server, on its Redis and its database,
 * each `npm start` pinned with ROLES: BENCH_EDGES=N (or BENCH_FRONTS=N) nodes with only the web part
 * for the subscribers (or the load) to connect to, and BENCH_MARKET_PROCESSES=N (or BENCH_POOL=N)
 * nodes with only a market pool that share the bench's markets (docs/ARCHITECTURE.md "Scale-out:
 * identical nodes", "… market processes" and "… standbys and takeover").
 */
export interface Child {
  url: string;
  child: ChildProcess;
}

export interface ScaleOutEnv {
  databaseUrl: string;
  busUrl: string;
  busPrefix: string;
  /** MARKET_PROCESSES, which edges follow too. */
  marketProcesses?: string;
}

export async function startEdges(count: number, env: ScaleOutEnv): Promise<Child[]> {
  // BENCH_EDGE_PUSH_INTERVAL_MS: the edges' push interval alone (PUSH_INTERVAL_MS reaches the server too).
  return startFronts(count, env, process.env.BENCH_EDGE_PUSH_INTERVAL_MS ? { PUSH_INTERVAL_MS: process.env.BENCH_EDGE_PUSH_INTERVAL_MS } : {});
}

/**
 * BENCH_FRONTS=N nodes with only the web part (ROLES=web; docs/ARCHITECTURE.md "Scale-out: identical
 * nodes"): the load's orders go to them, and the subscribers connect to them when there is no edge.
 * They serve every route themselves and send the orders to the markets' entries.
 */
export async function startFronts(count: number, env: ScaleOutEnv, more: Record<string, string> = {}): Promise<Child[]> {
  const fronts: Child[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'openex-bench-web-'));
    const { child } = await startUntilUp(`web ${i}`, { ...busAndDatabase(env), ROLES: 'web', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: join(dataDir, 'no-client'), ...more }, /cluster node is up/);
    fronts.push({ url: `http://127.0.0.1:${port}`, child });
  }
  return fronts;
}

/**
 * MARKET_PROCESSES for `count` processes sharing `symbols` round-robin, the last also running every
 * other pair and the products that run apart (what a cluster node would give entries of their own),
 * so the bench's server runs no market and the processes are all there is: m1=BTC_USDT;m2=ETH_USDT,*,futures,seconds,fiat.
 */
export function marketProcessesSetting(count: number, symbols: readonly string[]): string {
  const names = Array.from({ length: count }, (_, i) => `m${i + 1}`);
  return names.map((name, i) => `${name}=${[...symbols.filter((_, j) => j % count === i), ...(i === count - 1 ? ['*', 'futures', 'seconds', 'fiat'] : [])].join(',')}`).join(';');
}

/** As many market nodes as MARKET_PROCESSES has entries, one entry each once the pool settles (the server must be up: it owns the schema). */
export const startMarketProcesses = (setting: string, env: ScaleOutEnv & { marketMakers: string }): Promise<Child[]> => startPool(setting.split(';').length, setting, env);

/**
 * `count` nodes with only a market pool (ROLES=markets) sharing `setting`'s entries (kernel/cluster/shards/
 * entryPool.ts); answers once every entry is held and none is held twice over its share.
 */
export async function startPool(count: number, setting: string, env: ScaleOutEnv & { marketMakers: string }): Promise<Child[]> {
  const entries = entriesOf(setting);
  // The chaos test's way to start a member and read what it holds (tests/system/cluster.ts).
  const pool = marketPool({ ...busAndDatabase({ ...env, marketProcesses: setting }), MARKET_MAKERS: env.marketMakers });
  const members = [];
  for (let i = 0; i < count; i++) members.push(await pool.start());
  await poolSettled(members.map((m) => m.output), entries);
  return members.map((m) => ({ url: '', child: m.child }));
}

/** `count` more cluster nodes (server/startNode.ts) beside the bench's first one, each on its own PORT; resolves once each serves. */
export async function startNodes(count: number, env: ScaleOutEnv & { marketMakers: string }): Promise<Array<Child & { output(): string }>> {
  const nodes: Array<Child & { output(): string }> = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'openex-bench-node-'));
    const { child, output } = await startUntilUp(`node ${i + 2}`, { ...busAndDatabase(env), ...NODE_ENV, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: join(dataDir, 'no-client'), LOG_LEVEL: 'warn', MARKET_MAKERS: env.marketMakers }, /cluster node is up/);
    nodes.push({ url: `http://127.0.0.1:${port}`, child, output });
  }
  return nodes;
}

/** What makes `npm start` a cluster node here (ROLES unset: both). */
export const NODE_ENV = { ROLES: '', TRUSTED_PROXIES: '127.0.0.1' };

/**
 * The entries of MARKET_PROCESSES `setting` a cluster's pools share: the setting's and the defaults
 * a node adds (kernel/cluster/shards/processes.ts withDefaultEntries).
 */
export const entriesOf = (setting: string): string[] => [...withDefaultEntries(parseMarketProcesses(setting), ['futures', 'seconds', 'fiat']).keys()];

/**
 * Until the pool members whose logs are `outputs` hold every one of `entries`, none over its share
 * (each says what it holds: kernel/cluster/shards/entryPool.ts).
 */
export async function poolSettled(outputs: ReadonlyArray<() => string>, entries: readonly string[]): Promise<void> {
  const pool = marketPool({});
  const share = Math.ceil(entries.length / outputs.length);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const held = outputs.map((output) => pool.heldBy({ output }));
    if (held.flat().length === entries.length && held.every((h) => h.length <= share)) return;
    if (Date.now() > deadline) throw new Error(`the pool did not settle: ${JSON.stringify(held)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const busAndDatabase = (env: ScaleOutEnv) => ({
  DATABASE_URL: env.databaseUrl,
  REALTIME_BUS_URL: env.busUrl,
  REALTIME_BUS_PREFIX: env.busPrefix,
  ...(env.marketProcesses ? { MARKET_PROCESSES: env.marketProcesses } : {}),
});
