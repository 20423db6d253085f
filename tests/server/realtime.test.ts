import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketTick, Pair, SocketRefusal } from '../../domain/api.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { openSession } from '../../server/kernel/platform/auth/sessions.js';
import { ChannelRegistry } from '../../server/kernel/platform/realtime/channels.js';
import { productChannels } from '../../server/products/channels.js';
import { attachRealtime, MAX_CHANNELS_PER_SOCKET, type Realtime } from '../../server/kernel/platform/realtime/gateway.js';
import type { RunningServer } from '../../server/start.js';
import { startQuietServer } from './quietServer.js';

type Reply = { code: number; msg: string; channel?: string };

/** A socket.io client that records every `data` and `refused` event it gets. */
interface Client {
  socket: Socket;
  data: Array<Record<string, unknown>>;
  refused: SocketRefusal[];
  subscribe(message: unknown): Promise<Reply>;
  unsubscribe(message: unknown): Promise<Reply>;
  /** Resolves with the first `data` payload (already received or coming) for which `match` holds. */
  nextData(match: (payload: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  nextRefusal(): Promise<SocketRefusal>;
}

const clients: Client[] = [];

async function connect(
  url: string,
  auth: Record<string, unknown> = {},
  transports: Array<'websocket' | 'polling'> = ['websocket'],
): Promise<Client> {
  const socket = io(url, { transports, auth, forceNew: true, reconnection: false });
  const data: Client['data'] = [];
  const refused: SocketRefusal[] = [];
  const dataWaiters: Array<{ match: (p: Record<string, unknown>) => boolean; resolve: (p: Record<string, unknown>) => void }> = [];
  const refusalWaiters: Array<(r: SocketRefusal) => void> = [];
  socket.on('data', (...payloads: Array<Record<string, unknown>>) => {
    for (const payload of payloads) {
      data.push(payload);
      for (const waiter of [...dataWaiters]) {
        if (waiter.match(payload)) {
          dataWaiters.splice(dataWaiters.indexOf(waiter), 1);
          waiter.resolve(payload);
        }
      }
    }
  });
  socket.on('refused', (refusal: SocketRefusal) => {
    refused.push(refusal);
    refusalWaiters.shift()?.(refusal);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const client: Client = {
    socket,
    data,
    refused,
    subscribe: (message) => socket.timeout(5000).emitWithAck('subscribe', message),
    unsubscribe: (message) => socket.timeout(5000).emitWithAck('unsubscribe', message),
    nextData: (match) => {
      const seen = data.find(match);
      if (seen) return Promise.resolve(seen);
      return withTimeout(new Promise((resolve) => dataWaiters.push({ match, resolve })), 'data event');
    },
    nextRefusal: () => withTimeout(new Promise((resolve) => refusalWaiters.push(resolve)), 'refused event'),
  };
  clients.push(client);
  return client;
}

function withTimeout<T>(promise: Promise<T>, what: string, ms = 5000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)),
  ]);
}

const tick = (pair: string, close: string): Omit<MarketTick, 'channel'> => ({
  pair,
  close,
  open: '95000',
  high: '97000.5',
  low: '94800.25',
  amount: '1234.5678',
  vol: '118765432.1',
  count: 4821,
  increase: '0.0132',
});

let server: RunningServer;
let running: Awaited<ReturnType<typeof startQuietServer>> | undefined;

beforeAll(async () => {
  running = await startQuietServer('realtime');
  server = running.server;
});

afterAll(async () => {
  for (const c of clients) c.socket.close();
  await running?.stop();
});

/** Whether a socket with this Origin header gets connected at all (both transports). */
async function connectsWithOrigin(url: string, origin: string, transport: 'websocket' | 'polling'): Promise<boolean> {
  const socket = io(url, { transports: [transport], forceNew: true, reconnection: false, extraHeaders: { origin } });
  try {
    return await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true));
      socket.once('connect_error', () => resolve(false));
    });
  } finally {
    socket.close();
  }
}

