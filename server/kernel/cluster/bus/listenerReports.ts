import type { Realtime } from '../../platform/realtime/gateway.js';
import type { ClusterRedis } from './cluster.js';
import { LISTENER_HEARTBEAT_MS, type ListenerReport } from './messages.js';

/** How soon after a user starts or stops listening here the owners hear of it (a burst goes together). */
const LISTENER_REPORT_DELAY_MS = 20;

/**
 * Who has a socket on the private channel here, told to every owner for the products that build
 * private pushes only for listeners (seconds' settlement): after a change and as a heartbeat.
 * `stop` reports no one, so the owners forget these users at once.
 */
export function reportListeners(
  cluster: ClusterRedis,
  sockets: Pick<Realtime, 'listeningUsers' | 'onUserListening'>,
  reporter: string,
  log: (message: string, error?: unknown) => void,
): { stop(): Promise<void> } {
  let due: NodeJS.Timeout | undefined;
  let stopped = false;
  const say = (users: number[]) => cluster.writer.publish(cluster.keys.listeners, JSON.stringify({ edge: reporter, users } satisfies ListenerReport));
  const report = () => {
    clearTimeout(due);
    due = undefined;
    if (!stopped) say(sockets.listeningUsers()).catch((error: unknown) => log('listener report failed', error));
  };
  sockets.onUserListening(() => (due ??= setTimeout(report, LISTENER_REPORT_DELAY_MS)));
  const heartbeat = setInterval(report, LISTENER_HEARTBEAT_MS);
  heartbeat.unref();
  // An owner that begins asks, and hears at once rather than at the next heartbeat.
  const asked = cluster.writer.duplicate({ connectionName: `${cluster.prefix}:listeners-asked` });
  asked.on('error', (error) => log('listener requests', error));
  asked.on('message', () => report());
  void asked.subscribe(cluster.keys.listenersAsked).catch((error: unknown) => log('listener requests', error));
  report();
  return {
    async stop() {
      stopped = true;
      clearTimeout(due);
      clearInterval(heartbeat);
      asked.disconnect();
      await say([]).catch(() => undefined);
    },
  };
}
