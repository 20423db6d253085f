import { STATUS_CODES, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { listenKeyMissing, mandatoryParameter, type BinanceError } from '../errors.js';
import { AddressCount, clientAddress, DEFAULT_SOCKET_LIMITS } from '../../../kernel/platform/realtime/socketLimits.js';
import { invalidStream, readRequest, tooManyStreams, type StreamError, type StreamRequest } from './requests.js';
import { parseStream } from './streamNames.js';
import { SymbolFeed, type Snapshot } from './symbolFeed.js';
import { admitConnection, hearPongs, pingSweep } from './upkeep.js';

/** Binance's limits: streams per connection, incoming messages per second (more: disconnected). */
export const MAX_STREAMS = 1024;
export const MESSAGES_PER_SECOND = 5;

export interface StreamsOptions {
  /** The listed spot pair a lower-case Binance symbol names, if it trades. */
  pairOf(symbol: string): Promise<{ left: string; right: string } | undefined>;
  snapshot: Snapshot;
  /** Follows the gateway's public pushes (offers' `channels.follow`); answers the unfollow. */
  follow(listener: (channel: string, payload: object) => void): () => void;
  /**
   * Another kind of connection on /ws/<name> (a user data stream's listenKey, looked up in the
   * database before the handshake): what takes the connection once open, if the name is one.
   */
  privateStream?(name: string): Promise<((socket: WebSocket) => void) | undefined>;
  /** Open connections one address may hold (SOCKETS_PER_ADDRESS, as the socket.io gateway's); 0: no cap. */
  connectionsPerAddress?: number;
  /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES). */
  trustedProxies?: readonly string[];
}

