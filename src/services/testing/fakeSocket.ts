import type { ConnectionEvent, SocketClient, TickListener } from '../socket';

/**
 * An in-memory SocketClient for tests: `push` delivers a payload to a channel's listeners,
 * `drop`/`reconnect` play a connection loss, and every (re)subscribe is recorded.
 */
export function createFakeSocket() {
  const listeners = new Map<string, Set<TickListener>>();
  const statusListeners = new Set<(connected: boolean) => void>();
  const connectionListeners = new Set<(event: ConnectionEvent) => void>();
  const subscribes: string[] = [];
  const unsubscribes: string[] = [];
  let connected = true;

  const socket: SocketClient = {
    subscribe(channel, listener) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        subscribes.push(channel);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(channel);
        current?.delete(listener);
        if (current && current.size === 0) {
          listeners.delete(channel);
          unsubscribes.push(channel);
        }
      };
    },
    resubscribe(channel) {
      if (connected && listeners.has(channel)) subscribes.push(channel);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    onConnection(listener) {
      connectionListeners.add(listener);
      if (connected) listener({ type: 'connected' });
      return () => connectionListeners.delete(listener);
    },
    close: () => undefined,
  };

  return {
    socket,
    subscribes,
    unsubscribes,
    joined: (channel: string) => listeners.has(channel),
    push(channel: string, payload: object) {
      listeners.get(channel)?.forEach((l) => l({ channel, ...payload }));
    },
    drop() {
      connected = false;
      statusListeners.forEach((l) => l(false));
      connectionListeners.forEach((l) => l({ type: 'disconnected', reason: 'transport close' }));
    },
    reconnecting(attempt: number) {
      connectionListeners.forEach((l) => l({ type: 'reconnecting', attempt }));
    },
    reconnect() {
      connected = true;
      for (const channel of listeners.keys()) subscribes.push(channel);
      statusListeners.forEach((l) => l(true));
      connectionListeners.forEach((l) => l({ type: 'connected' }));
    },
  };
}
