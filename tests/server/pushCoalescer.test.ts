import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spotPairs } from './spotPairs.js';
import { ChannelRegistry } from '../../server/kernel/platform/realtime/channels.js';
import { productChannels } from '../../server/products/channels.js';
import { attachRealtime, type Realtime } from '../../server/kernel/platform/realtime/gateway.js';
import { PushCoalescer, webSocketTextFrame } from '../../server/kernel/platform/realtime/pushCoalescer.js';

/**
 * The gateway sends what one turn published as one `data` event per socket (pushCoalescer.ts):
 * each socket gets exactly the messages of its own channels, in publish order, on both transports,
 * and a subscriber's snapshot is never followed by a message it already contains.
 */
const PAIRS = spotPairs(['BTC', 'ETH', 'SOL']);

/** The depth channel's sequence: every publish bumps it, every snapshot tells it. */
let depthSeq = 0;
let http: HttpServer;
let realtime: Realtime;
let url: string;
const sockets: Socket[] = [];

interface Listener {
  socket: Socket;
  /** Each `data` event's arguments. */
  events: unknown[][];
}

async function listen(transport: 'websocket' | 'polling', channels: string[]): Promise<Listener> {
  const socket = io(url, { transports: [transport], forceNew: true, reconnection: false });
  sockets.push(socket);
  const events: unknown[][] = [];
  socket.on('data', (...messages: unknown[]) => events.push(messages));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  for (const channel of channels) await socket.timeout(5000).emitWithAck('subscribe', channel);
  return { socket, events };
}

async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

