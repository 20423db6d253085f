import type { Database, Queryable } from './db/database.js';

/**
 * What a process holds in memory of rows any process may change (issue 53 §5): the pairs' halts and
 * minimums, the fee schedules, the platform configuration. Every process sharing a PostgreSQL keeps
 * its own copy, so a change made on one must reach the others, or a node would go on taking orders
 * on a halted market until its copy timed out. One mechanism for all of them:
 *
 * - the writer calls `cacheChanged(tx, name)` inside the transaction that changes the rows: the
 *   notice (pg_notify on CACHE_CHANNEL) goes out with the commit, and not at all on a rollback;
 *   then, after the commit, `forgetCache(db, name)`, so the very next request on this process reads
 *   the new rows (its own notice comes back a moment later, harmlessly);
 * - every process listens (`listenForCacheChanges`, at each composition root), and a notice makes it
 *   forget `name` wherever it is held: the holders compare `cacheVersion(db, name)` with the one
 *   they read at, or are called back (`onCacheChange`);
 * - while the listening connection is down nothing is trusted (`cacheVersion` is undefined: read
 *   every time), and when it listens again everything is forgotten: a notice sent meanwhile is lost.
 *
 * Names are the tables' (the kernel's PAIRS_CACHE, PLATFORM_CONFIG_CACHE, FEE_RATES_CACHE): a
 * product announces what it wrote and holds what it reads, and never names another product. One
 * process alone on its database (PGlite) needs no notice: `forgetCache` is all there is to hear.
 * The caches are keyed by the process's Database, so two servers in one test process stay as apart
 * as two machines.
 */
export const CACHE_CHANNEL = 'openex_cache';

interface Heard {
  /** Whether a change made by any other process reaches this one now. */
  hearing: boolean;
  /** Moved by every change heard; a name's version is the tick of its last change or of the last forget-all. */
  tick: number;
  forgotAll: number;
  changed: Map<string, number>;
  callbacks: Map<string, Set<() => void>>;
}

const heard = new WeakMap<object, Heard>();

const isDatabase = (key: object): key is Database => typeof (key as Partial<Database>).transaction === 'function' && 'dialect' in key;

function stateOf(db: object): Heard {
  let state = heard.get(db);
  if (!state) {
    // Alone on its database (PGlite: no listen), a process misses nothing; on a shared one nothing is
    // trusted before its listener hears. Any other key (a test's stand-in) is never trusted.
    state = { hearing: isDatabase(db) && !db.listen, tick: 1, forgotAll: 1, changed: new Map(), callbacks: new Map() };
    heard.set(db, state);
  }
  return state;
}

function call(callbacks: Iterable<() => void> | undefined): void {
  for (const forget of callbacks ?? []) {
    try {
      forget();
    } catch {
      // A holder's failure to forget keeps no other holder from forgetting.
    }
  }
}

/** Inside the writing transaction: every process forgets `names` once it commits (nothing on a rollback). */
export async function cacheChanged(tx: Queryable, ...names: string[]): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [CACHE_CHANNEL, names.join(',')]);
}

/** This process forgets `names` now (after its own commit, or on hearing another process's notice). */
export function forgetCache(db: object, ...names: string[]): void {
  const state = stateOf(db);
  for (const name of names) {
    state.changed.set(name, ++state.tick);
    call(state.callbacks.get(name));
  }
}

function forgetAll(state: Heard): void {
  state.forgotAll = ++state.tick;
  call([...state.callbacks.values()].flatMap((set) => [...set]));
}

/**
 * What a holder of `name` compares with the version it read at: equal, what it holds is current.
 * Undefined while changes by other processes may go unheard: read afresh every time.
 */
export function cacheVersion(db: object, name: string): number | undefined {
  const state = stateOf(db);
  if (!state.hearing) return undefined;
  return Math.max(state.forgotAll, state.changed.get(name) ?? 0);
}

/** Calls `forget` at every change of `name` (and when everything is forgotten); answers how to stop. */
export function onCacheChange(db: object, name: string, forget: () => void): () => void {
  const { callbacks } = stateOf(db);
  const set = callbacks.get(name) ?? new Set();
  callbacks.set(name, set);
  set.add(forget);
  return () => void set.delete(forget);
}

/**
 * One value read through `load` and held until `name` changes: concurrent callers share one read,
 * a failed read is not held, and a change during a read makes the next call read again.
 */
export function remembered<T>(db: object, name: string, load: () => Promise<T>): () => Promise<T> {
  let held: { version: number; value: Promise<T> } | undefined;
  return () => {
    const version = cacheVersion(db, name);
    if (version === undefined) return load();
    if (held?.version === version) return held.value;
    const entry = { version, value: load() };
    held = entry;
    entry.value.catch(() => {
      if (held === entry) held = undefined;
    });
    return entry.value;
  };
}

/**
 * This process hears every other process's changes on `db` (each composition root calls it once
 * per Database it opens); answers how to stop. Where the database has no other process, nothing.
 */
export async function listenForCacheChanges(db: Database): Promise<() => Promise<void>> {
  if (!db.listen) return async () => undefined;
  const state = stateOf(db);
  const stop = await db.listen(CACHE_CHANNEL, (payload) => forgetCache(db, ...payload.split(',')), {
    onLost: () => {
      state.hearing = false;
      forgetAll(state);
    },
    onListening: () => {
      state.hearing = true;
      forgetAll(state);
    },
  });
  // What was read before the listener heard may have changed unheard.
  state.hearing = true;
  forgetAll(state);
  return async () => {
    state.hearing = false;
    await stop();
  };
}
