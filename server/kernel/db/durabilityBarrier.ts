/**
 * A durability barrier over a database whose transactions may commit without waiting for the disk
 * (`transaction(work, { durableLater: true })`). PostgreSQL writes its WAL in one sequence: a
 * transaction that has an id and commits with synchronous_commit on waits until the WAL is flushed
 * up to its own commit record, and so past every commit record written before it. The barrier is
 * such a transaction with nothing in it but its id, sent as one simple-protocol round trip.
 *
 * Callers share barriers: at most one is being flushed; everyone who asks meanwhile waits for the
 * next, which starts when it ends (one that started before their commit might not cover it).
 */
export const BARRIER_SQL = 'begin; select pg_current_xact_id(); commit';

export function durabilityBarrier(flush: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const run = flush().finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    if (!next) {
      const after = running.catch(() => undefined);
      next = after.then(() => {
        next = undefined;
        return start();
      });
    }
    return next;
  };
}
