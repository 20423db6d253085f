import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { AddressCount, clientAddress, DEFAULT_SOCKET_LIMITS } from '../../../kernel/platform/realtime/socketLimits.js';
import { BinanceError, illegalParameter, keyFormatInvalid, mandatoryParameter, unknownError } from '../errors.js';
import { admitConnection, hearPongs, pingSweep } from './upkeep.js';

/** Binance's WebSocket API path for spot (ccxt.pro's `urls.api.ws['ws-api'].spot`). */
export const WS_API_PATH = '/ws-api/v3';
/** Requests a connection may send in a second; more: disconnected (the market streams' 5 is for SUBSCRIBE messages, not requests). */
const REQUESTS_PER_SECOND = 50;
/** Active subscriptions one connection may hold (Binance's limit). */
const MAX_SUBSCRIPTIONS = 1000;
/**
 * How often each subscription's API key is checked again: one revoked (a password change, a freeze,
 * its owner's delete) or no longer allowed from the address ends its subscription within this.
 */
const KEY_CHECK_EVERY_MS = 5000;

/** What a signature subscription sends: `params` as the client signed them, the signature among them. */
export interface SignedSubscription {
  apiKey: string;
  /** The signed text: every parameter but `signature`, sorted by name, `name=value` joined by `&` (Binance's rule). */
  text: string;
  signature: string;
  timestamp: number;
  recvWindow?: number;
  ip: string;
}

export interface WsApiOptions {
  /** The user a signature subscription acts for (the key, its addresses, timestamp and signature checked), or a BinanceError. */
  signedUser(request: SignedSubscription): Promise<number>;
  /** Whether the key that subscribed is still live and allowed from the address. */
  keyStillValid(apiKey: string, ip: string): Promise<boolean>;
  /** Follows the user's spot user data stream's events (userStreams.ts); answers the unfollow. */
  subscribeUser(userId: number, push: (event: object) => void): () => void;
  connectionsPerAddress?: number;
  trustedProxies?: readonly string[];
}

interface Session {
  socket: WebSocket;
  address: string;
  /** subscriptionId → the user, the key that subscribed, and the unfollow. */
  subscriptions: Map<number, { userId: number; apiKey: string; stop: () => void }>;
  nextId: number;
  recent: number[];
  lastPong: number;
}

/**
 * Binance's spot WebSocket API, its user data stream requests (docs/API.md "Binance WebSocket API"):
 * `userDataStream.subscribe.signature` (how ccxt.pro's binance watches spot orders, trades and
 * balances), `userDataStream.unsubscribe`, `session.subscriptions`, `ping` and `time`. Events come
 * as `{"subscriptionId", "event"}` from the same user data stream the listenKeys feed; answers as
 * `{"id", "status", "result"}` or `{"id", "status", "error": {"code", "msg"}}`. Other methods
 * (orders over the socket) are refused as unknown.
 */
