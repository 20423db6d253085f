import { randomUUID } from 'node:crypto';
import { followListedPairs, listPairs, pairOpenings } from './kernel/platform/catalogue.js';
import type { Database } from './kernel/platform/db/database.js';
import { openPostgres, withApplicationName } from './kernel/platform/db/postgres.js';
import { listenForCacheChanges } from './kernel/platform/caches.js';
import { pendingPreparation, untilPrepared } from './kernel/platform/db/migrate.js';
import { firstAnswer, type Kernel, type ProductParts, type ServerProduct } from './kernel/platform/product.js';
import { ChannelRegistry } from './kernel/platform/realtime/channels.js';
import { openClusterRedis } from './kernel/cluster/bus/cluster.js';
import { ownEntry } from './kernel/cluster/bus/owner.js';
import { entryQueue, serveCommands } from './kernel/cluster/shards/commandServer.js';
import { marketsOf, processOf, productMarket, runsSpot } from './kernel/cluster/shards/processes.js';
import { marketOwnership } from './kernel/cluster/shards/ownership.js';
import { takeFirstLease, type ProcessLease, type StandbyHooks } from './kernel/cluster/shards/standby.js';
import { joinEntryPool, type EntryPool } from './kernel/cluster/shards/entryPool.js';
import { fenceWrites, whenLeaseLost } from './kernel/cluster/shards/fence.js';
import { answerProductCall } from './kernel/cluster/shards/productCalls.js';
import { productsApartOf } from './kernel/cluster/shards/productsApart.js';
import { productHttp } from './kernel/platform/http/app.js';
import { productChannels } from './products/channels.js';
import { PRODUCTS } from './products/index.js';
import { accountRules } from './kernel/platform/ledger/accountRules.js';
import type { ServerConfig } from './config.js';
import { spot } from './products/spot/product.js';

export interface RunningMarketProcess {
  name: string;
  /** Its connections' application_name: this run of the process. */
  instance: string;
  /** What its entry of MARKET_PROCESSES names: spot markets, and products that run apart (futures). */
  markets: readonly string[];
  db: Database;
  /** What a new subscriber to one of its channels would get now (what it writes to the snapshots hash). */
  snapshot(channel: string): object | undefined;
  /**
   * Finishes what it took and hands the lease over. `handover`: another process of the pool takes
   * the entry at once (entryPool.ts), so its beat is left to lapse, not struck — its followers keep
   * sending, and the commands wait in the queue for the new holder instead of being refused meanwhile.
   */
  stop(options?: { handover?: boolean }): Promise<void>;
}

/**
 * Fewer connections than the server's: the pipelines of a few markets.
 */
const MARKET_PROCESS_POOLS = { pool: 8, planOnce: 4 };

/**
 * A market process (docs/ARCHITECTURE.md "Scale-out: market processes" and "… product processes"):
 * what an entry of MARKET_PROCESSES runs — spot markets (their sequencers, books, candles and
 * market makers: those it names, or every other pair for `*`) and whole products that run apart
 * (futures, seconds contracts, P2P) — and nothing else: no port, no sockets. Every node's web part
 * sends it the orders and cancels for its markets, and its products' HTTP calls, through its
 * entry's command queue; what its markets and products publish, and its user notices, go to every
 * socket through the sockets stream (bus/owner.ts), its answers to each caller's reply stream.
 *
 * Composition: database (no migrations: a web part prepares the schema) → cluster → the
 * products with a kernel whose publish and user feed are the entry's owner side → the products' HTTP app (never
 * listening) → each product's lock → prepare (each market's lock, then its book) → its snapshots
 * and first beat → commands → start (market makers and timers).
 */
