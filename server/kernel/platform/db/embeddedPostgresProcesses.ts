import { readdirSync, readFileSync } from 'node:fs';
import { platform } from 'node:os';

/** Process helpers of the embedded PostgreSQL (embeddedPostgres.ts): pids, /proc, signals, its log. */

export function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Alive and not a zombie (an orphan's zombie lingers where PID 1 does not reap). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return procState(pid) !== 'Z'; // no /proc (macOS): undefined, trust kill(0)
}

/** The process state letter from /proc (R, S, Z, …), or undefined without /proc. */
export function procState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0];
  } catch {
    return undefined;
  }
}

/** `pid` has exited but was not reaped (Linux; elsewhere: never). */
export function isZombie(pid: number): boolean {
  return procState(pid) === 'Z';
}

/** Processes of process group `pgid` that still run (not zombies), from /proc (Linux; elsewhere 0). */
export function liveGroupMembers(pgid: number): number {
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

export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return platform() === 'linux' ? '' : 'postgres node'; // no /proc: cannot tell, assume it is ours
  }
}

export function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

export function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '(no log)';
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