beforeAll(async () => {
  http = createServer();
  realtime = attachRealtime(http, new ChannelRegistry(PAIRS, productChannels), {
    snapshot: (channel) => (channel === 'btc_usdt_depth' ? { kind: 'snapshot', seq: depthSeq } : undefined),
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  sockets.forEach((s) => s.close());
  await realtime?.close();
  await new Promise((resolve) => http?.close(resolve));
});

describe('push coalescing on the socket.io gateway', () => {
  it('gives each socket one event with its own messages of the turn, in publish order, on both transports', async () => {
    const both = await listen('websocket', ['btc_usdt_tick', 'eth_usdt_tick']);
    const eth = await listen('websocket', ['eth_usdt_tick']);
    const polling = await listen('polling', ['btc_usdt_tick', 'eth_usdt_tick']);
    const none = await listen('websocket', ['sol_usdt_tick']);
    const before = [both, eth, polling, none].map((l) => l.events.length);

    realtime.publish('btc_usdt_tick', { n: 1 });
    realtime.publish('eth_usdt_tick', { n: 2 });
    realtime.publish('btc_usdt_tick', { n: 3 });
    await until(() => both.events.length > before[0]! && eth.events.length > before[1]! && polling.events.length > before[2]!, 'the pushes');
    await new Promise((resolve) => setTimeout(resolve, 50));

    const expected = [
      { n: 1, channel: 'btc_usdt_tick' },
      { n: 2, channel: 'eth_usdt_tick' },
      { n: 3, channel: 'btc_usdt_tick' },
    ];
    expect(both.events.slice(before[0])).toEqual([expected]);
    expect(polling.events.slice(before[2])).toEqual([expected]);
    expect(eth.events.slice(before[1])).toEqual([[{ n: 2, channel: 'eth_usdt_tick' }]]);
    expect(none.events.length).toBe(before[3]);
  });

  it('never follows a snapshot with a message published before the subscriber joined', async () => {
    // Deltas are published every turn while subscribers join, so a subscribe often arrives with
    // deltas still pending: after its snapshot (seq s), a subscriber must see s+1, s+2, … exactly.
    let publishing = true;
    const publishLoop = () => {
      if (!publishing) return;
      depthSeq += 1;
      realtime.publish('btc_usdt_depth', { kind: 'delta', seq: depthSeq });
      setImmediate(publishLoop);
    };
    publishLoop();
    try {
      const listeners = await Promise.all(Array.from({ length: 12 }, () => listen('websocket', ['btc_usdt_depth'])));
      // Waited for, not slept: the loop saturates the gateway (flushes up to 40 ms apart), too close to a fixed 100 ms on a busy machine.
      const fromSnapshot = (events: unknown[][]) => {
        const messages = events.flat() as Array<{ kind: string; seq: number }>;
        const snapshot = messages.findIndex((m) => m.kind === 'snapshot');
        return snapshot < 0 ? 0 : messages.length - snapshot;
      };
      await until(() => listeners.every(({ events }) => fromSnapshot(events) > 2), 'each snapshot and the deltas after it');
      for (const { events } of listeners) {
        const messages = events.flat() as Array<{ kind: string; seq: number }>;
        const snapshot = messages.findIndex((m) => m.kind === 'snapshot');
        expect(snapshot).toBeGreaterThanOrEqual(0);
        const seqs = messages.slice(snapshot).map((m) => m.seq);
        expect(seqs.length).toBeGreaterThan(2);
        seqs.forEach((seq, i) => expect(seq).toBe(seqs[0]! + i));
      }
    } finally {
      publishing = false;
    }
  });

  it('waits out the push interval after a flush, then sends what queued meanwhile as one event', async () => {
    // A fake namespace: one socket in one room, its writes recorded with when they happened.
    const writes: Array<{ data: string; at: number }> = [];
    const nsp = {
      adapter: { rooms: new Map([['room', new Set(['a'])]]) },
      sockets: new Map([['a', { connected: true, conn: { write: (data: string) => void writes.push({ data, at: performance.now() }) } }]]),
    };
    // A long interval, so that a slow turn on a busy machine cannot pass for it.
    const interval = 300;
    const pushes = new PushCoalescer(nsp as never, interval);
    // When each flush began: the interval runs from a flush's start (the coalescer's own clock reading),
    // not from its first write, which can come milliseconds later on a busy machine (the encoding's
    // first run, a collection): measured between writes, the gap read 290 ms once in a full suite run.
    const flushStarts: number[] = [];
    const flush = pushes.flush.bind(pushes);
    pushes.flush = () => {
      flushStarts.push(performance.now());
      flush();
    };
    const t0 = performance.now();
    pushes.push('room', { n: 1 });
    await until(() => writes.length === 1, 'the first push');
    // After a quiet spell the first push leaves at the end of its turn, not after an interval.
    expect(writes[0]!.at - t0).toBeLessThan(interval / 2);
    pushes.push('room', { n: 2 });
    await new Promise((resolve) => setImmediate(resolve));
    pushes.push('room', { n: 3 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(writes).toHaveLength(1); // still inside the interval
    await until(() => writes.length === 2, 'the interval to end');
    expect(flushStarts[1]! - flushStarts[0]!).toBeGreaterThanOrEqual(interval);
    expect(writes[1]!.data).toBe('2["data",{"n":2},{"n":3}]');
    // A flush (a subscribe) inside the interval sends at once and cancels the timer.
    pushes.push('room', { n: 4 });
    pushes.flush();
    expect(writes).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, interval + 50));
    expect(writes).toHaveLength(3);
  });

  it('costs nothing for a room nobody is in: the payload is never encoded and no flush is spent on it', async () => {
    const writes: string[] = [];
    const rooms = new Map<string, Set<string>>([['watched', new Set(['a'])]]);
    const nsp = {
      adapter: { rooms },
      sockets: new Map([['a', { connected: true, conn: { write: (data: string) => void writes.push(data) } }]]),
    };
    // A long interval: a flush spent on the empty room would hold the next push back by it.
    const pushes = new PushCoalescer(nsp as never, 10_000);
    let encoded = 0;
    const counted = (n: number) => ({ toJSON: () => (encoded++, { n }) });
    for (let i = 0; i < 100; i++) pushes.push('nobody', counted(i));
    rooms.set('emptied', new Set());
    pushes.push('emptied', counted(-1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(encoded).toBe(0);
    expect(writes).toEqual([]);
    const t0 = performance.now();
    pushes.push('watched', counted(7));
    await until(() => writes.length === 1, 'the watched push');
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(encoded).toBe(1);
    expect(writes).toEqual(['2["data",{"n":7}]']);
  });

  it('writes a large flush in slices that let the loop run between them, keeping each socket\'s order', async () => {
    // 200 sockets in one room whose writes each take ~0.1 ms: one flush is ~20 ms of writes, so it
    // must span several slices of FLUSH_SLICE_MS, and I/O queued meanwhile runs between them.
    const written = new Map<string, string[]>();
    const ids = Array.from({ length: 200 }, (_, i) => `s${i}`);
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    const nsp = {
      adapter: { rooms: new Map([['room', new Set(ids)]]) },
      sockets: new Map(
        ids.map((id) => [id, { connected: true, conn: { write: (data: string) => (busy(0.1), written.set(id, [...(written.get(id) ?? []), data])) } }]),
      ),
    };
    const pushes = new PushCoalescer(nsp as never, 0);
    pushes.push('room', { n: 1 });
    let between = -1;
    await new Promise((resolve) => setImmediate(resolve)); // the flush's first slice runs
    const afterFirstSlice = written.size;
    expect(afterFirstSlice).toBeGreaterThan(0);
    expect(afterFirstSlice).toBeLessThan(ids.length);
    setImmediate(() => (between = written.size));
    await until(() => written.size === ids.length, 'the slices');
    expect(between).toBeGreaterThan(0);
    expect(between).toBeLessThan(ids.length); // the loop ran between two slices

    // A second flush while the first is still slicing: the first's writes are made first, at once.
    pushes.push('room', { n: 2 });
    await new Promise((resolve) => setImmediate(resolve));
    pushes.push('room', { n: 3 });
    pushes.flush();
    for (const id of ids) expect(written.get(id)!.slice(1, 2)).toEqual(['2["data",{"n":2}]']);
    await until(() => ids.every((id) => written.get(id)!.length === 3), 'the second flush');
    for (const id of ids) expect(written.get(id)).toEqual(['2["data",{"n":1}]', '2["data",{"n":2}]', '2["data",{"n":3}]']);
  });

  it('frames text as RFC 6455 says for each length class', () => {
    for (const length of [0, 125, 126, 65_535, 65_536]) {
      const frame = webSocketTextFrame('x'.repeat(length));
      expect(frame[0]).toBe(0x81);
      const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
      expect(frame.length).toBe(header + length);
      const told = header === 2 ? frame[1] : header === 4 ? frame.readUInt16BE(2) : Number(frame.readBigUInt64BE(2));
      expect(told).toBe(length);
    }
  });
});
