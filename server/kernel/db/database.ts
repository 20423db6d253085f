/**
 * One database interface over two drivers: node-postgres (DATABASE_URL, for scale-out, or the
 * embedded PostgreSQL server of embeddedPostgres.ts, the default, data in DATA_DIR/postgres) and
 * PGlite (PostgreSQL in WASM in this process: EMBEDDED_DB=pglite, and in memory for the server
 * tests). All run the same SQL, so the schema, the queries and the server test suite are shared.
 */
export interface Queryable {
  query<T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly dialect: 'pglite' | 'postgres';
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction: all of it commits, or none of it. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Calls `onMessage` for every NOTIFY on `channel` from any connection (other servers sharing
   * this database); resolves to a function that stops listening. Absent where there is only one
   * process (the embedded database).
   */
  listen?(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}
