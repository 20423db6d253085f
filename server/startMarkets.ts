import { randomUUID } from 'node:crypto';
import { followListedPairs, listPairs, pairOpenings } from './kernel/platform/catalogue.js';
import { openPostgres, poolSizes, withApplicationName } from './kernel/platform/db/postgres.js';
import type { Database } from './kernel/platform/db/database.js';
import { listenForCacheChanges } from './kernel/platform/caches.js';
import { pendingPreparation } from './kernel/platform/db/migrate.js';
import { firstAnswer, type Kernel, type ProductParts } from './kernel/platform/product.js';
import { ChannelRegistry } from './kernel/platform/realtime/channels.js';
import { openClusterRedis } from './kernel/cluster/bus/cluster.js';
import { ownEntry } from './kernel/cluster/bus/owner.js';
import { entryQueue, serveCommands } from './kernel/cluster/bus/commandQueue.js';
import { marketsOf, processOf, productMarket, productsApartOf, runsSpot } from './kernel/cluster/shards/processes.js';
import { marketOwnership } from './kernel/cluster/shards/ownership.js';
import { fenceWrites, takeLease, whenLeaseLost, type StandbyHooks } from './kernel/cluster/shards/standby.js';
import { joinEntryPool, type EntryPool, type HeldEntry } from './kernel/cluster/shards/entryPool.js';
import { answerProductCall } from './kernel/cluster/shards/productCalls.js';
import { productHttp } from './kernel/platform/http/app.js';
import { productChannels } from './products/channels.js';
import { PRODUCTS } from './products/index.js';
import { accountRules } from './kernel/platform/ledger/accountRules.js';
import type { ServerConfig } from './config.js';
import { spot } from './products/spot/product.js';

/** An entry's holder as it runs (entryPool.ts's HeldEntry). */
export interface RunningMarketProcess extends HeldEntry {
  /** Its connections' application_name: this run of the process. */
  instance: string;
  db: Database;
  snapshot(channel: string): object | undefined;
}

/**
 * An entry's holder (docs/ARCHITECTURE.md "Scale-out: market processes", "… product processes"): its spot markets and
 * the products it runs apart, no port, no sockets. Commands come through its queue; it publishes to the sockets stream.
 * It takes the first of `entries` that no process holds (none: undefined). Order: lease → fenced database → products →
 * each product's and market's lock, books (prepare) → snapshots and first beat → commands → start.
 */
