import { Worker } from 'node:worker_threads';

/** A check sent to the estimate's thread, and its answer. */
export interface StrengthAsk {
  id: number;
  password: string;
  related: string[];
}
export type StrengthAnswer = { id: number; strong: boolean } | { id: number; error: string };

// Read through a variable: the bundle's build (scripts/build-server.mjs) rewrites the text
// `import.meta.url` to each source file's own location, and here the bundle's location is wanted.
const meta = import.meta;
const here = meta.url;
/** In the bundle (main.mjs) the built worker lies beside it; from the sources, worker.ts through tsx. */
const fromBundle = here.endsWith('.mjs');
/** A thread that dies is started again this many times for the checks it had not answered. */
const RESTARTS = 2;

/**
 * The password policy's strength estimate (domain/passwordStrength.ts) on a thread of its own,
 * which alone imports it. On the event loop it held ~25 MB of dictionaries in the heap every major
 * collection marks (a third of a trading server's live heap: longer pauses for every request) and
 * blocked the loop for 10–200 ms a check (a sign-up stalled every market's orders meanwhile). The
 * thread starts at the first check and stays, keeping the process alive only while a check waits;
 * checks are answered in order. One that dies is started again for what it had not answered.
 */
export function passwordStrengthThread() {
  let worker: Worker | undefined;
  let nextId = 1;
  let restarts = 0;
  const pending = new Map<number, { ask: StrengthAsk; resolve(strong: boolean): void; reject(error: Error): void }>();

  const died = (started: Worker, why: unknown) => {
    if (worker !== started) return;
    worker = undefined;
    if (pending.size === 0) return;
    if (restarts++ < RESTARTS) {
      const again = (worker = start());
      for (const { ask } of pending.values()) again.postMessage(ask);
      return;
    }
    const error = new Error(`the password strength thread stopped: ${why instanceof Error ? why.message : String(why)}`);
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  const start = () => {
    const started = fromBundle
      ? new Worker(new URL('./passwordStrengthWorker.mjs', here))
      : new Worker(new URL('./boot.mjs', here), { workerData: { entry: new URL('./worker.ts', here).href } });
    started.on('message', (answer: StrengthAnswer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      restarts = 0;
      // Idle, the thread never keeps the process alive; a check waiting for it does.
      if (pending.size === 0) started.unref();
      if ('error' in answer) waiting.reject(new Error(answer.error));
      else waiting.resolve(answer.strong);
    });
    started.on('error', (error) => died(started, error));
    started.on('exit', (code) => died(started, `exit ${code}`));
    return started;
  };

  return {
    /** Whether `password` scores at least PASSWORD_MIN_SCORE, not leaning on `related`. */
    strongEnough(password: string, related: readonly string[] = []): Promise<boolean> {
      const ask: StrengthAsk = { id: nextId++, password, related: [...related] };
      return new Promise((resolve, reject) => {
        pending.set(ask.id, { ask, resolve, reject });
        worker ??= start();
        worker.ref();
        worker.postMessage(ask);
      });
    },
    /** Ends the thread (a test's clean-up): what it had not answered is refused; the next check starts another. */
    async stop(): Promise<void> {
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
      for (const { reject } of pending.values()) reject(new Error('the password strength thread was stopped'));
      pending.clear();
    },
  };
}

/** The process's one estimate thread. */
export const passwordStrength = passwordStrengthThread();
