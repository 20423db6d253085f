import { createHash } from 'node:crypto';
import pg from 'pg';
import { databaseFullError, untilConnected } from './connectRetry.js';
import { commitEffects, type Database, type Queryable, type QueryOptions } from './database.js';
import { BARRIER_SQL, durabilityBarrier } from './durabilityBarrier.js';
import { notificationListener } from './notifications.js';
import { withArrayLiterals } from './arrayLiterals.js';
import { poolQuery } from './poolQuery.js';

const INT8_OID = 20;

const names = new Map<string, string>();
/** A stable name per statement text (a short hash; the map keeps hashing off the hot path). */
function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `s${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
    // Texts built from data would grow the map without bound; none do today, but a cap keeps it safe.
    if (names.size < 10_000) names.set(sql, name);
  }
  return name;
}

/** PostgreSQL over node-postgres. int8 is parsed to a number so both drivers return one shape. */
export async function openPostgres(connectionString: string, sizes?: PoolSizes): Promise<Database> {
  return openPool(withOptionsApart(connectionString), undefined, sizes);
}

/** Connections each of a Database's two pools may open (see openPool). */
export interface PoolSizes {
  pool: number;
  planOnce: number;
}

/** A server's: the pipelines' transactions and reads, and the hot path's keyed statements. */
const SERVER_POOLS: PoolSizes = { pool: 10, planOnce: 6 };

/**
 * `total` connections (DATABASE_POOL_SIZE) shared between the two pools as `defaults` shares its
 * own (planOnce's part rounded, each at least one); no total: `defaults`.
 */
export function poolSizes(total: number | undefined, defaults: PoolSizes = SERVER_POOLS): PoolSizes {
  if (total === undefined) return defaults;
  const planOnce = Math.min(total - 1, Math.max(1, Math.round((total * defaults.planOnce) / (defaults.pool + defaults.planOnce))));
  return { pool: total - planOnce, planOnce };
}

/**
 * node-postgres lets the values in a connection string override the config's, so an `options`
 * parameter in DATABASE_URL (a search_path, say, as the tests' isolated schemas use) replaced the
 * session settings openPool adds (plan_cache_mode, PLAN_ONCE_SETTINGS): on such a URL every
 * statement was planned as PostgreSQL's defaults chose, and the planned-once ones scanned growing
 * tables whole. The options are taken out of the string and given as config, which openPool extends.
 */
function withOptionsApart(connectionString: string): pg.PoolConfig {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    return { connectionString };
  }
  const options = url.searchParams.get('options');
  if (options === null) return { connectionString };
  url.searchParams.delete('options');
  return { connectionString: url.toString(), options };
}

/**
 * The sessions of the connections that run QueryOptions.planOnce statements, which reach every
 * table by key: one generic plan per prepared statement, and no plan that scans a table whole.
 * Without enable_seqscan=off, a plan made on a fresh database, while spot_order and balance held a
 * few hundred rows, joined them by scanning them whole and kept doing so as they grew: the
 * settlement took 2.6 ms a call instead of 0.9, and a generic plan for the order reads was 10×
 * slower than planning each call (bench:pipeline BENCH_PG_STATS=1, and auto_explain through
 * EMBEDDED_PG_SETTINGS). Off, every join is by index, whatever the tables held when it was planned.
 */
export const PLAN_ONCE_SETTINGS: Readonly<Record<string, string>> = { plan_cache_mode: 'force_generic_plan', enable_seqscan: 'off' };

/**
 * A node-postgres pool behind the Database interface: DATABASE_URL's driver and the embedded
 * PostgreSQL's (server/db/embeddedPostgres.ts), which adds `afterClose` to stop its server once the
 * pool has ended.
 */
/** Waits out a database full for a moment (nodes starting together, another process's burst) for this long. */
const FULL_WAIT_MS = 15_000;
const whileFull = <T>(attempt: () => Promise<T>): Promise<T> =>
  attempt().catch((error: unknown) => (databaseFullError(error) ? untilConnected(attempt, { transient: databaseFullError, giveUpMs: FULL_WAIT_MS }) : Promise.reject(error)));

export async function openPool(config: pg.PoolConfig, afterClose?: () => Promise<void>, sizes: PoolSizes = SERVER_POOLS): Promise<Database> {
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  // Prepared statements (see statementName) still get a plan for their actual parameters: a generic
  // plan cannot see how many elements an array parameter holds, and for the pipelines' unnest()
  // statements it chose scans that made them several times slower (bench:pipeline BENCH_PG_STATS=1).
  // Connections are kept, never closed for being idle (node-postgres closes them after 10 s by
  // default): under a market's load some sat idle that long now and then, and each one closed was a
  // new backend to start and every statement to prepare and plan again on it (bench:pipeline: ~40
  // new sessions a minute at 1,250 orders/s). Idle kept connections do not hold the process open.
  const keep = { idleTimeoutMillis: 0, allowExitOnIdle: true };
  const pool = new pg.Pool({ ...config, types, ...keep, max: sizes.pool, options: [config.options, '-c plan_cache_mode=force_custom_plan'].filter(Boolean).join(' ') });
  // An idle connection that breaks (the database restarts) is dropped by the pool; the next query
  // gets a fresh one or fails with the error. Unhandled, it would end the process.
  pool.on('error', () => undefined);
  // A few connections whose prepared statements keep one generic plan (QueryOptions.planOnce).
  const planOncePool = new pg.Pool({
    ...config,
    types,
    ...keep,
    max: sizes.planOnce,
    options: [config.options, ...Object.entries(PLAN_ONCE_SETTINGS).map(([name, value]) => `-c ${name}=${value}`)].filter(Boolean).join(' '),
  });
  planOncePool.on('error', () => undefined);
  await untilConnected(() => pool.query('select 1'), {
    onWait: (error) => process.stderr.write(`PostgreSQL refused a connection (${(error as { code?: string }).code}): trying again until it takes one\n`),
  });
  const listener = notificationListener(config);
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends object>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) {
      // Statements with parameters are prepared once per connection under a name derived from
      // their text: PostgreSQL then skips parsing (the pipelines send the same few statements
      // hundreds of times a second).
      const target = options?.planOnce && client === pool ? planOncePool : client;
      // A planned-once statement without parameters is prepared too: sent as a plain text it would be
      // parsed and planned on every call.
      // Array parameters are joined here, not quoted element by element by node-postgres (arrayLiterals.ts).
      const statement = params.length > 0 || options?.planOnce ? { name: statementName(sql), text: sql, values: withArrayLiterals(params) } : sql;
      // On a pool, poolQuery: a statement PostgreSQL refuses does not end its connection.
      const send = () => (target instanceof pg.Pool ? poolQuery(target, statement) : target.query(statement));
      // A pool's new connection refused by a full database: the statement never ran, so it waits and goes again.
      const result = client === pool ? await whileFull(send) : await send();
      return result.rows as T[];
    },
  });
  return {
    dialect: 'postgres',
    ...wrap(pool),
    async exec(sql) {
      await poolQuery(pool, sql);
    },
    async transaction(work, options) {
      const client = await whileFull(() => pool.connect());
      // A connection ended under a checked-out client (PostgreSQL restarted, an operator's
      // pg_terminate_backend) is reported on the client between its queries: heard here rather than
      // crash the process as an unhandled 'error', and the client is destroyed, not pooled again.
      let broken: unknown;
      const onError = (error: unknown) => (broken ??= error);
      client.on('error', onError);
      try {
        // One round trip either way: a parameterless query may hold several statements.
        await client.query([options?.repeatableRead ? 'BEGIN ISOLATION LEVEL REPEATABLE READ' : 'BEGIN', options?.durableLater && 'SET LOCAL synchronous_commit = off', options?.prelude].filter(Boolean).join('; '));
        const effects = commitEffects();
        const result = await work({ ...wrap(client), afterCommit: effects.add });
        await client.query('COMMIT');
        effects.run();
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackFailed: unknown) => (broken ??= rollbackFailed));
        throw error;
      } finally {
        client.off('error', onError);
        client.release(broken !== undefined);
      }
    },
    durable: durabilityBarrier(async () => {
      // Prepared once per connection (it has no parameter, so its one plan is generic): as a plain
      // text it was parsed and planned each time, 20 µs of the database's time per barrier.
      await poolQuery(pool, { name: statementName(BARRIER_SQL), text: BARRIER_SQL });
    }),
    async close() {
      try {
        await Promise.all([pool.end(), planOncePool.end()]);
      } finally {
        await afterClose?.();
      }
    },
    // One connection for every LISTEN of this database, connected again when it breaks (notifications.ts).
    listen: (channel, onMessage, hooks) => listener.listen(channel, onMessage, hooks),
    async session() {
      // A database full for a moment (nodes starting together take their leases' sessions: 53300) is waited for.
      const client = await untilConnected(async () => {
        const fresh = new pg.Client({ ...config, types });
        // Its end (the database restarting) is seen by whoever holds it at its next statement; never fatal.
        fresh.on('error', () => undefined);
        await fresh.connect().catch(async (error: unknown) => {
          await fresh.end().catch(() => undefined);
          throw error;
        });
        return fresh;
      });
      return {
        ...wrap(client as unknown as pg.PoolClient),
        close: () => client.end().catch(() => undefined),
      };
    },
  };
}

/**
 * The URL with `application_name` set (unless it names one): pg_stat_activity then shows which
 * process holds which connection, and a test can cut one process off from the database by it.
 */
export function withApplicationName(url: string, name: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.searchParams.has('application_name')) parsed.searchParams.set('application_name', name);
    return parsed.toString();
  } catch {
    return url;
  }
}
