import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { ResultCode, type SocketRefusal } from '../../src/domain/api.js';
import { localeFromHeader, type LocaleCode } from '../../src/domain/languages.js';
import { translate, type MessageKey } from '../i18n/messages.js';
import { ChannelRegistry } from './channels.js';

export const MAX_CHANNELS_PER_SOCKET = 100;

export interface Realtime {
  /** Pushes `payload` as event `data` to every subscriber of `channel`, tagged with the channel. */
  publish(channel: string, payload: object): void;
  /** Number of sockets in a channel, for tests and metrics. */
  subscriberCount(channel: string): number;
  close(): Promise<void>;
}

type Ack = (reply: { code: number; msg: string; channel?: string }) => void;

/**
 * The socket.io gateway of docs/API.md: clients emit `subscribe` / `unsubscribe` with a channel
 * name; the server pushes event `data`. Unknown channels and malformed messages are answered with
 * a translated refusal (ack, or event `refused`) and change nothing. A new subscriber gets the
 * channel's snapshot (see RealtimeOptions) or else its last payload, so a page need not wait.
 */
export interface RealtimeOptions {
  /**
   * A fresh snapshot for channels that have one (depth, trades, candles). Sent on every subscribe,
   * including a re-subscribe, which is how a client resyncs after a sequence gap. Channels without
   * one get the last payload published on them.
   */
  snapshot?: (channel: string) => object | undefined;
}

export function attachRealtime(server: HttpServer, registry: ChannelRegistry, options: RealtimeOptions = {}): Realtime {
  const io = new Server(server, { serveClient: false, maxHttpBufferSize: 16 * 1024 });
  const last = new Map<string, object>();

  io.on('connection', (socket) => {
    const lang = localeFromHeader(socket.handshake.auth?.lang ?? socket.handshake.query?.lang ?? socket.handshake.headers.lang);
    socket.on('subscribe', (message: unknown, ack?: unknown) => onSubscribe(socket, lang, message, ack));
    socket.on('unsubscribe', (message: unknown, ack?: unknown) => onUnsubscribe(socket, lang, message, ack));
  });

  function refuse(socket: Socket, lang: LocaleCode, key: MessageKey, ack: unknown, channel?: string): void {
    const refusal: SocketRefusal = { code: ResultCode.badRequest, msg: translate(lang, key), ...(channel ? { channel } : {}) };
    if (typeof ack === 'function') (ack as Ack)(refusal);
    else socket.emit('refused', refusal);
  }

  function accept(lang: LocaleCode, ack: unknown, channel: string): void {
    if (typeof ack === 'function') (ack as Ack)({ code: ResultCode.ok, msg: translate(lang, 'ok'), channel });
  }

  function onSubscribe(socket: Socket, lang: LocaleCode, message: unknown, ack: unknown): void {
    const channel = ChannelRegistry.parse(message);
    if (!channel) return refuse(socket, lang, 'malformedMessage', ack);
    if (!registry.has(channel)) return refuse(socket, lang, 'unknownChannel', ack, channel);
    if (!socket.rooms.has(channel) && socket.rooms.size > MAX_CHANNELS_PER_SOCKET) {
      return refuse(socket, lang, 'tooManyChannels', ack, channel);
    }
    void socket.join(channel);
    accept(lang, ack, channel);
    const snapshot = options.snapshot?.(channel);
    const latest = snapshot ? { ...snapshot, channel } : last.get(channel);
    if (latest) socket.emit('data', latest);
  }

  function onUnsubscribe(socket: Socket, lang: LocaleCode, message: unknown, ack: unknown): void {
    const channel = ChannelRegistry.parse(message);
    if (!channel) return refuse(socket, lang, 'malformedMessage', ack);
    void socket.leave(channel);
    accept(lang, ack, channel);
  }

  return {
    publish(channel, payload) {
      const tagged = { ...payload, channel };
      last.set(channel, tagged);
      io.to(channel).emit('data', tagged);
    },
    subscriberCount: (channel) => io.sockets.adapter.rooms.get(channel)?.size ?? 0,
    close: () => new Promise((resolve) => void io.close(() => resolve())),
  };
}
