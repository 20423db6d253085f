import type { Database } from '../../platform/db/database.js';
import { takeLease, type LeaseOptions, type ProcessLease } from './standby.js';

/**
 * The lease of the exchange's duties (docs/ARCHITECTURE.md "Scale-out: duties"): the timed work over the database
 * alone, run by one process of a cluster at a time, taken over like an entry's lease. Each duty is one transaction that
 * looks before it writes, so a holder that lost its lease unawares and its successor overlapping for a moment do one
 * step twice at worst, never a wrong one.
 */
export const DUTIES = 'duties';
export interface HeldDuties {
  held(): boolean;
  /** Called once the duties have ended (the products' stop): gives up waiting, or hands the lease over. */
  stop(): Promise<void>;
}

/** Runs `start` once this process holds the lease: before it answers when the lease is free now (a single process's duties start with it), else once the holder is gone. `stopped`: the process is stopping, so a lease taken now starts nothing. */
export async function holdDuties(db: Database, start: () => Promise<void>, log: (message: string, error?: unknown) => void, options: Pick<LeaseOptions, 'pollMs' | 'stopped'> = {}): Promise<HeldDuties> {
  let ended = false;
  let held = false;
  const stopping = () => ended || options.stopped?.() === true;
  // A lease taken as the process stops is given back at once: it starts nothing.
  const run = async (lease: ProcessLease | undefined) => {
    if (!lease || stopping()) return void (await lease?.release());
    held = true;
    await start().catch((error: unknown) => log('duties: starting them failed', error));
    return lease;
  };
  const now = await takeLease(db, [DUTIES], { once: true });
  const onStandby = () => log('duties: another process runs them; taking over when its lease lapses');
  const taking = now
    ? run(now)
    : takeLease(db, [DUTIES], { pollMs: options.pollMs, stopped: stopping, onStandby }).then(run, (error: unknown) => {
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
