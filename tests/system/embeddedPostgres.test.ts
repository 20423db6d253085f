import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedPostgres, stopEmbeddedPostgres } from '../../server/kernel/platform/db/embeddedPostgres.js';
import { DATABASE_MALLOC_TUNABLES, postmasterEnvironment } from '../../server/kernel/platform/db/embeddedPostgresPostmaster.js';

const root = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'openex-embedded-pg-'));
// As root the database runs as the postgres user, which must reach the data directories below.
chmodSync(scratch, 0o711);
afterAll(async () => {
  for (const name of readdirSync(scratch)) await stopEmbeddedPostgres(join(scratch, name, 'postgres'));
  rmSync(scratch, { recursive: true, force: true });
});

/** Processes whose command line names `dir`: the postmaster and its children. */
function processesOn(dir: string): string[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return cmd.includes(dir) && !cmd.includes('vitest') ? [`${pid}: ${cmd}`] : [];
      } catch {
        return [];
      }
    });
}

/** A live process (an orphan's zombie, waiting for PID 1 to reap it, does not count). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

const postmasterPid = (dir: string) => Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);

describe('embedded PostgreSQL driver', () => {
  it('keeps every acknowledged commit across a kill -9 of its process, restarts, and close leaves no process', async () => {
    const dir = join(scratch, 'crash', 'postgres');
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/system/embeddedPostgresWriter.ts', dir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const acked: number[] = [];
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    let buffered = '';
    const enough = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) if (line.startsWith('ack ')) acked.push(Number(line.slice(4)));
        if (acked.length >= 300) resolve();
      });
      child.once('exit', (code) => reject(new Error(`writer exited with ${code}: ${output}`)));
    });
    await enough;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    // The database server outlived its parent.
    const orphan = postmasterPid(dir);
    expect(running(orphan)).toBe(true);

    const db = await openEmbeddedPostgres(dir, { log: () => undefined });
    expect(running(orphan)).toBe(false); // the leftover was stopped, ours started
    expect(running(postmasterPid(dir))).toBe(true);
    const rows = await db.query<{ n: number }>('select n from acked');
    const present = new Set(rows.map((r) => r.n));
    expect(acked.filter((n) => !present.has(n))).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(acked.length);
    await db.close();

    expect(existsSync(join(dir, 'postmaster.pid'))).toBe(false);
    expect(processesOn(dir)).toEqual([]);
  });

  it("starts the database with its malloc setting, and a caller's own GLIBC_TUNABLES after it, so the caller's win", () => {
    expect(postmasterEnvironment({ PATH: '/bin' })).toEqual({ PATH: '/bin', LC_MESSAGES: 'C', GLIBC_TUNABLES: DATABASE_MALLOC_TUNABLES });
    expect(postmasterEnvironment({ GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=0' }).GLIBC_TUNABLES).toBe(`${DATABASE_MALLOC_TUNABLES}:glibc.malloc.trim_threshold=0`);
  });

  it('runs two clusters side by side on different directories', async () => {
    const a = await openEmbeddedPostgres(join(scratch, 'a', 'postgres'), { log: () => undefined });
    const b = await openEmbeddedPostgres(join(scratch, 'b', 'postgres'), { log: () => undefined });
    try {
      await a.exec('create table t (v text)');
      await a.query('insert into t values ($1)', ['a']);
      await b.exec('create table t (v text)');
      expect(await a.query('select v from t')).toEqual([{ v: 'a' }]);
      expect(await b.query('select v from t')).toEqual([]);
      // Its processes keep freed heap instead of faulting it in again at every statement.
      const environment = readFileSync(`/proc/${postmasterPid(join(scratch, 'a', 'postgres'))}/environ`, 'utf8').split('\0');
      expect(environment).toContain(`GLIBC_TUNABLES=${DATABASE_MALLOC_TUNABLES}`);
    } finally {
      await a.close();
      await b.close();
    }
    expect(processesOn(join(scratch, 'a'))).toEqual([]);
    expect(processesOn(join(scratch, 'b'))).toEqual([]);
  });
});