export async function startMarketProcess(
  given: ServerConfig,
  catalogue: readonly ServerProduct[] = PRODUCTS,
  standby: StandbyHooks = {},
): Promise<RunningMarketProcess> {
  // MARKET_PROCESS names the entry this process runs; without it, the process takes whichever entry
  // is free (identical processes spread over MARKET_PROCESSES, the rest stand by for all of them).
  const candidates = given.marketProcess ? [given.marketProcess] : [...(standby.among ?? given.marketProcesses?.keys() ?? [])];
  if (candidates.length === 0 || candidates.some((c) => !given.marketProcesses?.has(c)))
    throw new Error(`MARKET_PROCESS must name an entry of MARKET_PROCESSES (${[...(given.marketProcesses?.keys() ?? [])].join(', ') || 'none'})`);
  if (!given.realtimeBus) throw new Error('A market process needs REALTIME_BUS_URL (the Redis its server follows)');
  if (!given.databaseUrl) throw new Error("A market process needs DATABASE_URL (its server's PostgreSQL)");
  const waiting = given.marketProcess ?? 'any entry';
  const waitLog: Kernel['log'] = {
    info: (line) => console.log(`[market process ${waiting}] ${line}`),
    error: (message, error) => console.error(`[market process ${waiting}] ${message}`, error ?? ''),
  };
  // Each process's connections carry its own name (pg_stat_activity shows who holds what; a test cuts
  // one process off from the database by it).
  const instance = `openex-market-${randomUUID().slice(0, 8)}`;
  const shared = await openPostgres(withApplicationName(given.databaseUrl, instance), MARKET_PROCESS_POOLS);
  // On a fresh database a web part may still be preparing it: the lease table and every table the
  // markets rebuild from come with its migrations, the pairs with its seed. (A pool member asks
  // once, before its take: joinMarketPool.)
  const migrated =
    standby.once ||
    (await untilPrepared(shared, {
      stopped: standby.stopped,
      onWait: (pending) => waitLog.info(`waiting for the database to be prepared (${pending.length} steps to go)`),
    }).catch(async (error: unknown) => {
      await shared.close();
      throw error;
    }));
  if (!migrated) {
    await shared.close();
    throw new Error(`stopped while waiting for the database to be prepared`);
  }
  // One process runs an entry; any other started for it stands by here until the lease is its own,
  // and then reads everything (pairs listed meanwhile included) as a restart would.
  const lease = await standByFor(shared, candidates, waitLog, standby);
  const name = lease.entry;
  // From here on the process is the entry it holds, for every product that asks which it is.
  const config: ServerConfig & { realtimeBus: NonNullable<ServerConfig['realtimeBus']> } = { ...given, marketProcess: name, realtimeBus: given.realtimeBus };
  const entry = config.marketProcesses!.get(name)!;
  const log: Kernel['log'] = {
    info: (line) => console.log(`[market process ${name}] ${line}`),
    error: (message, error) => console.error(`[market process ${name}] ${message}`, error ?? ''),
  };
  // Every write is fenced by the lease's epoch (fence.ts): once another process has taken the
  // entry, this one's next write is refused and it stops.
  let stopOnLoss: (() => Promise<void>) | undefined;
  const db = fenceWrites(shared, lease, whenLeaseLost(standby, (message) => log.error(message, undefined), () => stopOnLoss?.()));
  const listed = await listPairs(db).catch(async (error: unknown) => {
    await lease.release();
    await db.close();
    throw new Error(`no exchange schema at DATABASE_URL (start a web node first): ${error instanceof Error ? error.message : String(error)}`);
  });
  // Its spot markets: those its entry names, or, the entry of every other pair (`*`), each pair no
  // other entry names, those listed while it runs too.
  const runsMarket = (symbol: string) => processOf(config.marketProcesses!, symbol) === name;
  // Spot for its markets, and the products it names (futures), each whole.
  let apart: ServerProduct[];
  try {
    apart = productsApartOf(config, catalogue, name);
  } catch (error) {
    await lease.release();
    await db.close();
    throw error;
  }
  const unknown = marketsOf(config.marketProcesses!, name).filter((symbol) => !listed.some((p) => `${p.left_symbol}_${p.right_symbol}` === symbol && p.trade_status === 1));
  if (unknown.length > 0) log.error(`not listed for trading, so not run here: ${unknown.join(', ')}`, undefined);

  // What its products hold of rows another process may change (the halts, the fee rates) is forgotten when that one says so.
  const stopHearing = await listenForCacheChanges(db).catch(async (error: unknown) => {
    await lease.release();
    await db.close();
    throw error;
  });
  const cluster = openClusterRedis(config.realtimeBus, instance, log.error);
  const parts: ProductParts[] = [];
  const snapshot = (channel: string) => firstAnswer(parts, (part) => part.snapshot?.(channel));
  // What a follower can subscribe to: the channels of the pairs this process runs (every contract pair's, with futures).
  const runsFutures = apart.some((p) => p.id === 'futures');
  const channels = new ChannelRegistry(listed.filter((p) => runsMarket(`${p.left_symbol}_${p.right_symbol}`) || (runsFutures && p.contract_status === 1)), productChannels);
  const owner = ownEntry(cluster, name, { channels: () => channels.list(), snapshot }, log.error, lease.epoch);
  // A pair its entry names, listed while it runs (through any node), opens here (kernel/platform/catalogue.ts).
  const pairs = pairOpenings(log.error);
  const unfollowPairs = await followListedPairs(db, pairs, log.error);
  const kernel: Kernel = {
    config,
    db,
    // Read here and pushed to the user's sockets wherever they are; who listens is what the socket-serving processes report.
    userFeed: owner.userFeed,
    log,
    accounts: accountRules(catalogue.map((p) => p.accounts), log.error, catalogue.map((p) => p.walletAccounts)),
    pairs,
    publish: owner.publish,
  };
  if (runsSpot(config.marketProcesses!, name)) {
    parts.push(await spot.create(kernel));
    // Its channels for a pair listed while it runs (the market opens in spot: openAnnouncedPairs).
    pairs.onOpened(({ left, right }) => {
      if (runsMarket(`${left}_${right}`)) channels.addSpotPair(left, right);
    });
  }
  const apartParts: ProductParts[] = [];
  for (const product of apart) apartParts.push(await product.create(kernel));
  parts.push(...apartParts);
  // The products' calls, sent by the server and the fronts over the bus, go through their own
  // routes here (productCalls.ts); this HTTP app never listens.
  const app = apart.length > 0 ? await productHttp(config, db, apartParts, { trustedProxies: config.trustedProxies }) : undefined;
  const productLocks = marketOwnership(db);
  try {
    await productLocks.claim('product', apart.map((p) => p.id));
    await app?.ready();
    for (const part of parts) await part.prepare?.();
  } catch (error) {
    await app?.close();
    await productLocks.release();
    await lease.release();
    await cluster.close();
    await stopHearing();
    await db.close();
    throw error;
  }
  // Its snapshots and first beat, then the command queue: what waits there (sent while no holder
  // ran) is taken now if its caller still waits.
  await owner.announce();
  const productMarkets = new Set(apart.map((p) => productMarket(p.id)));
  const commands = await serveCommands(
    entryQueue(cluster, name, instance, log.error),
    (market, command) => (app && productMarkets.has(market) ? answerProductCall(app, command) : firstAnswer(parts, (part) => part.command?.(market, command))),
    owner.reply,
    log.error,
  );
  for (const part of parts) await part.start?.();
  log.info(`running ${entry.join(', ')}`);

  let stopping: Promise<void> | undefined;
  const stop = (options: { handover?: boolean } = {}) =>
    (stopping ??= (async () => {
      // What was taken is finished and answered before the connection closes; what comes after
      // waits in the queue for the next holder (the followers, seeing it gone, send none meanwhile).
      await commands.stop();
      unfollowPairs();
      for (const part of [...parts].reverse()) await part.stop?.();
      await owner.stop({ strike: !options.handover });
      await app?.close();
      await productLocks.release();
      await lease.release();
      await cluster.close();
      await stopHearing();
      await db.close();
    })());
  stopOnLoss = stop;
  return { name, instance, markets: entry, db, snapshot, stop };
}

