import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUserStreamHub, createUserUpdatesActor } from '../../src/app/actors/userStream.actor';
import { OPEN_ORDER, TRIGGERED_STOP, WAITING_STOP, stopPageOf } from '../../src/app/machines/fixtures/spotOrders';
import { openStopsMachine } from '../../src/features/spot/machines/orders/openStops.machine';
import { startAsking } from './harness';
import { startReadyForm } from './spotOrderForm.setup';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** The form with its account read, at a last price of 20,000; `submit` answers the errors it shows. */
async function startForm() {
  const form = await startReadyForm();
  const submit = () => {
    form.actor.send({ type: 'form.submit' });
    return form.actor.getSnapshot().context.errors;
  };
  return { ...form, submit };
}

describe('spot form: stop-limit and OCO (issue 37)', () => {
  it('places a stop-limit through stop_place with its trigger, after the same checks as the server', async () => {
    const { actor, deferred, toasts, submit } = await startForm();
    actor.send({ type: 'form.side', side: 'sell' });
    actor.send({ type: 'form.type', orderType: 'stop' });
    expect(submit()).toEqual({ triggerPrice: { key: 'spot.validation.triggerRequired' }, quantity: { key: 'spot.validation.quantityRequired' } });
    actor.send({ type: 'form.trigger', value: '19000.123' });
    actor.send({ type: 'form.price', value: '18990' });
    actor.send({ type: 'form.quantity', value: '0.01' });
    expect(actor.getSnapshot().context.amount).toBe('189.9');
    expect(submit()).toEqual({ triggerPrice: { key: 'spot.validation.precision', places: 2 } });
    actor.send({ type: 'form.trigger', value: '19000.10' });
    expect(submit()).toEqual({});
    expect(deferred.inputsOf('placeOrder')).toHaveLength(0);
    expect(deferred.inputsOf('placeStop')).toEqual([
      { stop: { symbol: 'BTC_USDT', side: 'sell', trigger_price: '19000.1', price: '18990', quantity: '0.01' }, idempotencyKey: 'key-1' },
    ]);
    expect(actor.getSnapshot().matches({ entry: { submitting: 'stop' } })).toBe(true);
    deferred.settle({ type: 'xstate.done.actor.placeStop', output: { ...WAITING_STOP, oco_order_id: null } });
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts.at(-1)).toEqual({ tone: 'success', message: { key: 'spot.form.stopPlaced' } });
    expect(actor.getSnapshot().context).toMatchObject({ orderType: 'stop', triggerPrice: '19000.10', quantity: '', idempotencyKey: undefined });
  });

  it('checks an OCO take-profit on the right side of the trigger, and sends limit_price; a refusal keeps the key for a retry', async () => {
    const { actor, deferred, toasts, submit } = await startForm();
    actor.send({ type: 'form.side', side: 'sell' });
    actor.send({ type: 'form.type', orderType: 'oco' });
    actor.send({ type: 'form.trigger', value: '19000' });
    actor.send({ type: 'form.price', value: '18990' });
    actor.send({ type: 'form.quantity', value: '0.01' });
    expect(submit()).toEqual({ limitPrice: { key: 'spot.validation.limitRequired' } });
    actor.send({ type: 'form.limitPrice', value: '19000' });
    expect(submit()).toEqual({ limitPrice: { key: 'spot.validation.ocoSellAbove' } });
    actor.send({ type: 'form.side', side: 'buy' });
    actor.send({ type: 'form.quantity', value: '0.01' });
    actor.send({ type: 'form.limitPrice', value: '19500' });
    expect(submit()).toEqual({ limitPrice: { key: 'spot.validation.ocoBuyBelow' } });
    actor.send({ type: 'form.side', side: 'sell' });
    actor.send({ type: 'form.quantity', value: '0.01' });
    actor.send({ type: 'form.limitPrice', value: '21000.5' });
    expect(submit()).toEqual({});
    const stop = { symbol: 'BTC_USDT', side: 'sell', trigger_price: '19000', price: '18990', quantity: '0.01', limit_price: '21000.5' };
    expect(deferred.inputsOf('placeStop')).toEqual([{ stop, idempotencyKey: 'key-1' }]);
    deferred.settle({ type: 'xstate.error.actor.placeStop', error: { kind: 'server', serverMessage: 'The last price has already reached this trigger price' } });
    await vi.advanceTimersByTimeAsync(2000);
    expect(toasts.at(-1)).toMatchObject({ tone: 'error' });
    submit();
    expect(deferred.inputsOf('placeStop')[1]).toEqual({ stop, idempotencyKey: 'key-1' });
  });

  it('sends a limit order with its time in force (GTC is the default and not sent)', async () => {
    const { actor, deferred, submit } = await startForm();
    actor.send({ type: 'form.timeInForce', timeInForce: 'POST_ONLY' });
    actor.send({ type: 'form.quantity', value: '0.01' });
    expect(submit()).toEqual({});
    expect(deferred.inputsOf('placeOrder')).toEqual([
      { order: { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '20000', quantity: '0.01', time_in_force: 'POST_ONLY' }, idempotencyKey: 'key-1' },
    ]);
  });
});

