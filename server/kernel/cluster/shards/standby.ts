import type { Database, Queryable } from '../../platform/db/database.js';
import { leaseHeld } from '../../platform/observability/metrics.js';

/**
 * A process's lease on an entry (docs/ARCHITECTURE.md "Scale-out: standbys and takeover"): one of
 * MARKET_PROCESSES', the duties (duties.ts) or a single server's (start.ts): one process holds it
 * and runs the entry, the others stand by (a pool's members look at each tick, entryPool.ts; the
 * duties and a second server ask every `pollMs`). The lease is a session-level
 * advisory lock on a connection of its own, so it lapses the moment its holder's connection ends
 * — a process killed with -9, or one cut off from PostgreSQL — and is handed over at once by a
 * holder that stops (SIGTERM: `release`, `pg_advisory_unlock_all` before the connection closes).
 * Whoever takes it next starts the entry the way a restart would: its books and positions rebuilt from committed rows, then its snapshots and first
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
 * The lease of the first free one of `entries`, in their order (a pool member takes one of the free
 * entries it saw, entryPool.ts, unless another member took them first: `once`); without `once` it
 * waits as takeLease does, for whichever holder goes first.
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
  /**
   * A write was refused: another process holds the lease now (fence.ts). Unset, the process stops
   * its work; `npm start` exits (75), so a supervisor starts it again as a standby.
   */
  onLeaseLost?: (error: Error) => void;
}
