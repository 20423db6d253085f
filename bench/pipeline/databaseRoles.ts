/**
 * The embedded database's CPU by what its processes do (issue 55 §2): the connections' backends
 * (the statements), autovacuum, the WAL writer, the checkpointer and background writer, and what
 * processes that have exited used (reaped into the postmaster's counters: closed connections and
 * finished autovacuum workers). The total is postmasterCpuSeconds' (load.ts); this says which part
 * of it follows the statements and which the table upkeep behind them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const CLOCK_TICKS = 100; // USER_HZ on Linux

export type DatabaseRoles = Record<string, number>;

/** A backend's title ("postgres: user db 127.0.0.1(5432) idle"), named by what it does. */
export function roleOf(title: string): string {
  if (title.includes('autovacuum')) return 'autovacuum';
  if (title.includes('walwriter') || title.includes('wal writer')) return 'walwriter';
  if (title.includes('checkpointer') || title.includes('background writer')) return 'checkpoints';
  if (/\(\d+\)|\[local\]/.test(title)) return 'connections';
  return 'other';
}

/**
 * CPU seconds by role, and under `faults` the minor page faults of all of them (a process's own and
 * its reaped children's): the cost of a heap handed back to the kernel and taken again
 * (embeddedPostgresPostmaster.ts DATABASE_MALLOC_TUNABLES).
 */
export function databaseCpuByRole(dataDir: string): DatabaseRoles | undefined {
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const roles: DatabaseRoles = { faults: 0 };
  const add = (role: string, seconds: number) => (roles[role] = (roles[role] ?? 0) + seconds);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const own = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
      // minflt and cminflt: fields 10 and 11 of stat.
      roles.faults! += Number(fields[7]) + (Number(entry) === postmaster ? Number(fields[8]) : 0);
      if (Number(entry) === postmaster) {
        add('postmaster', own);
        add('exited', (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS);
      } else if (Number(fields[1]) === postmaster) {
        add(roleOf(readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ')), own);
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return roles;
}

/** Each role's CPU-ms per order between two readings, largest first, then the faults per order: "connections 0.31, autovacuum 0.05, …; 12 minor faults". */
export function rolesPerOrder(before: DatabaseRoles | undefined, after: DatabaseRoles | undefined, orders: number): string {
  if (!before || !after || orders === 0) return '';
  const faults = (after.faults! - before.faults!) / orders;
  const roles = Object.keys(after)
    .filter((role) => role !== 'faults')
    .map((role) => [role, ((after[role]! - (before[role] ?? 0)) * 1000) / orders] as const)
    .filter(([, perOrder]) => perOrder > 0.0005)
    .sort((a, b) => b[1] - a[1])
    .map(([role, perOrder]) => `${role} ${perOrder.toFixed(3)}`)
    .join(', ');
  return `${roles}; ${faults.toFixed(1)} minor faults`;
}
