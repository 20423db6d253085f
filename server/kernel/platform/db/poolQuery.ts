import type pg from 'pg';

/**
 * One statement on one of the pool's connections, which goes back to the pool unless the
 * connection itself failed. node-postgres' own `pool.query` ends the connection on ANY error, so
 * every statement PostgreSQL refused (a check constraint, bad input, a key taken) cost a new
 * backend: its start, its caches warmed and every statement prepared and planned again. The spot
 * record stage's one-statement write is refused by design whenever a balance moved since its read
 * (the locked path then decides), and under bench:pipeline's load that ended a planned-once
 * connection a few times a second; bad input sent on purpose would have cost the database a
 * process start per request. After an ERROR the server has rolled the statement back and answered
 * ReadyForQuery: the connection is as good as before. A FATAL one, a broken socket or a timeout
 * end it, and the pool drops it (it also drops any client no longer queryable).
 */
export function poolQuery(pool: pg.Pool, config: pg.QueryConfig | string): Promise<pg.QueryResult> {
  return pool.connect().then((client) => {
    // A connection that ends while the statement runs is reported here as well as to the query;
    // heard, so that it cannot crash the process as an unhandled 'error'.
    let broken: Error | undefined;
    const onError = (error: Error) => (broken ??= error);
    client.on('error', onError);
    const done = (error?: unknown) => {
      client.off('error', onError);
      client.release(broken ?? (error !== undefined && !statementRefused(error) ? (error as Error) : outsideTransaction(client)));
    };
    return client.query(config).then(
      (result) => {
        done();
        return result;
      },
      async (error: unknown) => {
        if (!broken && statementRefused(error)) await readyAgain(client);
        done(error);
        throw error;
      },
    );
  });
}

/**
 * Until the ReadyForQuery that follows a refused statement: node-postgres rejects the query on the
 * ErrorResponse (pg/lib/client.js `_handleErrorMessage`) and learns the session's transaction status
 * only from that next message. Where the two came in separate reads of the socket (a busy machine),
 * `outsideTransaction` read the status from before the text and pooled a session left in an aborted
 * block (statementErrorKeepsConnection.test.ts failed once in CI with "current transaction is
 * aborted"). The client's own listener is the connection's first, so its status is current here.
 */
function readyAgain(client: pg.PoolClient): Promise<void> {
  const { readyForQuery, connection } = client as pg.PoolClient & { readyForQuery?: boolean; connection?: NodeJS.EventEmitter };
  if (readyForQuery !== false || !connection) return Promise.resolve();
  return new Promise((resolve) => {
    const settle = () => {
      connection.off('readyForQuery', settle);
      client.off('end', settle);
      client.off('error', settle);
      resolve();
    };
    connection.on('readyForQuery', settle);
    client.on('end', settle);
    client.on('error', settle);
  });
}

/**
 * Undefined when the session is outside any transaction block, as the next user of the connection
 * expects it; otherwise an error that drops the connection. A text of several statements that opened
 * a block (`begin; …`) and failed inside it leaves the session in an aborted block, where every later
 * statement would be refused ("current transaction is aborted"), and one that succeeded leaves the
 * block open. PostgreSQL reports the state with each ReadyForQuery (I idle, T in a block, E failed).
 */
function outsideTransaction(client: pg.PoolClient): Error | undefined {
  const status = client.getTransactionStatus();
  return status === 'I' || status === null ? undefined : new Error(`connection left in a transaction block (${status})`);
}

/**
 * An error PostgreSQL sent for the statement alone, after which the session goes on: it carries a
 * SQLSTATE, and is neither FATAL/PANIC nor of a class that ends the session (57P: shut down,
 * terminated, idle timeout; 08: the connection; 25P03: idle in a transaction too long). The code is
 * checked as well as the severity, which a server with translated messages sends in its language.
 */
function statementRefused(error: unknown): boolean {
  const { severity, code } = error as { severity?: unknown; code?: unknown };
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return false;
  if (severity === 'FATAL' || severity === 'PANIC') return false;
  return !code.startsWith('57P') && !code.startsWith('08') && code !== '25P03';
}
