import type { Database } from '../../platform/db/database.js';
import { takeLease, type LeaseOptions, type ProcessLease } from './standby.js';

/**
 * The lease of the exchange's duties (issue 53 §5): the timed work over the database alone —
 * blocks of the simulated chain, ICO settlement, the daily fee volumes and liability snapshot,
 * delistings whose time has come, the pruning of spent idempotency keys (ProductParts.duties) —
 * which one process of a cluster runs at a time. It is an entry like a market process's (its lock
 * in standby.ts's class, named `duties`): the first process to ask holds it; every other one asks
 * again each STANDBY_POLL_MS and takes it the moment its holder's connection ends (killed, cut
 * off) or it hands it over (a stop). Each duty is one transaction that looks before it writes (a
 * day already built, a project already settled, a confirmation already counted), so a holder that
 * lost its lease unawares and a new one overlapping for a moment do one step twice at worst, never
 * a wrong one.
 *
 * Where nothing is shared (the embedded database, PGlite) the process holds it at once.
 */
export const DUTIES = 'duties';

export interface HeldDuties {
  /** Whether this process runs the duties now. */
  held(): boolean;
  /**
   * Gives up waiting, or hands the lease over: called once the duties have ended (the products'
   * stop), so the next holder never runs them beside this one.
   */
  stop(): Promise<void>;
}

/**
 * Runs `start` once this process holds the duties lease: before it answers when the lease is free
 * now (a single process: its duties start with it, as its timers always did), else once the other
 * holder is gone.
 */
export async function holdDuties(
  db: Database,
  start: () => Promise<void>,
  log: (message: string, error?: unknown) => void,
  /** `stopped`: the process is stopping (the lease, taken now, starts nothing). */
  options: Pick<LeaseOptions, 'pollMs' | 'stopped'> = {},
): Promise<HeldDuties> {
  let ended = false;
  let held = false;
  const stopping = () => ended || options.stopped?.() === true;
  const run = async (lease: ProcessLease | undefined) => {
    if (!lease) return undefined;
    if (stopping()) {
      await lease.release();
      return undefined;
    }
    held = true;
    await start().catch((error: unknown) => log('duties: starting them failed', error));
    return lease;
  };
  const now = await takeLease(db, DUTIES, { once: true });
  const taking = now
    ? run(now)
    : takeLease(db, DUTIES, {
        pollMs: options.pollMs,
        stopped: stopping,
        onStandby: () => log('duties: another process runs them; taking over when its lease lapses'),
      }).then(run, (error: unknown) => {
        if (!stopping()) log('duties: asking for their lease failed', error);
        return undefined;
      });
  if (now) await taking;
  return {
    held: () => held,
    async stop() {
      ended = true;
      const lease = await taking;
      held = false;
      await lease?.release();
    },
  };
}
