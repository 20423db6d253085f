import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { AddressCount } from '../../../kernel/platform/realtime/socketLimits.js';

// What the market streams (hub.ts) and the WebSocket API (wsApi.ts) keep alike: Binance's ping rule
// and its cap on one address's connections.

/** A ping frame every 20 s; no pong for a minute: disconnected (Binance's rule). */
const PING_EVERY_MS = 20_000;
const PONG_WITHIN_MS = 60_000;

/** An open connection as the ping sweep sees it. */
export interface Alive {
  socket: WebSocket;
  lastPong: number;
}

/**
 * One more connection from `address`, counted before its handshake, or refused as Binance refuses
 * too many (429, the socket ended): false. A counted place is freed when its socket closes.
 */
export function admitConnection(addresses: AddressCount, address: string, socket: Duplex): boolean {
  if (!addresses.admit(address)) {
    socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    return false;
  }
  socket.once('close', () => addresses.release(address));
  return true;
}

/** Pings every connection of `open` (read at each sweep) and ends one unheard for a minute; the timer, for the close to clear. */
export function pingSweep(open: Iterable<Alive>): NodeJS.Timeout {
  const timer = setInterval(() => {
    const now = Date.now();
    for (const c of open) {
      if (now - c.lastPong > PONG_WITHIN_MS) c.socket.terminate();
      else c.socket.ping();
    }
  }, PING_EVERY_MS);
  timer.unref();
  return timer;
}

/** A connection's pongs keep it: each moves its `lastPong`. */
export function hearPongs(alive: Alive): void {
  alive.socket.on('pong', () => (alive.lastPong = Date.now()));
}
