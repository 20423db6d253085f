import type { Database, Queryable } from '../../platform/db/database.js';
import { openPostgres } from '../../platform/db/postgres.js';
import { leaseHeld } from '../../platform/observability/metrics.js';

/**
 * A process's lease on its entry of MARKET_PROCESSES (docs/ARCHITECTURE.md "Scale-out: standbys
 * and takeover"): any number of processes may start as the same entry; one holds the lease and
 * runs the entry's markets and products, the others stand by. The lease is a session-level
 * advisory lock on a connection of its own, so it lapses the moment its holder's connection ends
 * — a process killed with -9, or one cut off from PostgreSQL — and is handed over at once by a
 * holder that stops (SIGTERM: `release`, `pg_advisory_unlock_all` before the connection closes).
 * A standby asks again every `pollMs` and, once it holds the lease, starts the entry the way a
 * restart would: its books and positions rebuilt from committed rows, then its snapshots and first
 * beat (bus/owner.ts), so every follower takes it as serving, then the entry's command queue, where
 * what was sent meanwhile (and what the lost holder took and never finished) waits for it within
 * its callers' bound (commandQueue.ts).
 *
 * The markets' and products' own locks (ownership.ts) stay beneath this one: they are what proves,
 * market by market, that no two books ever run at once, whatever the leases do.
 */
export interface ProcessLease {
  /** The entry this lease is for (the one asked for, or the first free one of several). */
  readonly entry: string;
  /**
   * The fencing token: raised by one each time a process takes the entry, so a holder that lost
   * its lease without knowing it (cut off from PostgreSQL, then back) is refused by its own next
   * write (fence.ts). 0 where nothing is shared (PGlite).
   */
  readonly epoch: number;
  /** Hands the lease over (the process stops): a standby takes it within its poll interval. */
  release(): Promise<void>;
  /**
   * Raises the entry's fencing token now and answers it, for a holder that could not when it took
   * the lease (the server: its lease comes before the migrations that make process_lease).
   */
  raise?(): Promise<number>;
}

/** How often a standby asks for the lease: the bound on how long a takeover waits after the holder is gone. */
export const STANDBY_POLL_MS = 100;

/** The lease's lock: its own class (7302; markets' locks are 7301), keyed by entry and schema. */
const LEASE_KEY = `hashtext(current_schema() || ':process:' || $1)`;

export interface LeaseOptions {
  onStandby?: () => void;
  stopped?: () => boolean;
  pollMs?: number;
  /** Raise the entry's fencing token on taking it (process_lease, migration 030): market processes do. */
  fenced?: boolean;
  /** Ask each entry once and answer undefined if none is free, instead of standing by (entryPool.ts). */
  once?: boolean;
}

/**
 * Waits until this process holds `entry`'s lease. `onStandby` is told once if another process
 * holds it now; `stopped` ends the wait (the process is stopping): then it answers undefined.
 * Where the database has one client only (PGlite inside the process) there is nothing to share.
 */
export async function takeLease(db: Database, entry: string, options: LeaseOptions = {}): Promise<ProcessLease | undefined> {
  return takeFirstLease(db, [entry], options);
}

/**
 * Waits until this process holds the lease of one of `entries`, the first free one in their order
 * — so identical processes started with the same MARKET_PROCESSES spread over its entries, one
 * each, and the ones started after every entry is held stand by for all of them and take the
 * first whose holder goes.
 */
export async function takeFirstLease(db: Database, entries: readonly string[], options: LeaseOptions = {}): Promise<ProcessLease | undefined> {
  if (!db.session) return { entry: entries[0]!, epoch: 0, release: async () => undefined };
  const session = await db.session();
  let told = false;
  for (;;) {
    if (options.stopped?.()) {
      await session.close();
      return undefined;
    }
    for (const entry of entries) {
      if (!(await tryLease(session, entry))) continue;
      for (const other of entries) leaseHeld.set({ entry: other }, other === entry ? 1 : 0);
      const epoch = options.fenced ? await raiseEpoch(session, entry).catch(async (error: unknown) => {
        await handOver(session);
        throw error;
      }) : 0;
      return {
        entry,
        epoch,
        release: async () => {
          leaseHeld.set({ entry }, 0);
          await handOver(session);
        },
        raise: () => raiseEpoch(session, entry),
      };
    }
    for (const entry of entries) leaseHeld.set({ entry }, 0);
    if (options.once) {
      await session.close();
      return undefined;
    }
    if (!told) options.onStandby?.();
    told = true;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? STANDBY_POLL_MS));
  }
}

/**
 * The new holder's token. Its UPDATE waits for every write the old holder has in flight (each holds
 * the row FOR SHARE, fence.ts) and, once committed, refuses every later one.
 */
async function raiseEpoch(session: Queryable, entry: string): Promise<number> {
  const [row] = await session.query<{ epoch: string }>(
    `insert into process_lease (entry, epoch) values ($1, 1)
     on conflict (entry) do update set epoch = process_lease.epoch + 1, taken_at = now()
     returning epoch::text`,
    [entry],
  );
  return Number(row!.epoch);
}

async function tryLease(session: Queryable, entry: string): Promise<boolean> {
  const [row] = await session.query<{ taken: boolean }>(`select pg_try_advisory_lock(7302, ${LEASE_KEY}) as taken`, [entry]);
  return row?.taken === true;
}

async function handOver(session: Queryable & { close(): Promise<void> }): Promise<void> {
  // Unlocked before the connection closes: a closed connection's backend lets its locks go only
  // once it has exited, and the standby would wait for that.
  await session.query('select pg_advisory_unlock_all()').catch(() => undefined);
  await session.close();
}

/** What a process standing by is told, and how it is asked to give up waiting. */
export interface StandbyHooks {
  onStandby?: () => void;
  stopped?: () => boolean;
  /** Take a free entry, or none (NothingFree), without standing by (entryPool.ts). */
  once?: boolean;
  /** The entries to take one of, when MARKET_PROCESS names none: all of MARKET_PROCESSES unless given. */
  among?: readonly string[];
  /**
   * A write was refused: another process holds the lease now (fence.ts). Unset, the process stops
   * its work; `npm start` exits (75), so a supervisor starts it again as a standby.
   */
  onLeaseLost?: (error: Error) => void;
}

/**
 * The server's own lease (entry `server`), on a connection of its own to DATABASE_URL, taken before
 * the database is opened for work: a second server started on the same PostgreSQL stands by here —
 * no migrations, no products, no port — and starts as a restarted server would once the holder is
 * gone. Undefined when the server runs its own embedded database (nobody else can share it).
 */
export async function takeServerLease(databaseUrl: string | undefined, hooks: StandbyHooks = {}): Promise<ProcessLease | undefined> {
  if (!databaseUrl) return undefined;
  const db = await openPostgres(databaseUrl, { pool: 1, planOnce: 1 });
  const lease = await takeLease(db, 'server', hooks);
  if (!lease) {
    await db.close();
    throw new Error('stopped while standing by for the server');
  }
  return {
    entry: lease.entry,
    epoch: lease.epoch,
    async release() {
      await lease.release();
      await db.close();
    },
    raise: lease.raise,
  };
}
