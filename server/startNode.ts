import { createServer, type Server } from 'node:http';
import type { ServerConfig } from './config.js';
import { answerHealth } from './kernel/platform/http/health.js';
import type { StandbyHooks } from './kernel/cluster/shards/standby.js';
import type { EntryPool } from './kernel/cluster/shards/entryPool.js';
import { withDefaultEntries } from './kernel/cluster/shards/processes.js';
import { joinMarketPool } from './startMarkets.js';
import { startServer, type RunningServer } from './start.js';
import { PRODUCTS } from './products/index.js';

export interface RunningNode {
  /** Where it serves the routes and sockets (PORT): what the load balancer sends traffic to. */
  url: string | undefined;
  web: RunningServer | undefined;
  /** The entries its pool holds now. */
  held(): readonly string[];
  stop(): Promise<void>;
}

/**
 * A cluster node (docs/ARCHITECTURE.md "Scale-out: identical nodes"; docs/DEPLOY.md), the same on every machine, with
 * two roles (ROLES, both unless pinned): `web`, every route and the sockets on PORT; `markets`, a member of the pool
 * that holds the entries. The web part starts first: the first node on a fresh database migrates it under the
 * migrations' lock, the others wait there.
 */
export async function startNode(config: ServerConfig, hooks: Pick<StandbyHooks, 'onLeaseLost'> = {}): Promise<RunningNode> {
  const roles = config.roles ?? ['web', 'markets'];
  const nodeConfig = asNode(config);
  let web: RunningServer | undefined;
  let pool: EntryPool | undefined;
  let health: Server | undefined;
  const stop = async () => {
    await web?.stop();
    if (health) await new Promise((resolve) => health!.close(resolve));
    await pool?.stop();
  };
  try {
    if (roles.includes('web')) web = await startServer(nodeConfig, PRODUCTS, hooks);
    if (roles.includes('markets')) pool = await joinMarketPool(nodeConfig, hooks);
    // A markets-only node still answers on PORT: /readyz 503 while its pool holds nothing, /metrics its leases.
    if (!web) {
      const server = (health = createServer((request, response) => answerHealth(request, response, () => (pool?.held().length ?? 0) > 0) || response.writeHead(404).end()));
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(config.port, config.host, resolve));
    }
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return { url: web?.url, web, held: () => pool?.held() ?? [], stop };
}

/** A node's configuration: every market and engine an entry (withDefaultEntries). */
const apartIds = PRODUCTS.filter((p) => p.apart).map((p) => p.id);
export const asNode = (config: ServerConfig): ServerConfig => ({ ...config, marketProcesses: withDefaultEntries(config.marketProcesses ?? new Map(), apartIds), node: true });
