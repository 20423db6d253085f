import type { ListenHooks } from './notifications.js';

/**
 * One database interface over two drivers: node-postgres (DATABASE_URL, for scale-out, or the
 * embedded PostgreSQL server of embeddedPostgres.ts, the default, data in DATA_DIR/postgres) and
 * PGlite (PostgreSQL in WASM in this process: EMBEDDED_DB=pglite, and in memory for the server
 * tests). All run the same SQL, so the schema, the queries and the server test suite are shared.
 */
export interface Queryable {
  query<T extends object>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
  /**
   * Only on a transaction's handle: runs `effect` once the transaction has committed (never after a
   * rollback). For what this process tells others that must not run ahead of the commit: ending
   * the sockets of revoked sessions, say, before the change that revoked them is even visible.
   */
  afterCommit?(effect: () => void): void;
}

/** Runs `effect` after `db`'s transaction commits, or now when `db` is not a transaction's handle. */
export function whenCommitted(db: Queryable, effect: () => void): void {
  if (db.afterCommit) db.afterCommit(effect);
  else effect();
}

/** A transaction's after-commit effects: collected while it runs, run in order once it has committed. */
export function commitEffects(): { add(effect: () => void): void; run(): void } {
  const effects: (() => void)[] = [];
  return {
    add: (effect) => void effects.push(effect),
    // The transaction has committed whatever an effect does: one that throws is reported, not
    // turned into the caller's failure, and the effects after it still run.
    run: () => {
      for (const effect of effects) {
        try {
          effect();
        } catch (error) {
          process.emitWarning(`an after-commit effect failed: ${String(error)}`);
        }
      }
    },
  };
}

export interface QueryOptions {
  /**
   * Plan the statement once per connection (a generic plan) instead of for each execution's
   * parameters: for the hot path's statements that reach every table by key (the pipelines'
   * one-statement writes, which join `unnest()` arrays to tables by primary key, and the reads of
   * the rows they wrote), whose planning cost more than their execution (bench:pipeline
   * BENCH_PG_STATS=1). Such a plan never scans a table whole: one made while a table was small
   * would otherwise keep doing so as it grows, for as long as the plan lives (postgres.ts). A hint:
   * drivers without plan caching ignore it.
   */
  planOnce?: boolean;
}

/** QueryOptions for a statement that reaches every table by key, planned once per connection. */
export const PLAN_ONCE: QueryOptions = { planOnce: true };

export interface TransactionOptions {
  /** See Database.transaction. */
  durableLater?: boolean;
  /**
   * One parameterless statement run with the BEGIN, in the same round trip, before `work`: the
   * lease's fence (kernel/cluster/shards/standby.ts). Where there is no other process (PGlite) it is not run.
   */
  prelude?: string;
  /**
   * A repeatable-read snapshot for the whole of `work` (the day-open equities and the ledger position
   * agree). Set with the BEGIN, so it comes before the prelude's query, as PostgreSQL requires.
   */
  repeatableRead?: boolean;
}

export interface Database extends Queryable {
  readonly dialect: 'pglite' | 'postgres';
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `work` in one transaction: all of it commits, or none of it. `durableLater`: the commit
   * does not wait for the disk (synchronous_commit off for this transaction only), so its row locks
   * are released at once instead of after an fsync; it is still atomic and ordered with every
   * other commit, but a crash of the database may drop it, so nobody may be told its outcome before
   * `durable()` resolves. The spot pipeline's hot balance rows are what this is for.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Resolves once every transaction committed before the call is on disk: a durability barrier,
   * shared by the callers that arrive while one is being flushed (see durabilityBarrier.ts).
   */
  durable(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `onMessage` for every NOTIFY on `channel` from any connection (other servers sharing
   * this database); resolves to a function that stops listening. `hooks` hear the connection break
   * and listen again (db/notifications.ts): what was missed between them is lost. Absent where
   * there is only one process (PGlite).
   */
  listen?(channel: string, onMessage: (payload: string) => void, hooks?: ListenHooks): Promise<() => Promise<void>>;
  /**
   * A connection of its own, outside the pools, for what belongs to one session for as long as the
   * process runs (the advisory locks that say which process runs a market, kernel/cluster/shards/ownership.ts).
   * Absent where there is only one process (PGlite).
   */
  session?(): Promise<Queryable & { close(): Promise<void> }>;
}