describe('socket.io gateway on the real server', () => {
  it('lets a page of its own origin connect and refuses another site\'s page, on both transports', async () => {
    for (const transport of ['websocket', 'polling'] as const) {
      expect(await connectsWithOrigin(server.url, 'https://evil.example', transport)).toBe(false);
      expect(await connectsWithOrigin(server.url, new URL(server.url).origin, transport)).toBe(true);
    }
  });

  it('serves HTTP on the same port', async () => {
    const response = await fetch(`${server.url}/api/plat_config`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { code: number }).code).toBe(200);
  });

  it('subscribe → ack code 200; publish → event data tagged with the channel, only to that channel', async () => {
    const btc = await connect(server.url);
    const eth = await connect(server.url);
    expect(await btc.subscribe('btc_usdt_tick')).toEqual({ code: 200, msg: MESSAGES.en_US.ok, channel: 'btc_usdt_tick' });
    expect((await eth.subscribe('eth_usdt_tick')).code).toBe(200);
    expect(server.realtime.subscriberCount('btc_usdt_tick')).toBe(1);

    const payload = tick('BTC_USDT', '96300.5');
    server.realtime.publish('btc_usdt_tick', payload);
    const got = await btc.nextData((p) => p.channel === 'btc_usdt_tick');
    expect(got).toEqual({ ...payload, channel: 'btc_usdt_tick' });

    // The eth client gets its own channel's tick, and nothing from btc_usdt_tick before it.
    server.realtime.publish('eth_usdt_tick', tick('ETH_USDT', '3400'));
    await eth.nextData((p) => p.channel === 'eth_usdt_tick');
    expect(eth.data.map((p) => p.channel)).toEqual(['eth_usdt_tick']);
    expect(btc.data.map((p) => p.channel)).toEqual(['btc_usdt_tick']);
  });

  it('a late subscriber gets the last payload replayed', async () => {
    server.realtime.publish('btc_usdt_tick', tick('BTC_USDT', '96400'));
    server.realtime.publish('btc_usdt_tick', tick('BTC_USDT', '96401.75'));
    const late = await connect(server.url);
    expect((await late.subscribe('btc_usdt_tick')).code).toBe(200);
    const replayed = await late.nextData((p) => p.channel === 'btc_usdt_tick');
    expect(replayed).toEqual({ ...tick('BTC_USDT', '96401.75'), channel: 'btc_usdt_tick' });
    expect(late.data).toHaveLength(1);
  });

  it('accepts { channel } and any letter case', async () => {
    const c = await connect(server.url);
    expect(await c.subscribe({ channel: 'ETH_USDT_TICK' })).toMatchObject({ code: 200, channel: 'eth_usdt_tick' });
    expect(await c.unsubscribe({ channel: 'eth_usdt_tick' })).toMatchObject({ code: 200, channel: 'eth_usdt_tick' });
  });

  it('unsubscribe stops delivery', async () => {
    const c = await connect(server.url);
    await c.subscribe('sol_usdt_tick');
    await c.subscribe('bnb_usdt_tick');
    server.realtime.publish('sol_usdt_tick', tick('SOL_USDT', '180'));
    await c.nextData((p) => p.close === '180');
    expect(await c.unsubscribe('sol_usdt_tick')).toMatchObject({ code: 200, channel: 'sol_usdt_tick' });
    expect(server.realtime.subscriberCount('sol_usdt_tick')).toBe(0);
    server.realtime.publish('sol_usdt_tick', tick('SOL_USDT', '181'));
    // Events to one socket arrive in order: once the bnb tick is here, a sol tick would have been too.
    server.realtime.publish('bnb_usdt_tick', tick('BNB_USDT', '620'));
    await c.nextData((p) => p.channel === 'bnb_usdt_tick');
    expect(c.data.map((p) => p.close)).toEqual(['180', '620']);
  });

  it('contract channels are accepted for contract pairs only', async () => {
    const c = await connect(server.url);
    expect((await c.subscribe('btc_usdt_future_tick')).code).toBe(200);
    expect((await c.subscribe('btc_usdt_future_index_tick')).code).toBe(200);
    expect(await c.subscribe('ada_usdt_future_tick')).toEqual({
      code: 400,
      msg: MESSAGES.en_US.unknownChannel,
      channel: 'ada_usdt_future_tick',
    });
    expect((await c.subscribe('ada_usdt_future_index_tick')).code).toBe(400);
    expect((await c.subscribe('ada_usdt_tick')).code).toBe(200);

    server.realtime.publish('btc_usdt_future_index_tick', { pair: 'BTC_USDT', close: '96250.1234' });
    expect(await c.nextData((p) => p.channel === 'btc_usdt_future_index_tick')).toEqual({
      pair: 'BTC_USDT',
      close: '96250.1234',
      channel: 'btc_usdt_future_index_tick',
    });
  });

  it('an unknown channel → ack code 400 with a message, translated for auth { lang }', async () => {
    const en = await connect(server.url);
    expect(await en.subscribe('foo_bar_tick')).toEqual({ code: 400, msg: MESSAGES.en_US.unknownChannel, channel: 'foo_bar_tick' });
    const ja = await connect(server.url, { lang: 'ja_JP' });
    expect(await ja.subscribe('foo_bar_tick')).toEqual({ code: 400, msg: MESSAGES.ja_JP.unknownChannel, channel: 'foo_bar_tick' });
    expect((await ja.subscribe('btc_usdt_tick')).msg).toBe(MESSAGES.ja_JP.ok);
    const garbage = await connect(server.url, { lang: 12 });
    expect((await garbage.subscribe('foo_bar_tick')).msg).toBe(MESSAGES.en_US.unknownChannel);
  });

  it('malformed messages are refused and the server keeps serving', async () => {
    const c = await connect(server.url, { lang: 'ja_JP' });
    const malformed: unknown[] = [42, {}, { channel: 7 }, 'x'.repeat(10 * 1024), null, '', 'btc usdt tick', ['btc_usdt_tick'], true];
    for (const message of malformed) {
      const reply = await c.subscribe(message);
      expect(reply).toEqual({ code: 400, msg: MESSAGES.ja_JP.malformedMessage });
      expect((await c.unsubscribe(message)).code).toBe(400);
    }
    expect(c.socket.connected).toBe(true);
    expect((await c.subscribe('eth_usdt_tick')).code).toBe(200);
  });

  it('without an ack function the refusal arrives as event refused', async () => {
    const c = await connect(server.url);
    const first = c.nextRefusal();
    c.socket.emit('subscribe', 'foo_bar_tick');
    expect(await first).toEqual({ code: 400, msg: MESSAGES.en_US.unknownChannel, channel: 'foo_bar_tick' });
    const second = c.nextRefusal();
    c.socket.emit('subscribe', 12345);
    expect(await second).toEqual({ code: 400, msg: MESSAGES.en_US.malformedMessage });
    const third = c.nextRefusal();
    c.socket.emit('subscribe');
    expect((await third).code).toBe(400);
    // An accepted subscribe without an ack just starts delivery.
    c.socket.emit('subscribe', 'ltc_usdt_tick');
    await withTimeout(
      (async () => {
        while (server.realtime.subscriberCount('ltc_usdt_tick') === 0) await new Promise((r) => setTimeout(r, 10));
      })(),
      'ltc subscription',
    );
    server.realtime.publish('ltc_usdt_tick', tick('LTC_USDT', '104'));
    expect((await c.nextData((p) => p.channel === 'ltc_usdt_tick')).close).toBe('104');
  });

  it('an oversized frame drops only that connection', async () => {
    const big = await connect(server.url);
    const dropped = new Promise<void>((resolve) => big.socket.once('disconnect', () => resolve()));
    big.socket.emit('subscribe', 'x'.repeat(64 * 1024));
    await withTimeout(dropped, 'disconnect');
    const next = await connect(server.url);
    expect((await next.subscribe('btc_usdt_tick')).code).toBe(200);
  });

  it('long-polling clients are served too', async () => {
    const c = await connect(server.url, { lang: 'de_DE' }, ['polling']);
    expect(await c.subscribe('doge_usdt_future_tick')).toEqual({ code: 200, msg: MESSAGES.de_DE.ok, channel: 'doge_usdt_future_tick' });
    server.realtime.publish('doge_usdt_future_tick', tick('DOGE_USDT', '0.32417'));
    expect((await c.nextData((p) => p.channel === 'doge_usdt_future_tick')).close).toBe('0.32417');
  });

  it('unknown events are ignored', async () => {
    const c = await connect(server.url);
    c.socket.emit('hello', { a: 1 });
    c.socket.emit('data', { channel: 'btc_usdt_tick' });
    expect((await c.subscribe('xrp_usdt_future_tick')).code).toBe(200);
  });
});

