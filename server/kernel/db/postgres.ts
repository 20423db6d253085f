import pg from 'pg';
import type { Database, Queryable } from './database.js';

const INT8_OID = 20;

/** PostgreSQL over node-postgres. int8 is parsed to a number so both drivers return one shape. */
export async function openPostgres(connectionString: string): Promise<Database> {
  return openPool({ connectionString });
}

/**
 * A node-postgres pool behind the Database interface: DATABASE_URL's driver and the embedded
 * PostgreSQL's (server/db/embeddedPostgres.ts), which adds `afterClose` to stop its server once the
 * pool has ended.
 */
export async function openPool(config: pg.PoolConfig, afterClose?: () => Promise<void>): Promise<Database> {
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({ ...config, types, max: 10 });
  // An idle connection that breaks (the database restarts) is dropped by the pool; the next query
  // gets a fresh one or fails with the error. Unhandled, it would end the process.
  pool.on('error', () => undefined);
  await pool.query('select 1');
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as T[];
    },
  });
  return {
    dialect: 'postgres',
    ...wrap(pool),
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      try {
        await pool.end();
      } finally {
        await afterClose?.();
      }
    },
    async listen(channel, onMessage) {
      // One connection held for the notifications alone (a pooled one would be handed back).
      const client = new pg.Client(config);
      // A broken listening connection only delays evictions to the cache's time limit; never fatal.
      client.on('error', () => undefined);
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.end().catch(() => undefined);
      };
    },
  };
}
