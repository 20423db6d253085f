import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../../server/kernel/platform/auth/sessions.js';
import { userRoom } from '../../../../server/kernel/platform/realtime/channels.js';
import { done, useOwnershipWorld } from './world.js';

/**
 * The private channel of the ownership audit: B's socket tries every name form the gateway reads
 * (server/kernel/platform/realtime/gateway.ts, channels.ts) to join A's room — the room's own name,
 * the user channel with A's id beside or instead of a token, things of A's that are not her session
 * token — and hears nothing of A's, neither a push to her room nor the messages her own orders send;
 * C, whose orders fill A's, hears of C's own orders only.
 */
const w = useOwnershipWorld('ownership-sockets');
const sockets: Socket[] = [];
afterAll(() => {
  for (const s of sockets) s.close();
});

type Reply = { code: number; msg: string; channel?: string };

async function connect(): Promise<{ socket: Socket; data: Array<Record<string, unknown>>; subscribe(message: unknown): Promise<Reply> }> {
  const socket = io(w.server.url, { transports: ['websocket'], forceNew: true, reconnection: false });
  sockets.push(socket);
  const data: Array<Record<string, unknown>> = [];
  socket.on('data', (...payloads: Array<Record<string, unknown>>) => void data.push(...payloads));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, data, subscribe: (message) => socket.timeout(5000).emitWithAck('subscribe', message) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('B’s socket and A’s private channel', () => {
  it('no name form joins A’s room; B hears nothing of A’s; each party to a fill hears of its own orders only', async () => {
    const { a, b } = w;
    const room = userRoom(a.id);
    const forms: unknown[] = [
      room,
      { channel: room },
      room.toUpperCase(),
      `user_${a.id}`,
      `user_${a.id}_x`,
      { channel: 'user', user_id: a.id },
      { channel: 'user', userId: a.id, id: a.id },
      { channel: 'user', token: String(a.id) },
      { channel: 'user', token: room },
      { channel: 'user', token: hashToken(a.token) },
      { channel: 'user', token: w.keyA.api_key },
      { channel: 'user', token: w.keyA.secret },
      { channel: ['user', room] },
      { channel: 'user', token: { id: a.id } },
      [room],
    ];
    const attacker = await connect();
    for (const form of forms) {
      const reply = await attacker.subscribe(form);
      expect(reply.code, JSON.stringify(form)).not.toBe(200);
    }
    // B on its own channel, with A's id beside its token: still only B's room.
    expect((await attacker.subscribe({ channel: 'user', token: b.token, user_id: a.id, room })).code).toBe(200);
    expect(w.server.realtime.listeningUsers()).toEqual([b.id]);

    const owner = await connect();
    expect((await owner.subscribe({ channel: 'user', token: a.token })).code).toBe(200);
    w.server.realtime.publishToUser(a.id, { channel: 'user', kind: 'probe' });
    // A's own order: the spot and the balance messages it sends go to A's room alone.
    const placed = await done<{ id: number }>(w, a, '/api/spot/order_place', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '10001', quantity: '0.01' });
    await settle();
    expect(owner.data.filter((p) => p['channel'] === 'user').length).toBeGreaterThan(1);
    expect(attacker.data.filter((p) => p['channel'] === 'user')).toEqual([]);

    // C fills A's order: each side hears of its own order only (spot's order, futures' order ids).
    const counterparty = await connect();
    expect((await counterparty.subscribe({ channel: 'user', token: w.c.token })).code).toBe(200);
    const sold = await done<{ id: number }>(w, w.c, '/api/spot/order_place', { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '10001', quantity: '0.01' });
    await done(w, w.c, '/api/futures/order', { symbol: 'btc_usdt', action: 'open_short', type: 'limit', price: '40000', quantity: '0.01' });
    await settle();
    // Owned by the user's rows, not by the orders of this test alone: the sell may fill an earlier
    // order of A's (the world's), which A hears of as rightly as of this one.
    const idsOf = async (table: 'spot_order' | 'futures_order', userId: number) => (await w.server.db.query<{ id: string }>(`select id from ${table} where user_id = $1`, [userId])).map((r) => Number(r.id));
    for (const [who, heard, spotIds] of [
      [w.c, counterparty.data, [sold.id]],
      [a, owner.data, [placed.id]],
    ] as const) {
      const mine = await idsOf('futures_order', who.id);
      const mineSpot = await idsOf('spot_order', who.id);
      const spotHeard = heard.filter((p) => p['kind'] === 'order').map((p) => (p['order'] as { id: number }).id);
      expect(spotHeard).toEqual(expect.arrayContaining([...spotIds]));
      expect(spotHeard.filter((id) => !mineSpot.includes(id))).toEqual([]);
      const futuresHeard = heard.filter((p) => p['kind'] === 'futures').flatMap((p) => (p['orders'] as number[] | undefined) ?? []);
      expect(futuresHeard.length).toBeGreaterThan(0);
      expect(futuresHeard.filter((id) => !mine.includes(id))).toEqual([]);
    }
    expect(attacker.data.filter((p) => p['channel'] === 'user')).toEqual([]);

    // B's unsubscribe of the user channel ends B's subscription only.
    expect((await attacker.socket.timeout(5000).emitWithAck('unsubscribe', { channel: 'user', token: a.token })).code).toBe(200);
    expect(w.server.realtime.userListening(a.id)).toBe(true);
    expect(w.server.realtime.userListening(b.id)).toBe(false);
  });
});
