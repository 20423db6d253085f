import type { Database, Queryable } from '../../platform/db/database.js';
import { leaseHeld } from '../../platform/observability/metrics.js';

/**
 * A process's lease on an entry (docs/ARCHITECTURE.md "Scale-out: standbys and takeover"): a session-level advisory
 * lock on a connection of its own, so it lapses the moment its holder's connection ends (kill -9, cut off) and is
 * handed over at once by a holder that stops. The markets' own locks (ownership.ts) prove beneath it that no two books
 * run at once.
 */
export interface ProcessLease {
  readonly entry: string;
  /** The fencing token, raised at each take: a holder that lost its lease unawares is refused by its next write (fenceWrites). 0: PGlite. */
  readonly epoch: number;
  release(): Promise<void>;
}

/** What a process standing by is told, and how it is asked to give up waiting. */
export interface StandbyHooks {
  onStandby?: () => void;
  stopped?: () => boolean;
  /** A write was refused: another process holds the lease (fenceWrites). Unset, the process stops its work; `npm start` exits 75. */
  onLeaseLost?: (error: Error) => void;
}

export type LeaseOptions = Pick<StandbyHooks, 'onStandby' | 'stopped'> & {
  /** How often a standby asks (default 100 ms): the bound on a takeover's wait after the holder is gone. */
  pollMs?: number;
  /** Raise the entry's fencing token on taking it (process_lease, migration 030). */
  fenced?: boolean;
  /** Ask once and answer undefined if none is free, instead of standing by. */
  once?: boolean;
};

/** The lease's lock: its own class (7302; markets' locks are 7301, pool members' 7303), keyed by entry and schema. */
export const leaseKey = (entry: string) => `hashtext(current_schema() || ':process:' || ${entry})`;

/** The first free one of `entries`; unless `once`, waits for whichever holder goes first. A database of one client (PGlite) shares nothing. */
export async function takeLease(db: Database, entries: readonly string[], options: LeaseOptions = {}): Promise<ProcessLease | undefined> {
  if (!db.session) return { entry: entries[0]!, epoch: 0, release: async () => undefined };
  const session = await db.session();
  for (let told = false; !options.stopped?.(); told = true) {
    for (const entry of entries) {
      const [row] = await session.query<{ taken: boolean }>(`select pg_try_advisory_lock(7302, ${leaseKey('$1')}) as taken`, [entry]);
      if (!row?.taken) continue;
      for (const other of entries) leaseHeld.set({ entry: other }, other === entry ? 1 : 0);
      const epoch = options.fenced ? await raiseEpoch(session, entry).catch(async (error: unknown) => {
        await handOver(session);
        throw error;
      }) : 0;
      const release = () => (leaseHeld.set({ entry }, 0), handOver(session));
      return { entry, epoch, release };
    }
    for (const entry of entries) leaseHeld.set({ entry }, 0);
    if (options.once) break;
    if (!told) options.onStandby?.();
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
  }
  await session.close();
  return undefined;
}

/** Its UPDATE waits for the old holder's writes in flight (each holds the row FOR SHARE, fenceWrites), then refuses every later one. */
async function raiseEpoch(session: Queryable, entry: string): Promise<number> {
  const [row] = await session.query<{ epoch: string }>(
    `insert into process_lease (entry, epoch) values ($1, 1)
     on conflict (entry) do update set epoch = process_lease.epoch + 1, taken_at = now()
     returning epoch::text`,
    [entry],
  );
  return Number(row!.epoch);
}

/** Unlocked before the connection closes: a closed connection's backend lets its locks go only once it has exited. */
export async function handOver(session: Queryable & { close(): Promise<void> }): Promise<void> {
  await session.query('select pg_advisory_unlock_all()').catch(() => undefined);
  await session.close();
}

/** A write refused because the process no longer holds its lease: another process runs the entry now. */
export class LeaseLostError extends Error {
  constructor(readonly entry: string) {
    super(`the lease on ${entry} has passed to another process; this process no longer writes for it`);
  }
}

/**
 * The database as a lease holder writes to it (docs/ARCHITECTURE.md "Scale-out: standbys and takeover"). Its lock
 * lapses with one connection, but its others may live on, or come back after a partition, while a standby has taken
 * over. So every transaction first holds the entry's `process_lease` row FOR SHARE at this holder's epoch, in its
 * BEGIN's round trip: the new holder's raise waits for the writes in flight, then every later one is refused before it
 * changes anything and `lost` is told. Writes outside a transaction are not fenced: no pipeline makes one.
 */
export function fenceWrites(db: Database, lease: Pick<ProcessLease, 'entry' | 'epoch'>, lost: (error: LeaseLostError) => void): Database {
  // process_lease_fence: migration 030. The entry is a–z, 0–9, _ and - (processes.ts), quoted all the same.
  const prelude = `select process_lease_fence('${lease.entry.replace(/'/g, "''")}', ${Math.trunc(lease.epoch)})`;
  return {
    ...db,
    transaction: (work, options) =>
      db.transaction(work, { ...options, prelude }).catch((error: unknown) => {
        if ((error as { code?: unknown } | null)?.code !== 'OXL01') throw error;
        const refused = new LeaseLostError(lease.entry);
        lost(refused);
        throw refused;
      }),
  };
}

/** Said once; then `hooks.onLeaseLost` (the entry points exit 75: a supervisor restarts them as standbys), else `stop`. */
export function whenLeaseLost(hooks: Pick<StandbyHooks, 'onLeaseLost'>, say: (message: string) => void, stop: () => Promise<void> | undefined): (error: LeaseLostError) => void {
  let lost = false;
  return (error) => {
    if (lost) return;
    lost = true;
    say(`lease lost: another process runs this now; stopping (${error.message})`);
    if (hooks.onLeaseLost) hooks.onLeaseLost(error);
    else void stop();
  };
}
