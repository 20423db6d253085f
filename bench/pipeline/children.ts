import type { ChildProcess } from 'node:child_process';

/** The run's child processes and the server's pid: killed whatever way the run ends (watchdog, signal, end). */
export const children = new Set<ChildProcess>();
export const serverPids = new Set<number>();
export function killChildren(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const pid of serverPids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
