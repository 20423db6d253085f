/**
 * The embedded database's CPU, from /proc: in all (its postmaster and every process it started),
 * and split by what its processes do (issue 55 §2) — the connections' backends (the statements),
 * autovacuum, the WAL writer, the checkpointer and background writer, and what processes that have
 * exited used (reaped into the postmaster's counters: closed connections and finished autovacuum
 * workers, so the total never drops when one exits) — with their minor page faults: the cost of a
 * heap handed back to the kernel and taken again (embeddedPostgresPostmaster.ts
 * DATABASE_MALLOC_TUNABLES). Only that server's processes, not every process named postgres.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLOCK_TICKS, statFields } from './load.js';

export interface DatabaseUsage {
  /** CPU seconds so far, by role. */
  cpu: Record<string, number>;
  minorFaults: number;
}

/** A backend's title ("postgres: user db 127.0.0.1(5432) idle"), named by what it does. */
export function roleOf(title: string): string {
  if (title.includes('autovacuum')) return 'autovacuum';
  if (title.includes('walwriter') || title.includes('wal writer')) return 'walwriter';
  if (title.includes('checkpointer') || title.includes('background writer')) return 'checkpoints';
  if (/\(\d+\)|\[local\]/.test(title)) return 'connections';
  return 'other';
}

/** The embedded PostgreSQL of `dataDir` so far; undefined when it is not running (PGlite, DATABASE_URL). */
export function databaseUsage(dataDir: string): DatabaseUsage | undefined {
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const usage: DatabaseUsage = { cpu: {}, minorFaults: 0 };
  const add = (role: string, ticks: number) => (usage.cpu[role] = (usage.cpu[role] ?? 0) + ticks / CLOCK_TICKS);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(entry);
      const own = Number(fields[11]) + Number(fields[12]);
      if (Number(entry) === postmaster) {
        add('postmaster', own);
        add('exited', Number(fields[13]) + Number(fields[14]));
        usage.minorFaults += Number(fields[7]) + Number(fields[8]);
      } else if (Number(fields[1]) === postmaster) {
        add(roleOf(readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ')), own);
        usage.minorFaults += Number(fields[7]);
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return usage;
}

/** CPU seconds used so far by the embedded PostgreSQL of `dataDir`, every role together. */
export function postmasterCpuSeconds(dataDir: string): number | undefined {
  const usage = databaseUsage(dataDir);
  return usage && Object.values(usage.cpu).reduce((sum, seconds) => sum + seconds, 0);
}

/** Each role's CPU-ms per order between two readings, largest first, then the faults per order: "connections 0.31, autovacuum 0.05, …; 12.0 minor faults". */
export function usagePerOrder(before: DatabaseUsage | undefined, after: DatabaseUsage | undefined, orders: number): string {
  if (!before || !after || orders === 0) return '';
  const roles = Object.entries(after.cpu)
    .map(([role, seconds]) => [role, ((seconds - (before.cpu[role] ?? 0)) * 1000) / orders] as const)
    .filter(([, perOrder]) => perOrder > 0.0005)
    .sort((a, b) => b[1] - a[1])
    .map(([role, perOrder]) => `${role} ${perOrder.toFixed(3)}`)
    .join(', ');
  return `${roles}; ${((after.minorFaults - before.minorFaults) / orders).toFixed(1)} minor faults`;
}
