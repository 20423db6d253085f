import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pair, SocketRefusal } from '../../domain/api.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { ChannelRegistry } from '../../server/kernel/platform/realtime/channels.js';
import { productChannels } from '../../server/products/channels.js';
import { attachRealtime, type Realtime } from '../../server/kernel/platform/realtime/gateway.js';
import type { SocketLimits } from '../../server/kernel/platform/realtime/socketLimits.js';

/**
 * Issue 34 item 7: 4 sockets × 20,000 depth subscribes made the server push 116 MB. A repeated
 * subscribe sends nothing, a resync is asked on purpose, and what one socket (and one address)
 * can make the gateway send is bounded. The limits' clock stands still here, so no allowance
 * refills while a test runs: nothing depends on timing.
 */
const PAIR: Pair = { left_symbol: 'BTC', right_symbol: 'USDT', is_hot: 1, trade_status: 1, contract_status: 0, price_precision: 2, amount_precision: 4, min_quantity: '0.0001', min_notional: '5' };
const DEPTH = 'btc_usdt_depth';
/** A full 50-level book, the size of a real depth snapshot. */
const BOOK = {
  kind: 'snapshot',
  seq: 7,
  bids: Array.from({ length: 50 }, (_, i) => [`${95000 - i}.00`, '1.2345']),
  asks: Array.from({ length: 50 }, (_, i) => [`${95001 + i}.00`, '1.2345']),
};

const servers: Array<{ http: HttpServer; realtime: Realtime }> = [];
const sockets: Socket[] = [];

async function gateway(limits: Partial<SocketLimits>): Promise<string> {
  const http = createServer();
  const realtime = attachRealtime(http, new ChannelRegistry([PAIR], productChannels), { snapshot: (channel) => (channel === DEPTH ? BOOK : undefined), limits, clock: () => 0 });
  servers.push({ http, realtime });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

interface Client {
  socket: Socket;
  snapshots: () => number;
  bytes: () => number;
  refused: SocketRefusal[];
  send(event: 'subscribe' | 'unsubscribe', message: unknown): Promise<{ code: number; msg: string }>;
}

async function connect(url: string, lang = 'en_US'): Promise<Client> {
  const socket = io(url, { transports: ['websocket'], auth: { lang }, forceNew: true, reconnection: false });
  sockets.push(socket);
  let snapshots = 0;
  let bytes = 0;
  const refused: SocketRefusal[] = [];
  socket.on('data', (...payloads: Array<{ kind?: string }>) => {
    for (const p of payloads) {
      if (p.kind === 'snapshot') snapshots++;
      bytes += JSON.stringify(p).length;
    }
  });
  socket.on('refused', (r: SocketRefusal) => refused.push(r));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, snapshots: () => snapshots, bytes: () => bytes, refused, send: (event, message) => socket.timeout(5000).emitWithAck(event, message) };
}

/** Waits until every earlier packet to this socket has arrived: an acknowledged no-op travels behind them. */
const drained = (c: Client) => c.send('unsubscribe', 'eth_usdt_tick');

beforeAll(() => undefined);
afterAll(async () => {
  for (const s of sockets) s.close();
  for (const { http, realtime } of servers) {
    await realtime.close();
    await new Promise((resolve) => http.close(resolve));
  }
});

describe('subscribe is idempotent', () => {
  it('a repeated subscribe to a held depth channel is acknowledged and sends no snapshot; a resync asks for one', async () => {
    const c = await connect(await gateway({ messageBurst: 10_000 }));
    for (let i = 0; i < 2000; i++) expect((await c.send('subscribe', DEPTH)).code).toBe(200);
    await drained(c);
    expect(c.snapshots()).toBe(1);
    expect((await c.send('subscribe', { channel: DEPTH, resync: true })).code).toBe(200);
    await drained(c);
    expect(c.snapshots()).toBe(2);
  });
});

describe('what one socket can make the server send', () => {
  it('subscribe/unsubscribe loops draw on a snapshot allowance, then are refused with when to try again (translated)', async () => {
    const c = await connect(await gateway({ messageBurst: 10_000, snapshotBurst: 10, snapshotsPerSecond: 0.1, refusalsBeforeDisconnect: 10_000 }), 'de_DE');
    const answers: number[] = [];
    for (let i = 0; i < 200; i++) {
      answers.push((await c.send('subscribe', DEPTH)).code);
      await c.send('unsubscribe', DEPTH);
    }
    await drained(c);
    expect(c.snapshots()).toBe(10);
    expect(answers.filter((code) => code === 429)).toHaveLength(190);
    const refusal = await c.send('subscribe', DEPTH);
    expect(refusal).toEqual({ code: 429, msg: MESSAGES.de_DE.tooManyRequestsRetry.replace('{seconds}', '10'), channel: DEPTH });
  });

  it('messages over the socket rate are refused, and a socket that keeps on is disconnected', async () => {
    const c = await connect(await gateway({ messageBurst: 20, messagesPerSecond: 1, refusalsBeforeDisconnect: 5 }));
    for (let i = 0; i < 20; i++) expect((await c.send('subscribe', 'btc_usdt_tick')).code).toBe(200);
    for (let i = 0; i < 5; i++) expect((await c.send('subscribe', 'btc_usdt_tick')).code).toBe(429);
    const gone = new Promise<void>((resolve) => c.socket.once('disconnect', () => resolve()));
    c.socket.emit('subscribe', 'btc_usdt_tick');
    await gone;
    expect(c.socket.connected).toBe(false);
  });

  it('the issue\'s flood (20,000 depth subscribes on one socket) gets one snapshot under the default limits', async () => {
    const c = await connect(await gateway({}));
    for (let i = 0; i < 20_000; i++) c.socket.emit('subscribe', DEPTH);
    // The socket is dropped for refusing to slow down, or the flood ends; either way it got one book.
    await Promise.race([new Promise<void>((resolve) => c.socket.once('disconnect', () => resolve())), drained(c).catch(() => undefined)]);
    expect(c.snapshots()).toBe(1);
    expect(c.bytes()).toBeLessThan(10_000);
  });
});

describe('sockets per client address', () => {
  it('refuses (translated) and closes the socket over the cap; a closed one makes room', async () => {
    const url = await gateway({ socketsPerAddress: 3 });
    const open = [await connect(url), await connect(url), await connect(url)];
    const extra = io(url, { transports: ['websocket'], auth: { lang: 'ko_KR' }, forceNew: true, reconnection: false });
    sockets.push(extra);
    const refusal = await new Promise<SocketRefusal>((resolve) => extra.once('refused', resolve));
    expect(refusal).toEqual({ code: 429, msg: MESSAGES.ko_KR.tooManySockets });
    await new Promise<void>((resolve) => (extra.disconnected ? resolve() : extra.once('disconnect', () => resolve())));
    const closed = open.pop()!;
    closed.socket.close();
    // The server hears the close before the next handshake is done with: retried until admitted.
    let admitted: Client | undefined;
    for (let i = 0; i < 50 && !admitted; i++) {
      const next = await connect(url);
      const answer = await next.send('subscribe', 'btc_usdt_tick').catch(() => undefined);
      if (answer?.code === 200) admitted = next;
      else next.socket.close();
    }
    expect(admitted).toBeDefined();
  });
});