describe('the private user channel on the gateway', () => {
  const signedIn = async (account: string) => {
    const [row] = await server.db.query<{ id: number }>(`insert into app_user (account) values ($1) returning id`, [account]);
    return { id: Number(row!.id), token: await openSession(server.db, row!.id) };
  };

  it('needs a live token: refused (translated) without one, as ack or as event refused', async () => {
    const c = await connect(server.url, { lang: 'ko_KR' });
    expect(await c.subscribe({ channel: 'user' })).toEqual({ code: 400, msg: MESSAGES.ko_KR.notLoggedIn, channel: 'user' });
    expect(await c.subscribe({ channel: 'user', token: 'x'.repeat(300) })).toEqual({ code: 400, msg: MESSAGES.ko_KR.notLoggedIn, channel: 'user' });
    const refusal = c.nextRefusal();
    c.socket.emit('subscribe', { channel: 'user', token: 'nope' });
    expect(await refusal).toEqual({ code: 400, msg: MESSAGES.ko_KR.notLoggedIn, channel: 'user' });
  });

  it('publishToUser reaches that user’s sockets only; a re-subscribe with another token moves the socket', async () => {
    const alice = await signedIn('alice-rt@example.org');
    const bob = await signedIn('bob-rt@example.org');
    const a = await connect(server.url);
    const b = await connect(server.url);
    expect(await a.subscribe({ channel: 'user', token: alice.token })).toEqual({ code: 200, msg: MESSAGES.en_US.ok, channel: 'user' });
    expect((await b.subscribe({ channel: 'user', token: bob.token })).code).toBe(200);
    const balance = (available: string) => ({ channel: 'user' as const, kind: 'balance' as const, balances: [{ currency: 'USDT', account: 'spot' as const, available, frozen: '0' }] });
    server.realtime.publishToUser(alice.id, balance('1'));
    server.realtime.publishToUser(bob.id, balance('2'));
    expect(await a.nextData((p) => p.channel === 'user')).toEqual(balance('1'));
    await b.nextData((p) => p.channel === 'user');
    expect(b.data.filter((p) => p.channel === 'user')).toEqual([balance('2')]);
    // The same socket signs in as bob: it leaves alice's room.
    expect((await a.subscribe({ channel: 'user', token: bob.token })).code).toBe(200);
    expect(server.realtime.userListening(alice.id)).toBe(false);
    expect((await a.unsubscribe({ channel: 'user' })).code).toBe(200);
    expect((await b.unsubscribe('user')).code).toBe(200);
    expect(server.realtime.userListening(bob.id)).toBe(false);
  });
});

