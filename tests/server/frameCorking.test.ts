import { createServer, type Server as HttpServer } from 'node:http';
import { Socket as NetSocket, type AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spotPairs } from './spotPairs.js';
import { ChannelRegistry } from '../../server/kernel/platform/realtime/channels.js';
import { productChannels } from '../../server/products/channels.js';
import { frameCorkingInstalled, setFrameCorking } from '../../server/kernel/platform/realtime/frameCorking.js';
import { attachRealtime, type Realtime } from '../../server/kernel/platform/realtime/gateway.js';
import { setPushCoalescing } from '../../server/kernel/platform/realtime/pushCoalescer.js';

/**
 * A socket owed a burst of messages gets them in one write to the kernel: the gateway coalesces a
 * turn's pushes into one packet per socket (pushCoalescer.ts). Without coalescing, frame corking
 * still keeps it to at most two (the first frame, then everything engine.io queued behind it in one
 * corked write); without either, it is a write per message. Counted on the TCP socket itself, so
 * this fails if either stops applying.
 */
const PAIRS = spotPairs(['BTC', 'ETH', 'SOL', 'BNB', 'XRP', 'DOGE', 'ADA', 'TRX']);
const CHANNELS = PAIRS.map((p) => `${p.left_symbol.toLowerCase()}_usdt_tick`);

let http: HttpServer;
let realtime: Realtime;
let client: Socket;
const received: unknown[] = [];

beforeAll(async () => {
  http = createServer();
  realtime = attachRealtime(http, new ChannelRegistry(PAIRS, productChannels));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  client = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  client.on('data', (...payloads: unknown[]) => received.push(...payloads));
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  for (const channel of CHANNELS) await client.timeout(5000).emitWithAck('subscribe', channel);
});

afterAll(async () => {
  setFrameCorking(true);
  client?.close();
  await realtime?.close();
  await new Promise((resolve) => http?.close(resolve));
});

/** Publishes one message on every channel in one turn; answers how many kernel writes the process made until all arrived. */
async function burstWrites(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 50)); // nothing else in flight
  const proto = NetSocket.prototype as unknown as { _write: (...a: unknown[]) => unknown; _writev: (...a: unknown[]) => unknown };
  const write = proto._write;
  const writev = proto._writev;
  let writes = 0;
  // Only the gateway's side of the connection counts (its local port is the server's): the client's
  // own writes (a pong) and other sockets of this worker (a database pool a file before left
  // closing: the server suite shares its workers' processes) are not the burst's.
  const port = (http.address() as AddressInfo).port;
  const count = (socket: NetSocket) => {
    if (socket.localPort === port) writes += 1;
  };
  proto._write = function (this: NetSocket, ...args: unknown[]) {
    count(this);
    return write.apply(this, args);
  };
  proto._writev = function (this: NetSocket, ...args: unknown[]) {
    count(this);
    return writev.apply(this, args);
  };
  try {
    const target = received.length + CHANNELS.length;
    for (const channel of CHANNELS) realtime.publish(channel, { pair: channel, close: '1' });
    const deadline = Date.now() + 5000;
    while (received.length < target && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(received.length).toBe(target);
    return writes;
  } finally {
    proto._write = write;
    proto._writev = writev;
  }
}

describe('frame corking on the socket.io gateway', () => {
  it('is installed by the gateway', () => {
    expect(frameCorkingInstalled()).toBe(true);
  });

  it('sends a burst of eight messages published in one turn to one socket in one write, and in order', async () => {
    const start = received.length;
    expect(await burstWrites()).toBe(1);
    expect(received.slice(start).map((m) => (m as { channel: string }).channel)).toEqual(CHANNELS);
  });

  it('without coalescing, corking keeps the burst to at most two writes, in order', async () => {
    setPushCoalescing(false);
    try {
      const start = received.length;
      expect(await burstWrites()).toBeLessThanOrEqual(2);
      expect(received.slice(start).map((m) => (m as { channel: string }).channel)).toEqual(CHANNELS);
    } finally {
      setPushCoalescing(true);
    }
  });

  it('without either, the same burst costs a write per message (what both save)', async () => {
    setPushCoalescing(false);
    setFrameCorking(false);
    try {
      expect(await burstWrites()).toBeGreaterThanOrEqual(CHANNELS.length);
    } finally {
      setFrameCorking(true);
      setPushCoalescing(true);
    }
  });
});
