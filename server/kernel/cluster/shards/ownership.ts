import type { Database, Queryable } from '../../platform/db/database.js';

/**
 * Which process runs a market, guarded by the database: before a process runs a market's book it
 * takes a session-level advisory lock named after the market (and the schema, so isolated test
 * schemas on one database do not collide), on a connection of its own that it holds for as long as
 * it runs the market. A second process configured for the same market cannot take it and refuses
 * to start: two books for one market would match the same orders twice. The lock goes when the
 * process stops or dies (PostgreSQL ends the session with its connection).
 *
 * Where the database has only one client (PGlite inside the process) there is no other process to
 * guard against, and nothing is locked.
 */
export interface MarketOwnership {
  /** Takes the markets' locks; throws, naming them, if another process holds any (and takes none of them). */
  claim(kind: string, symbols: readonly string[]): Promise<void>;
  /** Lets every lock go (the process stops). */
  release(): Promise<void>;
}

export class MarketTakenError extends Error {
  constructor(readonly symbols: string[]) {
    super(`another process runs ${symbols.join(', ')} on this database (its advisory lock is held); a market runs in one process only`);
  }
}

/** The lock's name: `hashtext` of kind, market and schema, as a bigint key of the two-int form's first half. */
const LOCK_KEY = `hashtext(current_schema() || ':' || $1 || ':' || sym)`;

/**
 * How long a claim keeps trying while another session holds a lock: a process killed a moment ago
 * holds its locks until PostgreSQL has noticed its connection is gone, and its restart must not
 * fail on that.
 */
const CLAIM_WAIT_MS = 5000;
const CLAIM_RETRY_MS = 200;

export function marketOwnership(db: Database, waitMs = CLAIM_WAIT_MS): MarketOwnership {
  let session: (Queryable & { close(): Promise<void> }) | undefined;
  let opening: Promise<Queryable & { close(): Promise<void> }> | undefined;
  const open = () => (opening ??= db.session!().then((s) => (session = s)));
  return {
    async claim(kind, symbols) {
      if (!db.session || symbols.length === 0) return;
      const held = await open();
      const until = Date.now() + waitMs;
      for (;;) {
        try {
          return await claimOnce(held, kind, symbols);
        } catch (error) {
          if (!(error instanceof MarketTakenError) || Date.now() >= until) throw error;
          await new Promise((resolve) => setTimeout(resolve, CLAIM_RETRY_MS));
        }
      }
    },
    async release() {
      opening = undefined;
      const held = session;
      session = undefined;
      // Unlocked before the connection closes: a closed connection's backend lets its locks go only
      // once it has exited, and a restart on the same database would wait for that.
      await held?.query('select pg_advisory_unlock_all()').catch(() => undefined);
      await held?.close();
    },
  };
}

/** One try: every market's lock, or none of them. */
async function claimOnce(held: Queryable, kind: string, symbols: readonly string[]): Promise<void> {
  const rows = await held.query<{ sym: string; taken: boolean }>(
    `select sym, pg_try_advisory_lock(7301, ${LOCK_KEY}) as taken from unnest($2::text[]) as sym`,
    [kind, symbols],
  );
  const refused = rows.filter((r) => !r.taken).map((r) => r.sym);
  if (refused.length === 0) return;
  // None of this claim's markets stay locked: the process is not going to run them.
  const taken = rows.filter((r) => r.taken).map((r) => r.sym);
  if (taken.length > 0) await held.query(`select pg_advisory_unlock(7301, ${LOCK_KEY}) from unnest($2::text[]) as sym`, [kind, taken]);
  throw new MarketTakenError(refused);
}
