import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';

/** The scale-out browser specs' processes (edge.spec.ts, marketProcess.spec.ts): Redis, and server scripts run apart. */
export const REDIS = { host: '127.0.0.1', port: 6379 };

export function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(REDIS.port, REDIS.host);
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** A bus of the spec's own on the machine's Redis. */
export const busFor = (spec: string) => ({ REALTIME_BUS_URL: `redis://${REDIS.host}:${REDIS.port}`, REALTIME_BUS_PREFIX: `openex-e2e:${spec}:${process.pid}:${Date.now()}` });

/** Runs the server as `npm start` does (scripts/serve.mjs) in its own process group, so `kill` reaches all of it. */
export const runServer = (env: Record<string, string>): ChildProcess =>
  spawn(process.execPath, ['scripts/serve.mjs'], { detached: true, stdio: 'ignore', env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env } });

export function kill(child: ChildProcess | undefined): void {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch (error) {
    // Already gone (ESRCH): a clean-up that stopped here would leave the processes after it running.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
