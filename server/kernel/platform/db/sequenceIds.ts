import type { Queryable } from './database.js';

/**
 * Ids of a table's serial column, taken from its sequence in blocks: the pipelines name the rows
 * they are about to insert (orders, trades) so that related rows in the same statement can refer
 * to them, and fetching a block now and then instead of every batch's ids takes a round trip out
 * of each transaction. Ids are handed out in increasing order, so within one market they follow
 * the batches (the restore replays open orders in id order); ids fetched but never used (a restart)
 * are only gaps, which a sequence has anyway.
 */
export class SequenceIds {
  private ids: number[] = [];
  private used = 0;
  /** Fetches are chained, so concurrent callers get disjoint, increasing ids. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Queryable,
    private readonly table: string,
    private readonly block = 512,
  ) {}

  /**
   * `via`: where a new block is fetched, when one is needed — the caller's transaction when it
   * takes ids inside one (the futures batch: on PGlite's single connection, a query on the pool
   * would wait for the transaction that waits for it).
   */
  take(count: number, via: Queryable = this.db): Promise<number[]> {
    if (count === 0) return Promise.resolve([]);
    const taken = this.chain.then(async () => {
      if (this.ids.length - this.used < count) {
        // The sequence is looked up once a block (a scalar subquery), not once an id: named per row,
        // the lookup cost 2.6 µs of every id's 2.8 (psql, 512 ids: 1.4 against 0.3 ms).
        const rows = await via.query<{ id: number }>(`select nextval((select pg_get_serial_sequence($1, 'id'))::regclass) as id from generate_series(1, $2::int)`, [
          this.table,
          Math.max(count, this.block),
        ]);
        // What is left of the old block is dropped (a gap), so the new ids stay above every id given.
        this.ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
        this.used = 0;
      }
      this.used += count;
      return this.ids.slice(this.used - count, this.used);
    });
    this.chain = taken.catch(() => undefined);
    return taken;
  }
}

const shared = new WeakMap<object, Map<string, SequenceIds>>();

/**
 * The process's one allocator for `table` on `db`: every market draws from it, so ids still follow
 * the order rows were recorded in across markets (lists show a user's orders newest first by id).
 */
export function sequenceIds(db: Queryable, table: string): SequenceIds {
  const tables = shared.get(db) ?? new Map<string, SequenceIds>();
  shared.set(db, tables);
  let ids = tables.get(table);
  if (!ids) tables.set(table, (ids = new SequenceIds(db, table)));
  return ids;
}
