/**
 * A process started beside others on one PostgreSQL may find it full for a moment (three nodes and
 * their pools starting at once: `too many clients`, 53300) or still starting (57P03), or not yet
 * listening (ECONNREFUSED, the database container started with the nodes). Exiting then made a
 * node started together with others die at random (issue 53 §2): it waits and tries again, saying
 * so once, for as long as `giveUpMs` — a wrong address or password fails at once, as before.
 */
const TRANSIENT_CODES = new Set(['53300', '57P03', 'ECONNREFUSED', 'ECONNRESET']);
export const CONNECT_RETRY_MS = 250;
export const CONNECT_GIVE_UP_MS = 120_000;

export function transientConnectError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRANSIENT_CODES.has(code);
}

/**
 * A database that refused a new connection for being full or starting (53300, 57P03): the statement
 * never ran, so it may be sent again. Unlike a refused address, waiting is what a pool at its own
 * limit does too; a database that is down still fails at once (the crash tests' prompt 503).
 */
export function databaseFullError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '53300' || code === '57P03';
}

/** Runs `attempt` until it succeeds, retrying transient connection errors every `retryMs` up to `giveUpMs`. */
export async function untilConnected<T>(
  attempt: () => Promise<T>,
  options: { retryMs?: number; giveUpMs?: number; onWait?: (error: unknown) => void; now?: () => number; transient?: (error: unknown) => boolean } = {},
): Promise<T> {
  const now = options.now ?? Date.now;
  const deadline = now() + (options.giveUpMs ?? CONNECT_GIVE_UP_MS);
  let told = false;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!(options.transient ?? transientConnectError)(error) || now() >= deadline) throw error;
      if (!told) options.onWait?.(error);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? CONNECT_RETRY_MS));
    }
  }
}