export async function startMarketProcess(given: ServerConfig, entries: readonly string[], hooks: Pick<StandbyHooks, 'onLeaseLost'> = {}): Promise<RunningMarketProcess | undefined> {
  const all = given.marketProcesses ?? new Map<string, string[]>();
  // Its own application_name: pg_stat_activity shows who holds what (a test cuts one process off by it).
  const instance = `openex-market-${randomUUID().slice(0, 8)}`;
  const shared = await openPostgres(withApplicationName(given.databaseUrl!, instance), poolSizes(given.databasePoolSize, { pool: 8, planOnce: 4 }));
  // Closed in reverse by a start that fails and by the stop.
  const opened: Array<() => unknown> = [() => shared.close()];
  const closeAll = async () => {
    for (const close of opened.splice(0).reverse()) await close();
  };
  try {
    const lease = await takeLease(shared, entries, { fenced: true, once: true });
    if (!lease) return void (await closeAll());
    opened.push(() => lease.release());
    const name = lease.entry;
    const config = { ...given, marketProcess: name };
    const log: Kernel['log'] = { info: (line) => console.log(`[market process ${name}] ${line}`), error: (message, error) => console.error(`[market process ${name}] ${message}`, error ?? '') };
    let stopOnLoss: (() => Promise<void>) | undefined;
    const db = fenceWrites(shared, lease, whenLeaseLost(hooks, (message) => log.error(message, undefined), () => stopOnLoss?.()));
    const listed = await listPairs(db);
    const runsMarket = (symbol: string) => processOf(all, symbol) === name;
    const apart = productsApartOf(config, PRODUCTS, name);
    const unknown = marketsOf(all, name).filter((symbol) => !listed.some((p) => `${p.left_symbol}_${p.right_symbol}` === symbol && p.trade_status === 1));
    if (unknown.length > 0) log.error(`not listed for trading, so not run here: ${unknown.join(', ')}`, undefined);
    opened.push(await listenForCacheChanges(db));
    const cluster = openClusterRedis(given.realtimeBus!, instance, log.error);
    opened.push(() => cluster.close());
    const parts: ProductParts[] = [];
    const snapshot = (channel: string) => firstAnswer(parts, (part) => part.snapshot?.(channel));
    const runsFutures = apart.some((p) => p.id === 'futures');
    const channels = new ChannelRegistry(listed.filter((p) => runsMarket(`${p.left_symbol}_${p.right_symbol}`) || (runsFutures && p.contract_status === 1)), productChannels);
    const owner = ownEntry(cluster, name, { channels: () => channels.list(), snapshot }, lease.epoch);
    const pairs = pairOpenings(log.error);
    opened.push(await followListedPairs(db, pairs, log.error));
    const accounts = accountRules(PRODUCTS.map((p) => p.accounts), log.error, PRODUCTS.map((p) => p.walletAccounts));
    const kernel: Kernel = { config, db, userFeed: owner.userFeed, log, accounts, pairs, publish: owner.publish };
    if (runsSpot(all, name)) {
      parts.push(await spot.create(kernel));
      pairs.onOpened(({ left, right }) => {
        if (runsMarket(`${left}_${right}`)) channels.addSpotPair(left, right);
      });
    }
    const apartParts: ProductParts[] = [];
    for (const product of apart) apartParts.push(await product.create(kernel));
    parts.push(...apartParts);
    const productLocks = marketOwnership(db);
    opened.push(() => productLocks.release());
    // The products' calls go through their own routes here (productCalls.ts); this app never listens.
    const app = apart.length > 0 ? await productHttp(config, db, apartParts, { trustedProxies: config.trustedProxies }) : undefined;
    if (app) opened.push(() => app.close());
    await productLocks.claim('product', apart.map((p) => p.id));
    await app?.ready();
    for (const part of parts) await part.prepare?.();
    // Snapshots and first beat before the queue: what waits there is taken now if its caller still waits.
    await owner.announce();
    const productMarkets = new Set(apart.map((p) => productMarket(p.id)));
    const commands = await serveCommands(
      entryQueue(cluster, cluster.keys.commandQueue(name), instance),
      (market, command) => (app && productMarkets.has(market) ? answerProductCall(app, command) : firstAnswer(parts, (part) => part.command?.(market, command))),
      owner.reply,
    );
    for (const part of parts) await part.start?.();
    log.info(`running ${all.get(name)!.join(', ')}`);
    let stopping: Promise<void> | undefined;
    const stop = (options: { handover?: boolean } = {}) =>
      (stopping ??= (async () => {
        // What was taken is answered before the connection closes; the rest waits in the queue for the next holder.
        await commands.stop();
        for (const part of [...parts].reverse()) await part.stop?.();
        await owner.stop({ strike: !options.handover });
        await closeAll();
      })());
    stopOnLoss = stop;
    return { name, instance, db, snapshot, stop };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** A member of the pool of identical market processes (a node's `markets` role, shards/entryPool.ts). */
export async function joinMarketPool(config: ServerConfig, hooks: Pick<StandbyHooks, 'onLeaseLost'> = {}): Promise<EntryPool> {
  productsApartOf(config, PRODUCTS); // a product that cannot run apart refuses the start, not each take
  const member = `openex-market-pool-${randomUUID().slice(0, 8)}`;
  const db = await openPostgres(withApplicationName(config.databaseUrl!, member), { pool: 1, planOnce: 1 });
  const log = (message: string, error?: unknown) => (error === undefined ? console.log(`[${member}] ${message}`) : console.error(`[${member}] ${message}`, error));
  let toldWaiting = false;
  const take = async (free: string[]) => {
    // A node joins at once: on a fresh database another may still be preparing it.
    const pending = await pendingPreparation(db);
    if (pending.length === 0) return startMarketProcess(config, free, hooks);
    if (!toldWaiting) log(`waiting for the database to be prepared (${pending.length} steps to go)`);
    toldWaiting = true;
  };
  return joinEntryPool(db, [...(config.marketProcesses?.keys() ?? [])], take, log);
}
