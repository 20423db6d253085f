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
 * takeover", fencing). An advisory lock lapses with its connection, but the holder's other
 * connections may live on — or come back, after a partition, to a process that never noticed —
 * while a standby has taken over. So every transaction first holds the entry's `process_lease` row
 * FOR SHARE at the epoch this holder took, in the round trip of its BEGIN: the new holder's raise
 * waits for the writes in flight and, once committed, every later write of the old holder is
 * refused before it changes anything; `lost` is told (the process stops: it cannot write and its
 * books are stale).
 *
 * Writes outside a transaction are not fenced: every write of a market's or a product's pipeline
 * runs in one.
 */
export function fenceWrites(db: Database, lease: Pick<ProcessLease, 'entry' | 'epoch'>, lost: (error: LeaseLostError) => void): Database {
  // Sent with BEGIN in one round trip (process_lease_fence, migration 030): the entry is a name of
  // a–z, 0–9, _ and - (processes.ts) and the epoch a number, quoted all the same.
  const prelude = `select process_lease_fence('${lease.entry.replace(/'/g, "''")}', ${Math.trunc(lease.epoch)})`;
  return {
    dialect: db.dialect,
    query: (sql, params, options) => db.query(sql, params, options),
    exec: (sql) => db.exec(sql),
    transaction: (work, options) =>
      db.transaction(work, { ...options, prelude }).catch((error: unknown) => {
        if ((error as { code?: unknown } | null)?.code !== FENCED) throw error;
        const refused = new LeaseLostError(lease.entry);
        lost(refused);
        throw refused;
      }),
    durable: () => db.durable(),
    close: () => db.close(),
    listen: db.listen?.bind(db),
    session: db.session?.bind(db),
  };
}

/** process_lease_fence's refusal. */
const FENCED = 'OXL01';

/**
 * What a holder does once a write of its is refused (every later one is too): says so once, then
 * hands over to `hooks.onLeaseLost` (the entry points exit 75, so a supervisor starts them again as
 * standbys) or, unset, stops its own work.
 */
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
