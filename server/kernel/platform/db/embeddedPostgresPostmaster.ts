import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { SOCKET_PORT, SUPERUSER, type Binaries, type RunAs } from './embeddedPostgresInstall.js';
import { commandLine, isAlive, isZombie, liveGroupMembers, readPid, signal, sleep, tail } from './embeddedPostgresProcesses.js';

/**
 * The embedded PostgreSQL's postmaster (embeddedPostgres.ts): its settings, starting it, stopping it,
 * and the leftovers of a previous server on the same data directory.
 */

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
  // statements), its LISTEN and two lock sessions (kernel/cluster/shards/ownership.ts); a few more for the
  // audit, psql and the benches' statistics. The scale-out mode on the embedded database adds 5 for
  // each realtime edge (startEdge.ts's pools and its LISTEN), 15 for a market process (8 + 4, its
  // lock sessions and its LISTEN: kernel/platform/caches.ts) and 9 for an HTTP front (6 + 2 and its
  // LISTEN): 64 holds the server, a market process, a front and two edges. At 24, one edge's pools took the last connections the server's
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

/**
 * glibc's malloc, told to keep up to 32 MB of freed memory at the top of each database process's
 * heap instead of handing it back to the kernel. A backend running the spot pipeline's statements
 * grows its heap by megabytes for a statement and frees it at the end; glibc gave that back each
 * time (its trim threshold starts at 128 KB), so the next statement took every page again with a
 * page fault, which a virtual machine makes dear. bench:pipeline, the shape, alternated with
 * the build before: the database's minor faults per order 10–20 → 1.3–3.1 and its CPU per order
 * 0.64 → 0.46 ms, median of 9 loops (bench/README "The database's heap"), with the same peak memory:
 * what is kept is what the backend used anyway, and the next statement reuses it instead of
 * faulting it in.
 * The same setting in the Node server changed nothing measurable, so it is the database's only.
 * A GLIBC_TUNABLES of the caller's own comes after ours, so its values win.
 */
export const DATABASE_MALLOC_TUNABLES = 'glibc.malloc.trim_threshold=33554432';

/** The postmaster's environment: the caller's, messages in English (the driver reads them), and DATABASE_MALLOC_TUNABLES. */
export function postmasterEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, LC_MESSAGES: 'C', GLIBC_TUNABLES: [DATABASE_MALLOC_TUNABLES, env.GLIBC_TUNABLES].filter(Boolean).join(':') };
}

/** Records which process uses the cluster, so a second server on the same DATA_DIR is refused. */
export const OWNER_FILE = 'openex.owner';

export function refuseIfInUse(dir: string): void {
  const owner = readPid(join(dir, OWNER_FILE));
  if (owner !== undefined && owner !== process.pid && isAlive(owner) && commandLine(owner).includes('node')) {
    throw new Error(`${dir} is in use by another server (process ${owner}); give this one its own DATA_DIR`);
  }
}

/** A server left running on `dir` (its parent was killed): stop it, so we start on our settings. */
export async function stopLeftover(dir: string, log: (line: string) => void): Promise<void> {
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

export async function startServer(dir: string, socketDir: string, bin: Binaries, runAs: RunAs): Promise<{ pid: number; onExit: () => void }> {
  const logFile = `${dir}.log`;
  if (existsSync(logFile)) renameSync(logFile, `${logFile}.1`);
  const out = openSync(logFile, 'a');
  const args = ['-D', dir, '-k', socketDir, '-p', String(SOCKET_PORT), '-h', '', '-c', 'unix_socket_permissions=0700'];
  for (const [name, value] of Object.entries(SETTINGS)) args.push('-c', `${name}=${value}`);
  for (const setting of extraSettings()) args.push('-c', setting);
  // Detached: its own process group, so a Ctrl-C at the terminal reaches only us and we stop it in
  // order; and it outlives a kill -9 of ours (see stopLeftover).
  const child = spawn(bin.postgres, args, { ...runAs, detached: true, stdio: ['ignore', out, out], env: postmasterEnvironment(process.env) });
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
export async function stopPostmaster(pid: number): Promise<void> {
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
