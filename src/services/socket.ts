import type { Socket } from 'socket.io-client';

export type TickListener = (payload: unknown) => void;

/** What the connection machine hears about the socket (socket.io's own events, translated). */
export type ConnectionEvent =
  | { type: 'connected' }
  | { type: 'disconnected'; reason: string }
  | { type: 'reconnecting'; attempt: number }
  | { type: 'connectFailed' };

export interface SocketClient {
  /**
   * Joins a channel; the returned function leaves it. Several listeners may share a channel.
   * `request` is what `subscribe` emits instead of the bare channel name — the private user
   * channel sends `{ channel: 'user', token }` — and is sent again after every reconnect. To
   * subscribe with a new request (another token), leave and join again.
   */
  subscribe(channel: string, listener: TickListener, request?: object): () => void;
  /**
   * Emits `subscribe` with `resync: true` for a joined channel. Channels with a snapshot (depth,
   * trades) answer it with a fresh one, which is how a client resynchronises (docs/API.md); a plain
   * repeated subscribe sends nothing. Does
   * nothing while disconnected: the reconnect subscribes every joined channel anyway.
   */
  resubscribe(channel: string): void;
  /** true on every (re)connect, after the joined channels were subscribed again; false on a drop. */
  onStatus(listener: (connected: boolean) => void): () => void;
  /** The finer story for the connection indicator; a listener added while connected hears so at once. */
  onConnection(listener: (event: ConnectionEvent) => void): () => void;
  close(): void;
}

/**
 * The socket.io connection of docs/API.md. Channels are reference-counted, and every joined
 * channel is subscribed again after a reconnect, so market actors need not know about drops
 * (the order book still listens to onStatus: a reconnect means its deltas must wait for a new
 * snapshot).
 */
export function createSocketClient(options: {
  url?: string;
  getLang: () => string;
  /** The server refused or ended a subscription (`refused`: a revoked session's private channel, docs/API.md). */
  onRefused?: (refusal: { code: number; msg?: string; channel?: string }) => void;
}): SocketClient {
  // socket.io's client is a chunk of its own, fetched beside the app's startup requests (live
  // data is subscribed only after the pair list), so it stays off the first page's critical path.
  let socket: Socket | undefined;
  let closed = false;
  const connected = () => socket?.connected === true;
  const listeners = new Map<string, Set<TickListener>>();
  const requests = new Map<string, object>();
  const emitSubscribe = (channel: string) => socket?.emit('subscribe', requests.get(channel) ?? channel);
  // A repeated subscribe is a no-op on the server; a resync asks for the snapshot on purpose.
  const emitResync = (channel: string) => socket?.emit('subscribe', { ...(requests.get(channel) ?? { channel }), resync: true });
  const statusListeners = new Set<(connected: boolean) => void>();
  const connectionListeners = new Set<(event: ConnectionEvent) => void>();
  const report = (event: ConnectionEvent) => connectionListeners.forEach((l) => l(event));

  const open = (io: typeof import('socket.io-client').io) => {
    if (closed) return;
    const s: Socket = io(options.url ?? '/', {
      transports: ['websocket'],
      auth: (cb) => cb({ lang: options.getLang() }),
      reconnectionDelayMax: 5000,
    });
    socket = s;
    s.on('connect', () => {
      for (const channel of listeners.keys()) emitSubscribe(channel);
      statusListeners.forEach((l) => l(true));
      report({ type: 'connected' });
    });
    s.on('disconnect', (reason) => {
      statusListeners.forEach((l) => l(false));
      report({ type: 'disconnected', reason });
      // A server-side disconnect is not retried by socket.io itself; a trader's page should be.
      if (reason === 'io server disconnect') s.connect();
    });
    s.on('connect_error', () => report({ type: 'connectFailed' }));
    s.on('refused', (refusal: { code: number; msg?: string; channel?: string }) => options.onRefused?.(refusal));
    s.io.on('reconnect_attempt', (attempt) => report({ type: 'reconnecting', attempt }));
    // One `data` event carries every message the server had for this socket in one turn, in order.
    s.on('data', (...payloads: unknown[]) => {
      for (const payload of payloads) {
        const channel = (payload as { channel?: unknown } | null)?.channel;
        if (typeof channel === 'string') listeners.get(channel)?.forEach((l) => l(payload));
      }
    });
  };
  import('socket.io-client').then(
    (module) => open(module.io),
    () => report({ type: 'connectFailed' }),
  );

  return {
    subscribe(channel, listener, request) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        if (request) requests.set(channel, request);
        if (connected()) emitSubscribe(channel);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(channel);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) {
          listeners.delete(channel);
          requests.delete(channel);
          if (connected()) socket?.emit('unsubscribe', channel);
        }
      };
    },
    resubscribe(channel) {
      if (connected() && listeners.has(channel)) emitResync(channel);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    onConnection(listener) {
      connectionListeners.add(listener);
      if (connected()) listener({ type: 'connected' });
      return () => connectionListeners.delete(listener);
    },
    close: () => {
      closed = true;
      socket?.close();
    },
  };
}
