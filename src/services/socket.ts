import { io, type Socket } from 'socket.io-client';

export type TickListener = (payload: unknown) => void;

export interface SocketClient {
  /** Joins a channel; the returned function leaves it. Several listeners may share a channel. */
  subscribe(channel: string, listener: TickListener): () => void;
  onStatus(listener: (connected: boolean) => void): () => void;
  close(): void;
}

/**
 * The socket.io connection of docs/API.md. Channels are reference-counted, and every joined
 * channel is subscribed again after a reconnect, so market actors need not know about drops.
 */
export function createSocketClient(options: { url?: string; getLang: () => string }): SocketClient {
  const socket: Socket = io(options.url ?? '/', {
    transports: ['websocket'],
    auth: (cb) => cb({ lang: options.getLang() }),
    reconnectionDelayMax: 5000,
  });
  const listeners = new Map<string, Set<TickListener>>();
  const statusListeners = new Set<(connected: boolean) => void>();

  socket.on('connect', () => {
    for (const channel of listeners.keys()) socket.emit('subscribe', channel);
    statusListeners.forEach((l) => l(true));
  });
  socket.on('disconnect', () => statusListeners.forEach((l) => l(false)));
  socket.on('data', (payload: unknown) => {
    const channel = (payload as { channel?: unknown } | null)?.channel;
    if (typeof channel !== 'string') return;
    listeners.get(channel)?.forEach((l) => l(payload));
  });

  return {
    subscribe(channel, listener) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        if (socket.connected) socket.emit('subscribe', channel);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(channel);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) {
          listeners.delete(channel);
          if (socket.connected) socket.emit('unsubscribe', channel);
        }
      };
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    close: () => void socket.close(),
  };
}
