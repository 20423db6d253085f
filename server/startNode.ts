import { createServer, type Server } from 'node:http';
import type { ServerConfig } from './config.js';
import { answerHealth } from './kernel/platform/http/health.js';
import type { StandbyHooks } from './kernel/cluster/shards/standby.js';
import { startFront, type RunningFront } from './startFront.js';
import type { EntryPool } from './kernel/cluster/shards/entryPool.js';
import { joinMarketPool } from './startMarkets.js';
import { startServer, type RunningServer } from './start.js';

export interface RunningNode {
  /** The front's address (PORT): where the load balancer sends traffic. */
  url: string | undefined;
  /** The server, once this node holds its lease (it may never: another node's server serves). */
  server(): RunningServer | undefined;
  stop(): Promise<void>;
}

/**
 * A cluster node (docs/ARCHITECTURE.md "Scale-out: identical nodes"): what `npm start` runs with
 * DATABASE_URL and REALTIME_BUS_URL, the same on every machine. Each role in `config.roles`:
 * - `server`: the accounts, wallet, products and timed work that run once, on SERVER_PORT — held by
 *   one node at a time through its lease; on the others it stands by and takes over, as a restart
 *   would, the moment the holder's lease lapses (standby.ts);
 * - `markets`: a member of the pool that shares MARKET_PROCESSES' entries (entryPool.ts);
 * - `front`: an HTTP front and realtime edge on PORT, serving every node's traffic alike: the hot
 *   calls itself, the rest passed on to wherever the serving server says it listens (its beat in
 *   the owners hash).
 * So every node serves traffic, and the loss of any one costs a lease's takeover, not a service.
 *
 * Start order: the server first — the node that takes its lease runs the migrations every other
 * role needs; a node that stands by finds them done — then the pool, then the front (which listens
 * once it has read the owners).
 */
export async function startNode(config: ServerConfig, hooks: Pick<StandbyHooks, 'onLeaseLost'> = {}): Promise<RunningNode> {
  const roles = config.roles ?? ['server'];
  const log = (line: string) => console.log(`[node] ${line}`);
  let stopping = false;
  let server: RunningServer | undefined;
  /** From the moment this node's server takes the lease (before its start): its pool share counts it. */
  let holdsServer = false;
  let serverStart: Promise<RunningServer | undefined> | undefined;
  if (roles.includes('server')) {
    let standingBy!: () => void;
    const stoodBy = new Promise<void>((resolve) => (standingBy = resolve));
    serverStart = startServer({ ...config, port: config.serverPort ?? 0 }, undefined, {
      onLeaseLost: hooks.onLeaseLost,
      stopped: () => stopping,
      onStandby: standingBy,
      onLease: () => (holdsServer = true),
    }).then(
      (started) => {
        if (!stopping) log(`the server runs here, on ${started.url}`);
        return (server = started);
      },
      (error: unknown) => {
        // Asked to stop while standing by: not a failure.
        if (stopping) return undefined;
        throw error;
      },
    );
    // The holder's start (migrations included) before anything else; a standby's wait goes on behind.
    await Promise.race([serverStart, stoodBy]);
  }
  let pool: EntryPool | undefined;
  let front: RunningFront | undefined;
  let health: Server | undefined;
  const stop = async () => {
    stopping = true;
    await front?.stop();
    if (health) await new Promise<void>((resolve) => health!.close(() => resolve()));
    await pool?.stop();
    await (await serverStart?.catch(() => undefined))?.stop();
  };
  try {
    if (roles.includes('markets')) pool = await joinMarketPool(config, { ...hooks, carried: roles.includes('server') ? () => (holdsServer ? 1 : 0) : undefined });
    if (roles.includes('front')) front = await startFront({ ...config, frontPort: config.port });
    // A node without a front (ROLES=markets) still answers a balancer's and Prometheus's questions on
    // PORT: /readyz is 503 while its pool holds no entry, /metrics shows which leases it holds.
    else health = await answerHealthOn(config, () => (pool?.held().length ?? 0) > 0 || server !== undefined);
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  // A server start that fails later (its takeover) ends the node: started again, it stands by anew.
  serverStart?.catch((error: unknown) => {
    console.error('[node] the server failed to start', error);
    process.exitCode = 1;
    void stop().finally(() => process.exit(1));
  });
  return { url: front?.url, server: () => server, stop };
}

async function answerHealthOn(config: ServerConfig, ready: () => boolean): Promise<Server> {
  const health = createServer((request, response) => {
    if (!answerHealth(request, response, ready)) response.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    health.once('error', reject);
    health.listen(config.port, config.host, resolve);
  });
  return health;
}
