import { io, type Socket } from 'socket.io-client';

type Reply = { code: number; msg: string; channel?: string };

/** A socket.io client that keeps the `data` messages it is given to keep, and waits for one. */
export interface SocketRecorder<T> {
  socket: Socket;
  /** Every kept message, in arrival order. */
  messages: T[];
  subscribe(message: unknown): Promise<Reply>;
  unsubscribe(message: unknown): Promise<Reply>;
  /** The first kept message (already here or coming, within `timeoutMs`, 5 s by default) for which `match` holds. */
  next(match: (message: T) => boolean, timeoutMs?: number): Promise<T>;
}

/** The channel and kind of the last messages kept, oldest first. */
function arrived(messages: readonly unknown[]): string {
  const last = messages.slice(-12).map((m) => {
    const { channel, kind } = (m ?? {}) as { channel?: unknown; kind?: unknown };
    return `${String(channel)}/${String(kind)}`;
  });
  return `${messages.length} in all${last.length > 0 ? `, the last ${last.length}: ${last.join(', ')}` : ''}`;
}

/**
 * Connects over WebSocket (as the web client does) in `lang` and records what arrives. `keep`
 * chooses the messages recorded (all by default); `opened` collects the sockets for the caller to close.
 */
export async function recordSocket<T = Record<string, unknown>>(
  url: string,
  { lang = 'en_US', keep = () => true, opened }: { lang?: string; keep?: (message: T) => boolean; opened?: Socket[] } = {},
): Promise<SocketRecorder<T>> {
  const socket = io(url, { transports: ['websocket'], auth: { lang }, forceNew: true, reconnection: false });
  opened?.push(socket);
  const messages: T[] = [];
  const waiters: Array<{ match: (m: T) => boolean; resolve: (m: T) => void }> = [];
  socket.on('data', (...payloads: T[]) => {
    for (const payload of payloads) {
      if (!keep(payload)) continue;
      messages.push(payload);
      for (const w of [...waiters]) if (w.match(payload)) waiters.splice(waiters.indexOf(w), 1) && w.resolve(payload);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    messages,
    subscribe: (message) => socket.timeout(5000).emitWithAck('subscribe', message),
    unsubscribe: (message) => socket.timeout(5000).emitWithAck('unsubscribe', message),
    next: (match, timeoutMs = 5000) => {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return Promise.race([
        new Promise<T>((resolve) => waiters.push({ match, resolve })),
        // Which wait, and what did come: a timeout on a loaded CI machine is read from its log alone.
        new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for a pushed message matching ${match.toString()}; came: ${arrived(messages)}`)), timeoutMs)),
      ]);
    },
  };
}
