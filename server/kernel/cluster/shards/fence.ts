import type { Database } from '../../platform/db/database.js';
import type { ProcessLease, StandbyHooks } from './standby.js';

/** A write refused because the process no longer holds its lease: another process runs the entry now. */
export class LeaseLostError extends Error {
  constructor(readonly entry: string) {
    super(`the lease on ${entry} has passed to another process; this process no longer writes for it`);
  }
}

/**
 * The database as a lease holder writes to it (docs/ARCHITECTURE.md "Scale-out: standbys and
 * takeover"). Its lock lapses with one connection, but its others may live on, or come back after a
 * partition, while a standby has taken over. So every transaction first holds the entry's
 * `process_lease` row FOR SHARE at this holder's epoch, in its BEGIN's round trip: the new holder's
 * raise waits for the writes in flight, then every later one is refused before it changes anything
 * and `lost` is told. Writes outside a transaction are not fenced: no pipeline makes one.
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