/** A handshake refused as Binance's REST refuses: its status and `{code, msg}`, then the socket ended. */
function refuseUpgrade(socket: Duplex, error: BinanceError): void {
  const body = JSON.stringify(error.toBody());
  socket.end(`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

interface Connection {
  socket: WebSocket;
  combined: boolean;
  streams: Set<string>;
  /** When each of the last messages came (the rate allowance). */
  recent: number[];
  lastPong: number;
}

/**
 * Binance's market streams on the server's own port (docs/API.md "Binance WebSocket streams"):
 * `/ws/<stream>[/<stream>…]` raw, `/stream?streams=a/b/c` combined, and live SUBSCRIBE,
 * UNSUBSCRIBE, LIST_SUBSCRIPTIONS, SET_PROPERTY and GET_PROPERTY ("combined"). The events are made
 * by one SymbolFeed per market from the socket.io gateway's pushes, followed while any connection
 * is open; a name Binance would accept for a market not listed here is held and sends nothing.
 */
export function attachBinanceStreams(server: HttpServer, options: StreamsOptions) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const connections = new Set<Connection>();
  const subscribers = new Map<string, Set<Connection>>();
  const feeds = new Map<string, SymbolFeed>();
  const byChannel = new Map<string, SymbolFeed>();
  let unfollow: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let ticks = 0;
  const addresses = new AddressCount(options.connectionsPerAddress ?? DEFAULT_SOCKET_LIMITS.socketsPerAddress);

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    // USDⓈ-M's newer private address, `/private/ws?listenKey=<key>` (ccxt's binanceusdm), is a user data stream's too.
    const privateQuery = url.pathname === '/private/ws' ? (url.searchParams.get('listenKey') ?? '') : null;
    // No handler answering it, an upgrade was dropped without a word (a bot saw "socket hang up"): an HTTP refusal says why.
    if (privateQuery === '') return refuseUpgrade(socket, mandatoryParameter('listenKey'));
    const raw = url.pathname === '/ws' || url.pathname.startsWith('/ws/') || privateQuery !== null;
    if (!raw && url.pathname !== '/stream') return;
    // Over its address's cap: refused before the handshake, as Binance refuses too many connections.
    if (!admitConnection(addresses, clientAddress(request, options.trustedProxies), socket)) return;
    const names = privateQuery !== null ? [privateQuery] : raw ? url.pathname.slice(4).split('/').filter(Boolean) : (url.searchParams.get('streams') ?? '').split('/').filter(Boolean);
    if (privateQuery === null && (!raw || names.length !== 1 || !options.privateStream)) return void wss.handleUpgrade(request, socket, head, (ws) => open(ws, !raw, names));
    void (options.privateStream?.(names[0]!) ?? Promise.resolve(undefined)).then(
      (take) => {
        if (socket.destroyed) return;
        // /private/ws is a user data stream's address alone: a key that is none opened a connection that never told anything.
        if (!take && privateQuery !== null) return refuseUpgrade(socket, listenKeyMissing());
        // Not a live listenKey on /ws/<name>: a name that is no stream is ignored, as any other (open).
        wss.handleUpgrade(request, socket, head, (ws) => (take ? take(ws) : open(ws, false, names)));
      },
      () => socket.destroy(),
    );
  };
  server.on('upgrade', onUpgrade);
  const pinger = pingSweep(connections);

  function open(socket: WebSocket, combined: boolean, names: string[]): void {
    const connection: Connection = { socket, combined, streams: new Set(), recent: [], lastPong: Date.now() };
    connections.add(connection);
    unfollow ??= options.follow(heard);
    hearPongs(connection);
    socket.on('message', (data, isBinary) => onMessage(connection, isBinary ? '' : data.toString()));
    socket.on('close', () => close(connection));
    socket.on('error', () => socket.terminate());
    // Names in the URL that are no stream (ccxt opens /ws/0, then subscribes) are ignored, as Binance does.
    for (const name of names.slice(0, MAX_STREAMS)) if (parseStream(name)) subscribe(connection, name);
  }

  function close(connection: Connection): void {
    if (!connections.delete(connection)) return;
    for (const name of connection.streams) unsubscribe(connection, name);
    if (connections.size === 0) {
      unfollow?.();
      unfollow = undefined;
    }
  }

  function send(connection: Connection, message: object): void {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(message));
  }

  function onMessage(connection: Connection, text: string): void {
    const now = Date.now();
    connection.recent = connection.recent.filter((t) => now - t < 1000);
    connection.recent.push(now);
    if (connection.recent.length > MESSAGES_PER_SECOND) return void connection.socket.close(1008, 'Too many messages');
    const request = readRequest(text);
    if ('error' in request) return send(connection, request);
    send(connection, answer(connection, request));
  }

  function answer(connection: Connection, request: StreamRequest): object | StreamError {
    switch (request.method) {
      case 'SUBSCRIBE': {
        const bad = request.params.find((name) => !parseStream(name));
        if (bad !== undefined) return invalidStream(bad, request.id);
        const added = request.params.filter((name) => !connection.streams.has(name));
        if (connection.streams.size + new Set(added).size > MAX_STREAMS) return tooManyStreams(request.id);
        for (const name of added) subscribe(connection, name);
        return { result: null, id: request.id };
      }
      case 'UNSUBSCRIBE':
        for (const name of request.params) unsubscribe(connection, name);
        return { result: null, id: request.id };
      case 'LIST_SUBSCRIPTIONS':
        return { result: [...connection.streams], id: request.id };
      case 'SET_PROPERTY':
        connection.combined = request.combined;
        return { result: null, id: request.id };
      case 'GET_PROPERTY':
        return { result: connection.combined, id: request.id };
    }
  }

  function subscribe(connection: Connection, name: string): void {
    connection.streams.add(name);
    const held = subscribers.get(name);
    if (held) return void held.add(connection);
    subscribers.set(name, new Set([connection]));
    const stream = parseStream(name)!;
    void options.pairOf(stream.symbol).then(
      (pair) => {
        // Unsubscribed meanwhile, or no listed market: nothing to feed.
        if (!pair || !subscribers.has(name)) return;
        let feed = feeds.get(stream.symbol);
        if (!feed) {
          feed = new SymbolFeed(stream.symbol.toUpperCase(), pair.left, pair.right, options.snapshot, emit);
          feeds.set(stream.symbol, feed);
          for (const channel of feed.listensTo()) byChannel.set(channel, feed);
        }
        feed.add(stream);
        timer ??= startTimer();
      },
      () => undefined,
    );
  }

  function unsubscribe(connection: Connection, name: string): void {
    connection.streams.delete(name);
    const held = subscribers.get(name);
    if (!held?.delete(connection) || held.size > 0) return;
    subscribers.delete(name);
    const stream = parseStream(name);
    const feed = stream && feeds.get(stream.symbol);
    if (!feed) return;
    feed.remove(name);
    if (feed.streams.size > 0) return;
    feeds.delete(stream.symbol);
    for (const channel of feed.listensTo()) byChannel.delete(channel);
    if (feeds.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  function startTimer(): NodeJS.Timeout {
    const every = setInterval(() => {
      ticks += 1;
      for (const feed of feeds.values()) {
        feed.interval(true);
        if (ticks % 10 === 0) feed.interval(false);
      }
    }, 100);
    every.unref();
    return every;
  }

  function heard(channel: string, payload: object): void {
    const feed = byChannel.get(channel);
    if (!feed) return;
    try {
      feed.heard(channel, payload);
    } catch {
      // A push this feed cannot read changes nothing: the gateway and its sockets go on.
    }
  }

  function emit(stream: string, payload: object): void {
    const text = JSON.stringify(payload);
    let wrapped: string | undefined;
    for (const connection of subscribers.get(stream) ?? []) {
      if (connection.socket.readyState !== connection.socket.OPEN) continue;
      connection.socket.send(connection.combined ? (wrapped ??= JSON.stringify({ stream, data: payload })) : text);
    }
  }

  return {
    /** Open connections (tests). */
    connections: () => connections.size,
    close(): void {
      server.off('upgrade', onUpgrade);
      clearInterval(pinger);
      if (timer) clearInterval(timer);
      for (const c of connections) c.socket.terminate();
      unfollow?.();
      wss.close();
    },
  };
}
