import type { Database, Queryable } from '../../platform/db/database.js';
import { handOver } from './standby.js';

/**
 * Which process runs a market, guarded by the database: a session-level advisory lock per market (and schema: test
 * schemas share a database), held while it runs the market. A second process cannot take it and refuses to start: two
 * books would match the same orders twice. Nothing is locked where the database has one client (PGlite).
 */
export interface MarketOwnership {
  /** Takes the markets' locks; throws, naming them, if another process holds any (and takes none of them). */
  claim(kind: string, symbols: readonly string[]): Promise<void>;
  release(): Promise<void>;
}

export class MarketTakenError extends Error {
  constructor(readonly symbols: string[]) {
    super(`another process runs ${symbols.join(', ')} on this database (its advisory lock is held); a market runs in one process only`);
  }
}
const LOCK_KEY = `hashtext(current_schema() || ':' || $1 || ':' || sym)`;

/** `waitMs`: a process killed a moment ago holds its locks until PostgreSQL notices, so its restart waits for them. */
export function marketOwnership(db: Database, waitMs = 5000): MarketOwnership {
  let opening: Promise<Queryable & { close(): Promise<void> }> | undefined;
  return {
    async claim(kind, symbols) {
      if (!db.session || symbols.length === 0) return;
      const held = await (opening ??= db.session());
      for (const until = Date.now() + waitMs; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
        const refused = await claimOnce(held, kind, symbols);
        if (refused.length === 0) return;
        if (Date.now() >= until) throw new MarketTakenError(refused);
      }
    },
    async release() {
      const held = opening;
      opening = undefined;
      await held?.then(handOver, () => undefined);
    },
  };
}

/** One try: every market's lock, or none of them; answers those another session holds. */
async function claimOnce(held: Queryable, kind: string, symbols: readonly string[]): Promise<string[]> {
  const rows = await held.query<{ sym: string; taken: boolean }>(`select sym, pg_try_advisory_lock(7301, ${LOCK_KEY}) as taken from unnest($2::text[]) as sym`, [kind, symbols]);
  const refused = rows.filter((r) => !r.taken).map((r) => r.sym);
  const taken = rows.filter((r) => r.taken).map((r) => r.sym);
  if (refused.length > 0 && taken.length > 0) await held.query(`select pg_advisory_unlock(7301, ${LOCK_KEY}) from unnest($2::text[]) as sym`, [kind, taken]);
  return refused;
}
