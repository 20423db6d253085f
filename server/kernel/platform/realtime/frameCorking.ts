import { createRequire } from 'node:module';

/**
 * One write to the kernel per burst of frames, instead of one per frame.
 *
 * engine.io's WebSocket transport sends the packets it has queued for a socket in one `send(packets)`
 * call, but writes each as a frame of its own, and ws writes each frame with a cork/uncork of its
 * own: a socket that is owed five messages (a trade page's depth, trades, candle, ticker and private
 * channel after one batch; the home page's ten tickers) costs five `writev` system calls. Under load
 * those calls were the largest single cost of the server (bench:pipeline profile: `writev` 37 % of
 * the busy main thread). Corking the TCP socket around the whole `send` makes Node write the burst
 * with one `writev`; the frames, their order and their callbacks are unchanged, since ws's own
 * cork/uncork pairs nest inside ours.
 *
 * A patch of engine.io's transport prototype (socket.io stays the protocol and the API): the class
 * is reached through engine.io's public `transports` export, and a version that no longer matches
 * the shape used here is left alone (`installed` answers false) rather than half-patched.
 */
interface RawSocket {
  cork(): void;
  uncork(): void;
  destroyed?: boolean;
}

interface WebSocketTransport {
  socket?: { _socket?: RawSocket };
  send(packets: unknown[]): void;
}

type SendFn = (this: WebSocketTransport, packets: unknown[]) => void;

const require = createRequire(import.meta.url);
const transports = (require('engine.io') as { transports?: { websocket?: { prototype: WebSocketTransport } } }).transports;
const prototype = transports?.websocket?.prototype;
const original: SendFn | undefined = typeof prototype?.send === 'function' ? prototype.send : undefined;

const corked: SendFn = function (packets) {
  const raw = this.socket?._socket;
  if (!raw || raw.destroyed || packets.length < 2) return original!.call(this, packets);
  raw.cork();
  try {
    original!.call(this, packets);
  } finally {
    raw.uncork();
  }
};

/** Turns the burst corking on (the gateway's default) or off (bench:fanout compares both in one run). */
export function setFrameCorking(on: boolean): boolean {
  if (!prototype || !original) return false;
  prototype.send = on ? corked : original;
  return true;
}

/** Whether the transport is patched now. */
export function frameCorkingInstalled(): boolean {
  return prototype !== undefined && prototype.send === corked;
}
