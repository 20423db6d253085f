import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { children } from './children.js';
import type { Probing } from './load.js';
import type { ProberSetup, ReadName } from './readProber.js';

export interface ReadProber {
  /** Starts timing `read` every `everyMs` in the prober's process. */
  every(read: ReadName, everyMs: number): Probing;
  /** Its process, whose CPU is the load generator's (reported apart). */
  child: ChildProcess;
}

/** Forks readProber.ts (the timed reads in a process of their own) and waits until it is ready. */
export async function startReadProber(setup: ProberSetup): Promise<ReadProber> {
  const child = fork(join(import.meta.dirname, 'readProber.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, READ_PROBER_SETUP: JSON.stringify(setup) },
  });
  children.add(child);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('read prober: not ready in 30 s')), 30_000);
    child.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => reject(new Error(`read prober exited (${code})`)));
  });
  const waiting = new Map<number, (latencies: number[]) => void>();
  child.on('message', (m: { type: string; id?: number; latencies?: number[] }) => {
    if (m.type === 'stopped' && m.id !== undefined) waiting.get(m.id)?.(m.latencies ?? []);
  });
  let ids = 0;
  return {
    child,
    every(read, everyMs) {
      const id = ++ids;
      child.send({ type: 'start', id, read, everyMs });
      return {
        stop: () =>
          new Promise<number[]>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`read prober: ${read} did not stop`)), 30_000);
            waiting.set(id, (latencies) => {
              clearTimeout(timer);
              waiting.delete(id);
              resolve(latencies);
            });
            child.send({ type: 'stop', id });
          }),
      };
    },
  };
}