/**
 * A member of the pool of identical market processes (no MARKET_PROCESS): it runs its share of
 * MARKET_PROCESSES' entries, each as startMarketProcess runs one, and hands entries over or takes
 * them as members come and go (kernel/cluster/shards/entryPool.ts).
 */
export async function joinMarketPool(
  given: ServerConfig,
  hooks: Pick<StandbyHooks, 'onLeaseLost'> = {},
  catalogue: readonly ServerProduct[] = PRODUCTS,
): Promise<EntryPool> {
  const entries = [...(given.marketProcesses?.keys() ?? [])];
  if (entries.length === 0) throw new Error('A pool of market processes needs MARKET_PROCESSES');
  if (!given.databaseUrl) throw new Error("A market process needs DATABASE_URL (its server's PostgreSQL)");
  const member = `openex-market-pool-${randomUUID().slice(0, 8)}`;
  const db = await openPostgres(withApplicationName(given.databaseUrl, member), { pool: 1, planOnce: 1 });
  const log = (message: string, error?: unknown) => (error === undefined ? console.log(`[${member}] ${message}`) : console.error(`[${member}] ${message}`, error));
  let toldWaiting = false;
  const take = async (free: string[]) => {
    // A node joins at once: on a fresh database a web part may still be preparing it. Nothing is
    // taken until it is done (the pool looks again next tick).
    const pending = await pendingPreparation(db);
    if (pending.length > 0) {
      if (!toldWaiting) log(`waiting for the database to be prepared (${pending.length} steps to go)`);
      toldWaiting = true;
      return undefined;
    }
    try {
      return await startMarketProcess({ ...given, marketProcess: undefined }, catalogue, { ...hooks, once: true, among: free });
    } catch (error) {
      if (error instanceof NothingFree) return undefined;
      throw error;
    }
  };
  const pool = await joinEntryPool(db, entries, take, log).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  return {
    held: pool.held,
    async stop() {
      await pool.stop();
      await db.close();
    },
  };
}

/**
 * Waits for an entry's lease (standby.ts) and raises its fencing token; a process asked to stop
 * while it waits starts nothing.
 */
async function standByFor(db: Database, entries: readonly string[], log: Kernel['log'], hooks: StandbyHooks): Promise<ProcessLease> {
  const lease = await takeFirstLease(db, entries, {
    fenced: true,
    once: hooks.once,
    stopped: hooks.stopped,
    onStandby: () => {
      log.info(`standing by: other processes run ${entries.join(', ')}; taking over the first whose lease lapses`);
      hooks.onStandby?.();
    },
  }).catch(async (error: unknown) => {
    await db.close();
    // The lease's table and fence come with the server's migrations (030).
    const noSchema = ['42P01', '42883'].includes(String((error as { code?: unknown } | null)?.code));
    throw noSchema ? new Error(`no exchange schema at DATABASE_URL (start a web node first): ${(error as Error).message}`) : error;
  });
  if (lease) return lease;
  await db.close();
  throw hooks.once ? new NothingFree(entries) : new Error(`stopped while standing by for ${entries.join(', ')}`);
}

/** Asked to take one of `entries` once (StandbyHooks.once), and every one is held by another process. */
export class NothingFree extends Error {
  constructor(readonly entries: readonly string[]) {
    super(`every one of ${entries.join(', ')} is held by another process`);
  }
}
