import { randomUUID } from 'node:crypto';
import { followListedPairs, listPairs, pairOpenings } from './kernel/platform/catalogue.js';
import type { Database } from './kernel/platform/db/database.js';
import { openPostgres, withApplicationName } from './kernel/platform/db/postgres.js';
import { listenForCacheChanges } from './kernel/platform/caches.js';
import { pendingPreparation } from './kernel/platform/db/migrate.js';
import { firstAnswer, type Kernel, type ProductParts, type ServerProduct } from './kernel/platform/product.js';
import { ChannelRegistry } from './kernel/platform/realtime/channels.js';
import { openClusterRedis } from './kernel/cluster/bus/cluster.js';
import { ownEntry } from './kernel/cluster/bus/owner.js';
import { entryQueue, serveCommands } from './kernel/cluster/shards/commandServer.js';
import { marketsOf, processOf, productMarket, productsApartOf, runsSpot } from './kernel/cluster/shards/processes.js';
import { marketOwnership } from './kernel/cluster/shards/ownership.js';
import { takeFirstLease, type StandbyHooks } from './kernel/cluster/shards/standby.js';
import { joinEntryPool, type EntryPool } from './kernel/cluster/shards/entryPool.js';
import { fenceWrites, whenLeaseLost } from './kernel/cluster/shards/fence.js';
import { answerProductCall } from './kernel/cluster/shards/productCalls.js';
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

/** What a market process is told and asked: the entries free to take (the pool's), a lost lease. */
export type EntryHooks = Pick<StandbyHooks, 'onLeaseLost'> & { among?: readonly string[] };

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
  hooks: EntryHooks = {},
): Promise<RunningMarketProcess> {
  // The entry a test names (marketProcess), else the first of `among` (the pool's free ones) that no
  // other process took meanwhile; none free: NothingFree.
  const candidates = given.marketProcess ? [given.marketProcess] : [...(hooks.among ?? given.marketProcesses?.keys() ?? [])];
  if (candidates.length === 0 || candidates.some((c) => !given.marketProcesses?.has(c)))
    throw new Error(`A market process runs an entry of MARKET_PROCESSES (${[...(given.marketProcesses?.keys() ?? [])].join(', ') || 'none'})`);
  const { realtimeBus, databaseUrl } = given;
  if (!realtimeBus) throw new Error('A market process needs REALTIME_BUS_URL (the Redis its server follows)');
  if (!databaseUrl) throw new Error("A market process needs DATABASE_URL (its server's PostgreSQL)");
  // A name that is no product able to run apart refuses the start before anything opens.
  for (const candidate of candidates) productsApartOf(given, catalogue, candidate);
  // Each process's connections carry its own name (pg_stat_activity shows who holds what; a test cuts
  // one process off from the database by it).
  const instance = `openex-market-${randomUUID().slice(0, 8)}`;
  const shared = await openPostgres(withApplicationName(databaseUrl, instance), MARKET_PROCESS_POOLS);
  // What it has opened, closed in reverse by a start that fails and by the stop.
  const opened: Array<() => unknown> = [() => shared.close()];
  const closeAll = async () => {
    for (const close of opened.splice(0).reverse()) await close();
  };
  try {
    // Whoever takes an entry's lease runs it, reading everything (pairs listed meanwhile included)
    // as a restart would; its fencing token is raised as it takes it.
    const lease = await takeFirstLease(shared, candidates, { fenced: true, once: true });
    if (!lease) throw new NothingFree(candidates);
    opened.push(() => lease.release());
    const name = lease.entry;
    // From here on the process is the entry it holds, for every product that asks which it is.
    const config = { ...given, marketProcess: name };
    const entry = config.marketProcesses!.get(name)!;
    const log: Kernel['log'] = {
      info: (line) => console.log(`[market process ${name}] ${line}`),
      error: (message, error) => console.error(`[market process ${name}] ${message}`, error ?? ''),
    };
    // Every write is fenced by the lease's epoch (fence.ts): once another process has taken the
    // entry, this one's next write is refused and it stops.
    let stopOnLoss: (() => Promise<void>) | undefined;
    const db = fenceWrites(shared, lease, whenLeaseLost(hooks, (message) => log.error(message, undefined), () => stopOnLoss?.()));
    const listed = await listPairs(db);
    // Its spot markets: those its entry names, or, the entry of every other pair (`*`), each pair no
    // other entry names, those listed while it runs too.
    const runsMarket = (symbol: string) => processOf(config.marketProcesses!, symbol) === name;
    // Spot for its markets, and the products it names (futures), each whole.
    const apart = productsApartOf(config, catalogue, name);
    const unknown = marketsOf(config.marketProcesses!, name).filter((symbol) => !listed.some((p) => `${p.left_symbol}_${p.right_symbol}` === symbol && p.trade_status === 1));
    if (unknown.length > 0) log.error(`not listed for trading, so not run here: ${unknown.join(', ')}`, undefined);

    // What its products hold of rows another process may change (the halts, the fee rates) is forgotten when that one says so.
    opened.push(await listenForCacheChanges(db));
    const cluster = openClusterRedis(realtimeBus, instance, log.error);
    opened.push(() => cluster.close());
    const parts: ProductParts[] = [];
    const snapshot = (channel: string) => firstAnswer(parts, (part) => part.snapshot?.(channel));
    // What a follower can subscribe to: the channels of the pairs this process runs (every contract pair's, with futures).
    const runsFutures = apart.some((p) => p.id === 'futures');
    const channels = new ChannelRegistry(listed.filter((p) => runsMarket(`${p.left_symbol}_${p.right_symbol}`) || (runsFutures && p.contract_status === 1)), productChannels);
    const owner = ownEntry(cluster, name, { channels: () => channels.list(), snapshot }, log.error, lease.epoch);
    // A pair its entry names, listed while it runs (through any node), opens here (kernel/platform/catalogue.ts).
    const pairs = pairOpenings(log.error);
    opened.push(await followListedPairs(db, pairs, log.error));
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
    const productLocks = marketOwnership(db);
    opened.push(() => productLocks.release());
    // The products' calls, sent by every node's web part over the bus, go through their own routes
    // here (productCalls.ts); this HTTP app never listens.
    const app = apart.length > 0 ? await productHttp(config, db, apartParts, { trustedProxies: config.trustedProxies }) : undefined;
    if (app) opened.push(() => app.close());
    await productLocks.claim('product', apart.map((p) => p.id));
    await app?.ready();
    for (const part of parts) await part.prepare?.();
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
        for (const part of [...parts].reverse()) await part.stop?.();
        await owner.stop({ strike: !options.handover });
        await closeAll();
      })());
    stopOnLoss = stop;
    return { name, instance, markets: entry, db, snapshot, stop };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/**
 * A member of the pool of identical market processes (a node's `markets` role): it runs its share of
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
      return await startMarketProcess({ ...given, marketProcess: undefined }, catalogue, { ...hooks, among: free });
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

/** Every entry a process was to take one of is held by another process. */
export class NothingFree extends Error {
  constructor(readonly entries: readonly string[]) {
    super(`every one of ${entries.join(', ')} is held by another process`);
  }
}