describe('waiting stops list', () => {
  it('shows waiting stops only, reads again once after a burst of pushes (a trigger leaves the list), cancels after confirming', async () => {
    const hub = createUserStreamHub();
    // The question and the cancel: the shared confirm-then-act child, acting through a stand-in.
    const { actor, deferred, act, toasts, actsOnlyOnConfirm } = startAsking(openStopsMachine, 'cancelStop', { input: { symbol: 'BTC_USDT' }, actors: { userUpdates: createUserUpdatesActor(hub) } });
    expect(deferred.inputsOf('fetchCurrentStops')).toEqual([{ symbol: 'BTC_USDT', page: 1, size: 10 }]);
    deferred.settle({ type: 'xstate.done.actor.fetchCurrentStops', output: stopPageOf([WAITING_STOP, TRIGGERED_STOP]) });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toMatchObject({ stops: [WAITING_STOP], total: 1 });

    // A trigger: the stop's order is pushed, then balances; one read after they settle.
    hub.publish({ type: 'stream.order', order: { ...OPEN_ORDER, id: 44 } });
    hub.publish({ type: 'stream.balances', balances: [] });
    await vi.advanceTimersByTimeAsync(299);
    expect(deferred.inputsOf('fetchCurrentStops')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(deferred.inputsOf('fetchCurrentStops')).toHaveLength(2);
    deferred.settle({ type: 'xstate.done.actor.fetchCurrentStops', output: stopPageOf([{ ...WAITING_STOP, status: 2, order_id: 44 }]) });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toMatchObject({ stops: [], total: 0 });

    hub.publish({ type: 'stream.balances', balances: [] });
    await vi.advanceTimersByTimeAsync(300);
    deferred.settle({ type: 'xstate.done.actor.fetchCurrentStops', output: stopPageOf([WAITING_STOP]) });
    await vi.advanceTimersByTimeAsync(0);
    expect(actsOnlyOnConfirm(() => actor.send({ type: 'stops.revoke', id: WAITING_STOP.id }))).toEqual([{ id: WAITING_STOP.id }]);
    act.settle({ type: 'xstate.done.actor.act', output: { ...WAITING_STOP, status: 3 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts).toEqual([{ tone: 'success', message: { key: 'spot.stops.cancelled' } }]);
    expect(actor.getSnapshot().context).toMatchObject({ stops: [], total: 0 });
  });

  it('a cancel clicked while a burst of pushes settles, or while the list is read again, asks and cancels (it was dropped)', async () => {
    const hub = createUserStreamHub();
    const { actor, deferred, actsOnlyOnConfirm } = startAsking(openStopsMachine, 'cancelStop', { input: { symbol: 'BTC_USDT' }, actors: { userUpdates: createUserUpdatesActor(hub) } });
    deferred.settle({ type: 'xstate.done.actor.fetchCurrentStops', output: stopPageOf([WAITING_STOP]) });
    await vi.advanceTimersByTimeAsync(0);
    hub.publish({ type: 'stream.balances', balances: [] });
    expect(actor.getSnapshot().value).toBe('settling');
    expect(actsOnlyOnConfirm(() => actor.send({ type: 'stops.revoke', id: WAITING_STOP.id }))).toEqual([{ id: WAITING_STOP.id }]);
    await vi.advanceTimersByTimeAsync(300);
    expect(actor.getSnapshot().value).toBe('loading');
    actor.send({ type: 'stops.page', page: 2 });
    expect(deferred.inputsOf('fetchCurrentStops').at(-1)).toEqual({ symbol: 'BTC_USDT', page: 2, size: 10 });
  });

  it('a refused cancel says why and reads the list again (the stop most likely triggered)', async () => {
    const { actor, deferred, act, toasts, confirm } = startAsking(openStopsMachine, 'cancelStop');
    deferred.settle({ type: 'xstate.done.actor.fetchCurrentStops', output: stopPageOf([WAITING_STOP]) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'stops.revoke', id: WAITING_STOP.id });
    confirm();
    act.settle({ type: 'xstate.error.actor.act', error: { kind: 'server', serverMessage: 'This stop order is no longer waiting and cannot be cancelled' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts).toEqual([{ tone: 'error', message: { text: 'This stop order is no longer waiting and cannot be cancelled' } }]);
    expect(deferred.inputsOf('fetchCurrentStops')).toHaveLength(2);
  });
});
