/**
 * A durability barrier over a database whose transactions may commit without waiting for the disk
 * (`transaction(work, { durableLater: true })`). PostgreSQL writes its WAL in one sequence: a
 * transaction that wrote WAL and commits with synchronous_commit on waits until the WAL is flushed
 * up to its own commit record, and so past every commit record written before it. The barrier is
 * such a transaction: one statement that writes a transactional logical message (a WAL record and
 * nothing else; it needs no table and takes no lock).
 *
 * It must write WAL: a transaction that only took an id (`pg_current_xact_id()`) commits without
 * flushing even with synchronous_commit on — PostgreSQL flushes only for transactions that wrote
 * WAL before their commit record. That version lost acknowledged orders in
 * tests/system/databaseCrash.test.ts; this one loses none.
 *
 * Callers share barriers: at most one is being flushed; everyone who asks meanwhile waits for the
 * next, which starts when it ends (one that started before their commit might not cover it).
 */
export const BARRIER_SQL = `select pg_logical_emit_message(true, 'openex.durability', '')`;

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
