import { describe, expect, it } from 'vitest';
import { SPOT_PATHS, USER_CHANNEL, type SpotOrder, type UserStreamMessage } from '../../../domain/spotOrders.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { revokeAllSessions } from '../../../server/kernel/platform/auth/sessions.js';
import { useQuietServer } from '../quietServer.js';
import { trader, type Trader } from './spotApp.js';
import { recordSocket, type SocketRecorder } from '../socketRecorder.js';

type Client = SocketRecorder<UserStreamMessage>;

const quiet = useQuietServer('user-channel');

/** A socket that records the private channel's messages only. */
const connect = (lang = 'en_US'): Promise<Client> => recordSocket<UserStreamMessage>(quiet.server.url, { lang, keep: (m) => m.channel === USER_CHANNEL, opened: quiet.sockets });

async function place(who: Trader, body: object): Promise<SpotOrder> {
  const response = await fetch(`${quiet.server.url}${SPOT_PATHS.place}`, { method: 'POST', headers: { 'content-type': 'application/json', token: who.token }, body: JSON.stringify(body) });
  const envelope = (await response.json()) as { code: number; msg: string; data: SpotOrder };
  expect(envelope.code, envelope.msg).toBe(200);
  return envelope.data;
}

const isOrder = (id: number, status?: number) => (m: UserStreamMessage) => m.kind === 'order' && m.order.id === id && (status === undefined || m.order.status === status);
const hasBalance = (currency: string, available: string, frozen: string) => (m: UserStreamMessage) =>
  m.kind === 'balance' && m.balances.some((b) => b.currency === currency && b.account === 'spot' && b.available === available && b.frozen === frozen);

describe('the private user channel', () => {
  it('refuses a subscribe without a valid token, translated, and joins nothing', async () => {
    const me = await trader(quiet.server.db, {});
    const en = await connect();
    expect(await en.subscribe({ channel: 'user' })).toEqual({ code: 400, msg: MESSAGES.en_US.notLoggedIn, channel: 'user' });
    expect(await en.subscribe('user')).toEqual({ code: 400, msg: MESSAGES.en_US.notLoggedIn, channel: 'user' });
    const ja = await connect('ja_JP');
    expect(await ja.subscribe({ channel: 'user', token: 'forged-token' })).toEqual({ code: 400, msg: MESSAGES.ja_JP.notLoggedIn, channel: 'user' });
    expect(await ja.subscribe({ channel: 'user', token: 42 })).toMatchObject({ code: 400, msg: MESSAGES.ja_JP.notLoggedIn });
    // A revoked session is no key either.
    await revokeAllSessions(quiet.server.db, me.id);
    expect((await ja.subscribe({ channel: 'user', token: me.token })).code).toBe(400);
    expect(quiet.server.realtime.userListening(me.id)).toBe(false);
    // The refused socket still serves public channels.
    expect((await ja.subscribe('btc_usdt_tick')).code).toBe(200);
  });

  it("pushes the owner's order and balance changes after a fill, and nothing to anyone else", async () => {
    const seller = await trader(quiet.server.db, { BTC: '2' });
    const buyer = await trader(quiet.server.db, { USDT: '100000' });
    const bystander = await trader(quiet.server.db, { USDT: '50' });
    const sellerSocket = await connect();
    const buyerSocket = await connect();
    const bystanderSocket = await connect();
    expect(await sellerSocket.subscribe({ channel: 'user', token: seller.token })).toEqual({ code: 200, msg: MESSAGES.en_US.ok, channel: 'user' });
    expect((await buyerSocket.subscribe({ channel: 'USER', token: buyer.token })).code).toBe(200);
    expect((await bystanderSocket.subscribe({ channel: 'user', token: bystander.token })).code).toBe(200);
    expect(quiet.server.realtime.userListening(seller.id)).toBe(true);

    const ask = await place(seller, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '90000', quantity: '1' });
    expect((await sellerSocket.next(isOrder(ask.id, 1))).kind).toBe('order');
    await sellerSocket.next(hasBalance('BTC', '1', '1'));

    const bid = await place(buyer, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '90000', quantity: '0.4' });
    const filled = (await buyerSocket.next(isOrder(bid.id, 3))) as Extract<UserStreamMessage, { kind: 'order' }>;
    expect(filled.order).toMatchObject({ filled: '0.4', fee: '0.0004', fee_currency: 'BTC', turnover: '36000' });
    const buyerBalances = await buyerSocket.next(hasBalance('BTC', '0.3996', '0'));
    expect(buyerBalances).toEqual({
      channel: 'user',
      kind: 'balance',
      balances: [
        { currency: 'BTC', account: 'spot', available: '0.3996', frozen: '0' },
        { currency: 'USDT', account: 'spot', available: '64000', frozen: '0' },
      ],
    });
    const partial = (await sellerSocket.next(isOrder(ask.id, 2))) as Extract<UserStreamMessage, { kind: 'order' }>;
    expect(partial.order).toMatchObject({ filled: '0.4', fee: '36', fee_currency: 'USDT' });
    await sellerSocket.next(hasBalance('USDT', '35964', '0'));

    // Every socket hears its own user only. Pushes to one socket arrive in order, so once the
    // bystander's own order message is here, anything misrouted earlier would be too.
    const own = await place(bystander, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '20000', quantity: '0.001' });
    await bystanderSocket.next(isOrder(own.id));
    expect(bystanderSocket.messages.filter((m) => m.kind === 'order').map((m) => (m as { order: SpotOrder }).order.id)).toEqual([own.id]);
    expect(sellerSocket.messages.every((m) => m.kind !== 'order' || m.order.id === ask.id)).toBe(true);
    expect(buyerSocket.messages.every((m) => m.kind !== 'order' || m.order.id === bid.id)).toBe(true);
    expect(buyerSocket.messages.some(hasBalance('BTC', '1', '1'))).toBe(false);
  });

  it('unsubscribe stops the pushes; every socket of the user gets them while subscribed', async () => {
    const me = await trader(quiet.server.db, { USDT: '1000' });
    const first = await connect();
    const second = await connect();
    await first.subscribe({ channel: 'user', token: me.token });
    await second.subscribe({ channel: 'user', token: me.token });
    const a = await place(me, { symbol: 'ETH_USDT', side: 'buy', type: 'limit', price: '100', quantity: '1' });
    await first.next(isOrder(a.id));
    await second.next(isOrder(a.id));
    expect(await first.unsubscribe({ channel: 'user' })).toEqual({ code: 200, msg: MESSAGES.en_US.ok, channel: 'user' });
    const b = await place(me, { symbol: 'ETH_USDT', side: 'buy', type: 'limit', price: '101', quantity: '1' });
    await second.next(isOrder(b.id));
    await second.next(hasBalance('USDT', '799', '201'));
    expect(first.messages.some(isOrder(b.id))).toBe(false);
    await second.unsubscribe('user');
    expect(quiet.server.realtime.userListening(me.id)).toBe(false);
  });
});