export function attachWsApi(server: HttpServer, options: WsApiOptions) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const sessions = new Set<Session>();
  const addresses = new AddressCount(options.connectionsPerAddress ?? DEFAULT_SOCKET_LIMITS.socketsPerAddress);

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== WS_API_PATH) return;
    const address = clientAddress(request, options.trustedProxies);
    if (!admitConnection(addresses, address, socket)) return;
    wss.handleUpgrade(request, socket, head, (ws) => open(ws, address));
  };
  server.on('upgrade', onUpgrade);
  const pinger = pingSweep(sessions);
  const keyChecker = setInterval(() => void checkKeys(), KEY_CHECK_EVERY_MS);
  keyChecker.unref();

  /** Ends the subscriptions whose key no longer holds, telling each `eventStreamTerminated` (as Binance does). A failed check ends nothing. */
  async function checkKeys(): Promise<void> {
    for (const session of [...sessions]) {
      for (const [subscriptionId, subscription] of [...session.subscriptions]) {
        const valid = await options.keyStillValid(subscription.apiKey, session.address).catch(() => true);
        if (valid || session.subscriptions.get(subscriptionId) !== subscription) continue;
        subscription.stop();
        session.subscriptions.delete(subscriptionId);
        send(session, { subscriptionId, event: { e: 'eventStreamTerminated', E: Date.now() } });
      }
    }
  }

  function open(socket: WebSocket, address: string): void {
    const session: Session = { socket, address, subscriptions: new Map(), nextId: 0, recent: [], lastPong: Date.now() };
    sessions.add(session);
    hearPongs(session);
    socket.on('message', (data, isBinary) => void onMessage(session, isBinary ? '' : data.toString()));
    socket.on('close', () => end(session));
    socket.on('error', () => socket.terminate());
  }

  function end(session: Session): void {
    if (!sessions.delete(session)) return;
    for (const { stop } of session.subscriptions.values()) stop();
    session.subscriptions.clear();
  }

  function send(session: Session, message: object): void {
    if (session.socket.readyState === session.socket.OPEN) session.socket.send(JSON.stringify(message));
  }

  async function onMessage(session: Session, text: string): Promise<void> {
    const now = Date.now();
    session.recent = session.recent.filter((t) => now - t < 1000);
    session.recent.push(now);
    if (session.recent.length > REQUESTS_PER_SECOND) return void session.socket.close(1008, 'Too many requests');
    const request = parse(text);
    if (!request) return send(session, { id: null, status: 400, error: { code: -1100, msg: 'Malformed request: a JSON object with "id", "method" and "params" is expected.' } });
    try {
      send(session, { id: request.id, status: 200, result: await answer(session, request) });
    } catch (error) {
      const refusal = error instanceof BinanceError ? error : unknownError();
      send(session, { id: request.id, status: refusal.status, error: refusal.toBody() });
    }
  }

  async function answer(session: Session, request: WsRequest): Promise<unknown> {
    switch (request.method) {
      case 'ping':
        return {};
      case 'time':
        return { serverTime: Date.now() };
      case 'session.subscriptions':
        return [...session.subscriptions.keys()].map((subscriptionId) => ({ subscriptionId }));
      case 'userDataStream.unsubscribe': {
        const id = request.params['subscriptionId'];
        if (id === undefined) {
          unsubscribeAll(session);
          return {};
        }
        if (typeof id !== 'number' || !session.subscriptions.has(id)) throw illegalParameter('subscriptionId', 'no such subscription');
        session.subscriptions.get(id)!.stop();
        session.subscriptions.delete(id);
        return {};
      }
      case 'userDataStream.subscribe.signature':
        return subscribe(session, request.params);
      default:
        throw new BinanceError(400, -1100, `Illegal characters found in parameter 'method'; '${String(request.method).slice(0, 64)}' is not offered on OpenEx.`);
    }
  }

  function unsubscribeAll(session: Session): void {
    for (const { stop } of session.subscriptions.values()) stop();
    session.subscriptions.clear();
  }

  async function subscribe(session: Session, params: Record<string, unknown>): Promise<{ subscriptionId: number }> {
    const apiKey = params['apiKey'];
    if (typeof apiKey !== 'string' || !/^[A-Za-z0-9]{64}$/.test(apiKey)) throw keyFormatInvalid();
    const signature = params['signature'];
    if (typeof signature !== 'string' || signature === '') throw mandatoryParameter('signature');
    const timestamp = wholeNumber(params['timestamp']);
    if (timestamp === undefined) throw mandatoryParameter('timestamp');
    const recvWindow = params['recvWindow'] === undefined ? undefined : wholeNumber(params['recvWindow']);
    if (params['recvWindow'] !== undefined && recvWindow === undefined) throw illegalParameter('recvWindow');
    const names = Object.keys(params).filter((name) => name !== 'signature').sort();
    for (const name of names) if (!['apiKey', 'timestamp', 'recvWindow'].includes(name)) throw illegalParameter(name, 'not read by this method');
    const text = names.map((name) => `${name}=${String(params[name])}`).join('&');
    const userId = await options.signedUser({ apiKey, text, signature, timestamp, recvWindow, ip: session.address });
    if (!sessions.has(session)) throw unknownError();
    if ([...session.subscriptions.values()].some((s) => s.userId === userId)) throw new BinanceError(400, -1100, 'This account already has a subscription on this connection.');
    if (session.subscriptions.size >= MAX_SUBSCRIPTIONS) throw new BinanceError(400, -1100, `A connection holds at most ${MAX_SUBSCRIPTIONS} subscriptions.`);
    const subscriptionId = session.nextId++;
    const stop = options.subscribeUser(userId, (event) => send(session, { subscriptionId, event }));
    session.subscriptions.set(subscriptionId, { userId, apiKey, stop });
    return { subscriptionId };
  }

  return {
    close(): void {
      server.off('upgrade', onUpgrade);
      clearInterval(pinger);
      clearInterval(keyChecker);
      for (const s of [...sessions]) {
        end(s);
        s.socket.terminate();
      }
      wss.close();
    },
  };
}

interface WsRequest {
  id: string | number | null;
  method: string;
  params: Record<string, unknown>;
}

/** A request as Binance takes it: `id` a string, a number or null; `method` text; `params` an object if sent. */
function parse(text: string): WsRequest | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { id = null, method, params = {} } = value as Record<string, unknown>;
  if (!(id === null || typeof id === 'number' || (typeof id === 'string' && id.length <= 64))) return undefined;
  if (typeof method !== 'string') return undefined;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return undefined;
  return { id, method, params: params as Record<string, unknown> };
}

/** A timestamp or window as a whole number, sent as a number or as its digits. */
function wholeNumber(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}
