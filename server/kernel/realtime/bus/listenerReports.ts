import type { Realtime } from '../gateway.js';
import { LISTENER_HEARTBEAT_MS } from './servingSide.js';
import type { RealtimeBus } from './redisBus.js';

/** How soon after a user starts or stops listening here the serving processes hear of it. */
const LISTENER_REPORT_DELAY_MS = 50;

/**
 * Who has a socket on the private channel here, told to every serving process on `buses` (the
 * server, each market or product process), for their products that build private pushes only for
 * listeners (seconds contracts' settlement): reported shortly after a change (changes in a burst go
 * together) and as a heartbeat. `stop` sends an empty report, so they forget these users at once
 * rather than after three missed heartbeats; the sockets that close after it are not reported.
 */
export function reportListeners(
  buses: readonly RealtimeBus[],
  sockets: Pick<Realtime, 'listeningUsers' | 'onUserListening'>,
  reporter: string,
  log: (message: string, error?: unknown) => void,
): { stop(): Promise<void> } {
  let due: NodeJS.Timeout | undefined;
  let stopped = false;
  const report = () => {
    clearTimeout(due);
    due = undefined;
    if (stopped) return;
    const users = sockets.listeningUsers();
    for (const bus of buses) bus.reportListeners({ edge: reporter, users }).catch((error: unknown) => log('listener report failed', error));
  };
  sockets.onUserListening(() => (due ??= setTimeout(report, LISTENER_REPORT_DELAY_MS)));
  const heartbeat = setInterval(report, LISTENER_HEARTBEAT_MS);
  heartbeat.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(due);
      clearInterval(heartbeat);
      await Promise.all(buses.map((bus) => bus.reportListeners({ edge: reporter, users: [] }).catch(() => undefined)));
    },
  };
}
