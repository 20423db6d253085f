import type { Database, Queryable } from '../db/database.js';
import { openPostgres } from '../db/postgres.js';
import { leaseHeld } from '../observability/metrics.js';

/**
 * A process's lease on its entry of MARKET_PROCESSES (docs/ARCHITECTURE.md "Scale-out: standbys
 * and takeover"): any number of processes may start as the same entry; one holds the lease and
 * runs the entry's markets and products, the others stand by. The lease is a session-level
 * advisory lock on a connection of its own, so it lapses the moment its holder's connection ends
 * — a process killed with -9, or one cut off from PostgreSQL — and is handed over at once by a
 * holder that stops (SIGTERM: `release`, `pg_advisory_unlock_all` before the connection closes).
 * A standby asks again every `pollMs` and, once it holds the lease, starts the entry the way a
 * restart would: its books and positions rebuilt from committed rows, then `hello` on the bus, so
 * every follower syncs and the callers whose commands the lost holder never answered are told at
 * once (CommandClient.abandon).
 *
 * The markets' and products' own locks (ownership.ts) stay beneath this one: they are what proves,
 * market by market, that no two books ever run at once, whatever the leases do.
 */
export interface ProcessLease {
  /** Hands the lease over (the process stops): a standby takes it within its poll interval. */
  release(): Promise<void>;
}

/** How often a standby asks for the lease: the bound on how long a takeover waits after the holder is gone. */
export const STANDBY_POLL_MS = 100;

/** The lease's lock: its own class (7302; markets' locks are 7301), keyed by entry and schema. */
const LEASE_KEY = `hashtext(current_schema() || ':process:' || $1)`;

/**
 * Waits until this process holds `entry`'s lease. `onStandby` is told once if another process
 * holds it now; `stopped` ends the wait (the process is stopping): then it answers undefined.
 * Where the database has one client only (PGlite inside the process) there is nothing to share.
 */
export async function takeLease(
  db: Database,
  entry: string,
  options: { onStandby?: () => void; stopped?: () => boolean; pollMs?: number } = {},
): Promise<ProcessLease | undefined> {
  if (!db.session) return { release: async () => undefined };
  const session = await db.session();
  let told = false;
  for (;;) {
    if (options.stopped?.()) {
      await session.close();
      return undefined;
    }
    if (await tryLease(session, entry)) {
      leaseHeld.set({ entry }, 1);
      return {
        release: async () => {
          leaseHeld.set({ entry }, 0);
          await handOver(session);
        },
      };
    }
    leaseHeld.set({ entry }, 0);
    if (!told) options.onStandby?.();
    told = true;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? STANDBY_POLL_MS));
  }
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
    async release() {
      await lease.release();
      await db.close();
    },
  };
}