describe(`the ${MAX_CHANNELS_PER_SOCKET}-channel cap`, () => {
  let http: HttpServer;
  let realtime: Realtime;
  let url: string;

  beforeAll(async () => {
    // 60 contract pairs → 180 known channels, more than one socket may hold.
    const pairs: Pair[] = Array.from({ length: 60 }, (_, i) => ({
      left_symbol: `C${i}`,
      right_symbol: 'USDT',
      is_hot: 0,
      trade_status: 1,
      contract_status: 1,
      price_precision: 2,
      amount_precision: 2,
      min_quantity: '0.01',
      min_notional: '1',
    }));
    http = createServer();
    realtime = attachRealtime(http, new ChannelRegistry(pairs, productChannels));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await realtime?.close();
    await new Promise((resolve) => http?.close(resolve));
  });

  it(`accepts ${MAX_CHANNELS_PER_SOCKET} channels per socket, then refuses`, async () => {
    const c = await connect(url, { lang: 'ja_JP' });
    const channels = Array.from({ length: 60 }, (_, i) => [`c${i}_usdt_tick`, `c${i}_usdt_future_tick`]).flat();
    for (const channel of channels.slice(0, MAX_CHANNELS_PER_SOCKET)) {
      expect((await c.subscribe(channel)).code).toBe(200);
    }
    const extra = channels[MAX_CHANNELS_PER_SOCKET]!;
    expect(await c.subscribe(extra)).toEqual({ code: 400, msg: MESSAGES.ja_JP.tooManyChannels, channel: extra });
    // Re-subscribing to a held channel is still fine; leaving one makes room.
    expect((await c.subscribe(channels[0])).code).toBe(200);
    expect((await c.unsubscribe(channels[0])).code).toBe(200);
    expect((await c.subscribe(extra)).code).toBe(200);
    // Another socket has its own allowance.
    const other = await connect(url);
    expect((await other.subscribe(channels[0])).code).toBe(200);
  });
});
