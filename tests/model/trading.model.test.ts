import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createFakeSocket } from '../../src/services/testing/fakeSocket';
import { createPrivateChannelActor, createUserStreamHub, createUserUpdatesActor, type UserStreamEvent } from '../../src/app/actors/userStream.actor';
import { selectAvailable, selectFee } from '../../src/features/spot/machines/orderForm/orderForm.selectors';
import { placedToast } from '../../src/features/spot/machines/orderForm/orderForm.machine';
import { FILLED_ORDER, OPEN_ORDER, PARTIAL_ORDER, pageOf } from '../../src/app/machines/fixtures/spotOrders';
import { openOrdersMachine } from '../../src/features/spot/machines/orders/openOrders.machine';
import { orderHistoryMachine } from '../../src/features/spot/machines/orders/orderHistory.machine';
import { orderDetailMachine } from '../../src/features/spot/machines/orders/orderDetail.machine';
import { createHistoryUpdatesActor } from '../../src/features/spot/actors/spot.actors';
import { userStreamMachine } from '../../src/app/machines/userStream/userStream.machine';
import { pagePrices, standInsFor, startAsking } from './harness';
import { ORDER_ACCOUNT, startOrderForm as startForm, startReadyForm } from './spotOrderForm.setup';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('order form', () => {
  it('prefills the price with the last price cut to the pair precision, until the trader sets one', () => {
    const { actor } = startForm();
    expect(actor.getSnapshot().context.price).toBe('20000.12');
    actor.send({ type: 'form.price', value: '' });
    actor.send({ type: 'form.lastPrice', price: '21000' });
    expect(actor.getSnapshot().context.price).toBe('');
    actor.send({ type: 'form.pickPrice', price: '19999.50' });
    expect(actor.getSnapshot().context).toMatchObject({ price: '19999.5', orderType: 'limit' });
  });

  it("follows the page's last price while the price is untouched and empty, at the pair's precision", () => {
    const page = pagePrices({ price: '20000.129', side: undefined });
    const { actor } = startForm('', page.source);
    expect(actor.getSnapshot().context.price).toBe('20000.12');
    actor.send({ type: 'form.price', value: '' });
    page.move('21000');
    expect(actor.getSnapshot().context.price).toBe('');
    actor.stop();
    const fresh = startForm('', pagePrices().source);
    expect(fresh.actor.getSnapshot().context.price).toBe('');
  });

  it('keeps price × quantity = amount both ways and follows the slider over the available balance', async () => {
    const { actor } = await startReadyForm();
    actor.send({ type: 'form.quantity', value: '0.012345' });
    expect(actor.getSnapshot().context).toMatchObject({ quantity: '0.012345', amount: '246.9', percent: 24 });
    actor.send({ type: 'form.amount', value: '100' });
    expect(actor.getSnapshot().context).toMatchObject({ quantity: '0.005', amount: '100', percent: 10 });
    actor.send({ type: 'form.percent', percent: 75 });
    expect(actor.getSnapshot().context).toMatchObject({ amount: '750', quantity: '0.0375', percent: 75 });
    expect(selectAvailable(actor.getSnapshot())).toEqual({ value: '1000', currency: 'USDT' });
    expect(selectFee(actor.getSnapshot())).toEqual({ rate: '0.20%', currency: 'BTC', estimate: '0.000075' });
    actor.send({ type: 'form.side', side: 'sell' });
    actor.send({ type: 'form.percent', percent: 50 });
    expect(actor.getSnapshot().context).toMatchObject({ quantity: '0.25', amount: '5000' });
    expect(selectAvailable(actor.getSnapshot())).toEqual({ value: '0.5', currency: 'BTC' });
  });

  it('shows translated messages per field and sends nothing while the order is invalid', async () => {
    const { actor, deferred } = await startReadyForm();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ quantity: { key: 'spot.validation.quantityRequired' } });
    actor.send({ type: 'form.quantity', value: '1' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ quantity: { key: 'spot.validation.insufficient' } });
    expect(deferred.inputsOf('placeOrder')).toHaveLength(0);
    expect(actor.getSnapshot().value).toEqual({ account: 'ready', entry: 'editing' });
  });

  it('keeps what was typed, says what is wrong in the order required → form → precision → minimum → balance, and sends nothing (issue 11)', async () => {
    const { actor, deferred } = await startReadyForm();
    const submit = () => {
      actor.send({ type: 'form.submit' });
      return actor.getSnapshot().context.errors;
    };
    actor.send({ type: 'form.price', value: '-1' });
    actor.send({ type: 'form.quantity', value: '0.001' });
    expect(actor.getSnapshot().context).toMatchObject({ price: '-1', quantity: '0.001', amount: '' });
    expect(submit()).toEqual({ price: { key: 'spot.validation.positive' } });
    actor.send({ type: 'form.price', value: '-2' });
    expect(actor.getSnapshot().context.price).toBe('-2');
    actor.send({ type: 'form.price', value: '90000' });
    expect(actor.getSnapshot().context.amount).toBe('90');
    actor.send({ type: 'form.quantity', value: '-0.5' });
    expect(actor.getSnapshot().context).toMatchObject({ quantity: '-0.5', amount: '' });
    expect(submit()).toEqual({ quantity: { key: 'spot.validation.positive' } });
    actor.send({ type: 'form.quantity', value: '0.123456789' });
    expect(actor.getSnapshot().context.quantity).toBe('0.123456789');
    expect(submit()).toEqual({ quantity: { key: 'spot.validation.precision', places: 6 } });
    actor.send({ type: 'form.quantity', value: '0.00005' });
    expect(submit()).toEqual({ quantity: { key: 'spot.validation.minQuantity', min: '0.0001', currency: 'BTC' } });
    actor.send({ type: 'form.price', value: '1' });
    actor.send({ type: 'form.quantity', value: '4' });
    expect(submit()).toEqual({ quantity: { key: 'spot.validation.minValue', min: '5', currency: 'USDT' } });
    actor.send({ type: 'form.price', value: '90000' });
    actor.send({ type: 'form.quantity', value: '0.12345' });
    expect(submit()).toEqual({ quantity: { key: 'spot.validation.insufficient' } });
    actor.send({ type: 'form.type', orderType: 'market' });
    actor.send({ type: 'form.amount', value: '4.99' });
    expect(submit()).toEqual({ amount: { key: 'spot.validation.minValue', min: '5', currency: 'USDT' } });
    actor.send({ type: 'form.side', side: 'sell' });
    actor.send({ type: 'form.quantity', value: '0.00009' });
    expect(submit()).toEqual({ quantity: { key: 'spot.validation.minQuantity', min: '0.0001', currency: 'BTC' } });
    expect(deferred.inputsOf('placeOrder')).toHaveLength(0);
  });

  it('estimates the fee of a market order too: a buy by amount at the last price, a sell by quantity (issue 37 §20)', async () => {
    const { actor } = await startReadyForm();
    actor.send({ type: 'form.type', orderType: 'market' });
    actor.send({ type: 'form.amount', value: '100' });
    // 100 USDT at about 20,000 buys about 0.005 BTC; 0.2 % of it is the fee.
    expect(selectFee(actor.getSnapshot())).toEqual({ rate: '0.20%', currency: 'BTC', estimate: '0.00001' });
    actor.send({ type: 'form.side', side: 'sell' });
    actor.send({ type: 'form.quantity', value: '0.01' });
    expect(selectFee(actor.getSnapshot())).toEqual({ rate: '0.20%', currency: 'USDT', estimate: '0.4' });
  });

  it('sends a valid order in the digits the server reads (".5" as "0.5", trailing zeros dropped)', async () => {
    const { actor, deferred } = await startReadyForm();
    actor.send({ type: 'form.price', value: '100.50' });
    actor.send({ type: 'form.quantity', value: '.5' });
    actor.send({ type: 'form.submit' });
    expect(deferred.inputsOf('placeOrder')).toEqual([{ order: { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '100.5', quantity: '0.5' }, idempotencyKey: 'key-1' }]);
  });

  it('says why a post-only or IOC order ended at once instead of "Order placed" (issue 50 S4)', () => {
    expect(placedToast(OPEN_ORDER)).toEqual({ tone: 'success', message: { key: 'spot.form.placed' } });
    expect(placedToast({ ...OPEN_ORDER, status: 4, time_in_force: 'POST_ONLY' })).toEqual({ tone: 'error', message: { key: 'spot.endReason.POST_ONLY' } });
    expect(placedToast({ ...OPEN_ORDER, status: 4, time_in_force: 'IOC' })).toEqual({ tone: 'error', message: { key: 'spot.endReason.IOC' } });
    expect(placedToast({ ...OPEN_ORDER, status: 4, time_in_force: 'IOC', filled: '0.004' })).toEqual({ tone: 'success', message: { key: 'spot.endReason.IOC' } });
    expect(placedToast({ ...OPEN_ORDER, status: 4 })).toEqual({ tone: 'success', message: { key: 'spot.form.placed' } });
  });

  it('submits once per 2000 ms, keeps the idempotency key across a retry, and starts a new one for a new order', async () => {
    const { actor, deferred, toasts } = await startReadyForm();
    actor.send({ type: 'form.quantity', value: '0.01' });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    const order = { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '20000', quantity: '0.01' };
    expect(deferred.inputsOf('placeOrder')).toEqual([{ order, idempotencyKey: 'key-1' }]);
    deferred.settle({ type: 'xstate.error.actor.placeOrder', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(2000);
    expect(toasts).toEqual([{ tone: 'error', message: { key: 'error.network' } }]);
    actor.send({ type: 'form.submit' });
    expect(deferred.inputsOf('placeOrder')[1]).toEqual({ order, idempotencyKey: 'key-1' });
    deferred.settle({ type: 'xstate.done.actor.placeOrder', output: OPEN_ORDER });
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts.at(-1)).toEqual({ tone: 'success', message: { key: 'spot.form.placed' } });
    expect(actor.getSnapshot().context).toMatchObject({ price: '20000', quantity: '', amount: '', idempotencyKey: undefined });
    await vi.advanceTimersByTimeAsync(2000);
    actor.send({ type: 'form.quantity', value: '0.02' });
    actor.send({ type: 'form.submit' });
    expect(deferred.inputsOf('placeOrder')[2]).toMatchObject({ idempotencyKey: 'key-2' });
  });

  it('sizes a market buy by amount and a market sell by quantity', async () => {
    const { actor, deferred } = await startReadyForm();
    actor.send({ type: 'form.type', orderType: 'market' });
    actor.send({ type: 'form.amount', value: '50' });
    actor.send({ type: 'form.submit' });
    expect(deferred.inputsOf('placeOrder')[0]).toMatchObject({ order: { symbol: 'BTC_USDT', side: 'buy', type: 'market', amount: '50' } });
    deferred.settle({ type: 'xstate.done.actor.placeOrder', output: FILLED_ORDER });
    await vi.advanceTimersByTimeAsync(2000);
    actor.send({ type: 'form.side', side: 'sell' });
    actor.send({ type: 'form.quantity', value: '0.1' });
    actor.send({ type: 'form.submit' });
    expect(deferred.inputsOf('placeOrder')[1]).toMatchObject({ order: { side: 'sell', type: 'market', quantity: '0.1' } });
  });

  it('takes pushed balances for its pair and reloads the account after a reconnect', async () => {
    const { actor } = await startReadyForm('20000.129');
    actor.send({ type: 'stream.balances', balances: [{ currency: 'USDT', account: 'spot', available: '750.5', frozen: '249.5' }, { currency: 'USDT', account: 'contract', available: '1', frozen: '0' }] });
    expect(actor.getSnapshot().context.available).toEqual({ base: '0.5', quote: '750.5' });
    actor.send({ type: 'stream.resync' });
    expect(actor.getSnapshot().matches({ account: 'loading' })).toBe(true);
  });

  it('a balance pushed while the account is read has it read again: the answer under way may predate the push', async () => {
    const { actor, deferred } = startForm('20000');
    actor.send({ type: 'stream.balances', balances: [{ currency: 'USDT', account: 'spot', available: '400', frozen: '600' }] });
    expect(actor.getSnapshot().context.available).toMatchObject({ quote: '400' });
    // The read begun before the push is dropped (its answer would put the older 1,000 back); a new one asks.
    expect(deferred.inputsOf('fetchOrderAccount')).toHaveLength(2);
    deferred.settle({ type: 'xstate.done.actor.fetchOrderAccount', output: { ...ORDER_ACCOUNT, balances: [{ ...ORDER_ACCOUNT.balances[0]!, available: '400', frozen: '600' }, ORDER_ACCOUNT.balances[1]!] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.available).toMatchObject({ quote: '400' });
  });
});

describe('open orders and history', () => {
  it('cancels only after the confirmation, says "revocation successful" and drops the row', async () => {
    // The question and the cancel: the shared confirm-then-act child, acting through a stand-in.
    const { actor, deferred, act, toasts, actsOnlyOnConfirm } = startAsking(openOrdersMachine, 'cancelOrder', { input: { symbol: 'BTC_USDT' } });
    expect(deferred.inputsOf('fetchCurrentOrders')).toEqual([{ symbol: 'BTC_USDT', page: 1, size: 10 }]);
    deferred.settle({ type: 'xstate.done.actor.fetchCurrentOrders', output: pageOf([OPEN_ORDER]) });
    await vi.advanceTimersByTimeAsync(0);
    expect(actsOnlyOnConfirm(() => actor.send({ type: 'orders.revoke', id: OPEN_ORDER.id }))).toEqual([{ id: OPEN_ORDER.id }]);
    act.settle({ type: 'xstate.done.actor.act', output: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts).toEqual([{ tone: 'success', message: { key: 'spot.orders.revoked' } }]);
    expect(actor.getSnapshot().context.orders).toEqual([]);
  });

  it('a fill pushed while the page is read has it read again (the answer under way predates it), and a cancel clicked meanwhile asks', async () => {
    const hub = createUserStreamHub();
    const { actor, deferred, actsOnlyOnConfirm } = startAsking(openOrdersMachine, 'cancelOrder', { input: { symbol: 'BTC_USDT' }, actors: { userUpdates: createUserUpdatesActor(hub) } });
    hub.publish({ type: 'stream.order', order: FILLED_ORDER });
    expect(deferred.inputsOf('fetchCurrentOrders')).toHaveLength(2);
    expect(actsOnlyOnConfirm(() => actor.send({ type: 'orders.revoke', id: OPEN_ORDER.id }))).toEqual([{ id: OPEN_ORDER.id }]);
  });

  it('hears the private channel through the hub: a fill updates the row, a finished order moves to history', async () => {
    const hub = createUserStreamHub();
    const updates = createUserUpdatesActor(hub);
    const open = standInsFor(openOrdersMachine);
    const past = standInsFor(orderHistoryMachine);
    const current = createActor(openOrdersMachine.provide({ actors: { ...open.actors, userUpdates: updates } }), { input: { symbol: 'BTC_USDT' } }).start();
    const history = createActor(orderHistoryMachine.provide({ actors: { ...past.actors, pushes: createHistoryUpdatesActor(hub) } }), { input: { filter: { symbol: 'BTC_USDT', days: 7 } } }).start();
    expect(past.inputsOf('loadPage')).toEqual([{ filter: { symbol: 'BTC_USDT', days: 7 }, page: 1, size: 10 }]);
    open.settle({ type: 'xstate.done.actor.fetchCurrentOrders', output: pageOf([OPEN_ORDER]) });
    past.settle({ type: 'xstate.done.actor.loadPage', output: pageOf([]) });
    await vi.advanceTimersByTimeAsync(0);
    hub.publish({ type: 'stream.order', order: PARTIAL_ORDER });
    expect(current.getSnapshot().context.orders).toEqual([PARTIAL_ORDER]);
    hub.publish({ type: 'stream.order', order: FILLED_ORDER });
    expect(current.getSnapshot().context.orders).toEqual([]);
    expect(history.getSnapshot().context.rows).toEqual([FILLED_ORDER]);
    expect(history.getSnapshot().context.total).toBe(1);
    hub.publish({ type: 'stream.resync' });
    expect(current.getSnapshot().value).toBe('loading');
    expect(history.getSnapshot().value).toBe('loading');
  });
});

describe('user stream over the socket', () => {
  /** The fake socket, recording the request each join sends. */
  function socketWithRequests() {
    const fake = createFakeSocket();
    const requests: unknown[] = [];
    const subscribe = fake.socket.subscribe;
    fake.socket.subscribe = (channel, listener, request) => {
      requests.push(request ?? channel);
      return subscribe(channel, listener);
    };
    return { ...fake, requests };
  }

  function startStream(token?: string) {
    const fake = socketWithRequests();
    const hub = createUserStreamHub();
    const heard: UserStreamEvent[] = [];
    hub.listen((e) => void heard.push(e));
    const balances: unknown[] = [];
    hub.onBalances((rows) => void balances.push(rows));
    const actor = createActor(
      userStreamMachine.provide({
        actors: { privateChannel: createPrivateChannelActor(fake.socket) },
        actions: { forward: (_, { event }) => hub.publish(event as UserStreamEvent) },
      }),
      { input: { token } },
    ).start();
    return { actor, fake, heard, balances };
  }

  it('joins with the token while signed in, again with a new token after sign-in, and leaves on sign-out', () => {
    const { actor, fake } = startStream('token-a');
    expect(fake.requests).toEqual([{ channel: 'user', token: 'token-a' }]);
    actor.send({ type: 'session.changed', token: 'token-a' });
    expect(fake.requests).toHaveLength(1);
    actor.send({ type: 'session.changed', token: 'token-b' });
    expect(fake.unsubscribes).toEqual(['user']);
    expect(fake.requests).toEqual([{ channel: 'user', token: 'token-a' }, { channel: 'user', token: 'token-b' }]);
    actor.send({ type: 'session.changed', token: undefined });
    expect(fake.joined('user')).toBe(false);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('starts idle without a session and joins at sign-in', () => {
    const { actor, fake } = startStream();
    expect(fake.requests).toEqual([]);
    actor.send({ type: 'session.changed', token: 'token-a' });
    expect(fake.requests).toEqual([{ channel: 'user', token: 'token-a' }]);
  });

  it('forwards valid messages only, balance rows to the wallet listener, and a resync after a reconnect', () => {
    const { fake, heard, balances } = startStream('token-a');
    const rows = [{ currency: 'USDT', account: 'spot', available: '1', frozen: '0' }];
    fake.push('user', { kind: 'order', order: OPEN_ORDER });
    fake.push('user', { kind: 'order', order: { ...OPEN_ORDER, price: 1.5 } });
    fake.push('user', { kind: 'balance', balances: rows });
    // An account is a kind's shape (which kinds exist, the products declare: issue 54 §2); anything else is dropped.
    fake.push('user', { kind: 'balance', balances: [{ ...rows[0], account: 'Moon account!' }] });
    fake.push('user', { kind: 'balance', balances: [{ ...rows[0], account: 7 }] });
    fake.drop();
    fake.reconnect();
    expect(fake.subscribes.filter((c) => c === 'user')).toHaveLength(2);
    expect(heard).toEqual([{ type: 'stream.order', order: OPEN_ORDER }, { type: 'stream.balances', balances: rows }, { type: 'stream.resync' }]);
    expect(balances).toEqual([rows]);
  });
});

describe('spot order detail', () => {
  it('a fill of this order heard while the detail is read has it read again; another order does not', () => {
    const deferred = standInsFor(orderDetailMachine);
    const detail = createActor(orderDetailMachine.provide({ actors: deferred.actors }), { input: { id: PARTIAL_ORDER.id } }).start();
    detail.send({ type: 'stream.order', order: { ...PARTIAL_ORDER, id: PARTIAL_ORDER.id + 1000 } });
    expect(deferred.inputsOf('fetchOrderDetail')).toHaveLength(1);
    detail.send({ type: 'stream.order', order: PARTIAL_ORDER });
    expect(deferred.inputsOf('fetchOrderDetail')).toHaveLength(2);
    detail.stop();
  });
});
