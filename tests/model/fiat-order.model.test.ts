import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { confirmActing } from '../../src/app/machines/confirmAct/confirmAct.machine';
import { fiatAppealsMachine } from '../../src/features/fiat/machines/fiatAppeals/fiatAppeals.machine';
import { fiatBuyerMachine } from '../../src/features/fiat/machines/fiatBuyer/fiatBuyer.machine';
import { APPEAL_CASE, CANCELLED, COMPLETED, loaded, ORDER, PAID } from '../../src/features/fiat/machines/fiatFixtures';
import { fiatSellerMachine } from '../../src/features/fiat/machines/fiatSeller/fiatSeller.machine';
import { deferredActors, standInsFor } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** A step's question: the shared confirm-then-act child, acting through a deferred stand-in `act`. */
function asking(toasts: string[]) {
  const act = deferredActors(['act']);
  const showToast = (_: unknown, params: { message: { key: string } | { text: string } }) => void toasts.push('key' in params.message ? params.message.key : params.message.text);
  const settle = async (event: EventObject & { output?: unknown; error?: unknown }) => {
    act.settle(event);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { inputs: () => act.inputsOf('act'), settle, logic: confirmActing(act.actors.act, showToast) };
}

/** The child a parent runs under `id`, answered as the dialog would. */
const childOf = (actor: { getSnapshot(): { children: Record<string, unknown> } }, id: string) => actor.getSnapshot().children[id] as { send(event: EventObject): void } | undefined;

const AS_SELLER = { ...PAID, role: 'seller' as const, side: 'sell' as const };

describe('the parties\' confirmed steps (the shared confirm-then-act)', () => {
  it('the buyer\'s "I have paid" asks first, then marks this order paid and says so; a refused cancel leaves the order as it was', async () => {
    const toasts: string[] = [];
    const deferred = standInsFor(fiatBuyerMachine);
    const pay = asking(toasts);
    const cancel = asking(toasts);
    const buyer = createActor(
      fiatBuyerMachine.provide({ actors: { ...deferred.actors, markPaid: pay.logic, cancelOrder: cancel.logic }, actions: { showToast: (_, p) => void toasts.push('key' in p.message ? p.message.key : p.message.text) } }),
      { input: { orderId: ORDER.id } },
    ).start();
    deferred.settle({ type: 'xstate.done.actor.loadOrder', output: loaded(ORDER) });
    await vi.advanceTimersByTimeAsync(0);
    expect(buyer.getSnapshot().matches({ flow: 'unpaid' })).toBe(true);
    buyer.send({ type: 'buyer.cancel' });
    childOf(buyer, 'cancelOrder')!.send({ type: 'confirmAct.confirm' });
    expect(cancel.inputs()).toEqual([{ orderId: ORDER.id, step: 'cancel' }]);
    await cancel.settle({ type: 'xstate.error.actor.act', error: { kind: 'server', serverMessage: 'This order is no longer in a state that allows this' } });
    expect(buyer.getSnapshot().matches({ flow: 'unpaid' })).toBe(true);
    buyer.send({ type: 'buyer.pay' });
    childOf(buyer, 'markPaid')!.send({ type: 'confirmAct.cancel' });
    expect(pay.inputs()).toHaveLength(0);
    buyer.send({ type: 'buyer.pay' });
    childOf(buyer, 'markPaid')!.send({ type: 'confirmAct.confirm' });
    expect(pay.inputs()).toEqual([{ orderId: ORDER.id, step: 'pay' }]);
    await pay.settle({ type: 'xstate.done.actor.act', output: PAID });
    expect(buyer.getSnapshot().matches({ flow: 'paid' })).toBe(true);
    expect(childOf(buyer, 'markPaid')).toBeUndefined();
    expect(toasts).toEqual(['This order is no longer in a state that allows this', 'fiat.paidSubmitted']);
    buyer.stop();
  });

  it('a confirmed cancel shows the cancelled order', async () => {
    const deferred = standInsFor(fiatBuyerMachine);
    const cancel = asking([]);
    const buyer = createActor(fiatBuyerMachine.provide({ actors: { ...deferred.actors, cancelOrder: cancel.logic } }), { input: { orderId: ORDER.id } }).start();
    deferred.settle({ type: 'xstate.done.actor.loadOrder', output: loaded(ORDER) });
    await vi.advanceTimersByTimeAsync(0);
    buyer.send({ type: 'buyer.cancel' });
    childOf(buyer, 'cancelOrder')!.send({ type: 'confirmAct.confirm' });
    await cancel.settle({ type: 'xstate.done.actor.act', output: CANCELLED });
    expect(buyer.getSnapshot().matches({ flow: 'cancelled' })).toBe(true);
    buyer.stop();
  });

  it('the seller\'s release asks first and carries one key; a refused release is retried with the same key without asking again', async () => {
    const toasts: string[] = [];
    const deferred = standInsFor(fiatSellerMachine);
    const release = asking(toasts);
    const seller = createActor(
      fiatSellerMachine.provide({ actors: { ...deferred.actors, releaseOrder: release.logic }, actions: { showToast: (_, p) => void toasts.push('key' in p.message ? p.message.key : p.message.text) } }),
      { input: { orderId: ORDER.id } },
    ).start();
    deferred.settle({ type: 'xstate.done.actor.loadOrder', output: loaded(AS_SELLER) });
    await vi.advanceTimersByTimeAsync(0);
    seller.send({ type: 'seller.release' });
    expect(release.inputs()).toHaveLength(0);
    childOf(seller, 'releaseOrder')!.send({ type: 'confirmAct.confirm' });
    await release.settle({ type: 'xstate.error.actor.act', error: { kind: 'network' } });
    expect(seller.getSnapshot().matches({ flow: { paid: 'failed' } })).toBe(true);
    seller.send({ type: 'seller.retry' });
    expect(release.inputs()).toEqual([
      { orderId: ORDER.id, idempotencyKey: `local-key-${ORDER.id}`, step: 'release' },
      { orderId: ORDER.id, idempotencyKey: `local-key-${ORDER.id}`, step: 'release' },
    ]);
    await release.settle({ type: 'xstate.done.actor.act', output: { ...COMPLETED, role: 'seller', side: 'sell' } });
    expect(seller.getSnapshot().matches({ flow: 'completed' })).toBe(true);
    expect(toasts).toEqual(['error.network', 'fiat.released']);
    seller.stop();
  });

  it('after a refused release the seller\'s Appeal, shown beside Retry, opens the appeal', async () => {
    const deferred = standInsFor(fiatSellerMachine);
    const release = asking([]);
    const seller = createActor(fiatSellerMachine.provide({ actors: { ...deferred.actors, releaseOrder: release.logic }, actions: { showToast: () => undefined } }), { input: { orderId: ORDER.id } }).start();
    deferred.settle({ type: 'xstate.done.actor.loadOrder', output: loaded(AS_SELLER) });
    await vi.advanceTimersByTimeAsync(0);
    seller.send({ type: 'seller.release' });
    childOf(seller, 'releaseOrder')!.send({ type: 'confirmAct.confirm' });
    await release.settle({ type: 'xstate.error.actor.act', error: { kind: 'network' } });
    expect(seller.getSnapshot().matches({ flow: { paid: 'failed' } })).toBe(true);
    seller.send({ type: 'seller.appeal' });
    expect(seller.getSnapshot().matches({ flow: { paid: 'appealing' } })).toBe(true);
    seller.stop();
  });
});

describe('the operator\'s appeal resolution (the shared confirm-then-act)', () => {
  it('asks about the resolution as submitted, sends it, says so and reads the queue again; a refusal reads it again too', async () => {
    const toasts: string[] = [];
    const deferred = standInsFor(fiatAppealsMachine);
    const resolve = asking(toasts);
    const desk = createActor(
      fiatAppealsMachine.provide({ actors: { ...deferred.actors, resolveAppeal: resolve.logic }, actions: { showToast: (_, p) => void toasts.push('key' in p.message ? p.message.key : p.message.text) } }),
    ).start();
    deferred.settle({ type: 'xstate.done.actor.fetchAppeals', output: [APPEAL_CASE] });
    await vi.advanceTimersByTimeAsync(0);
    desk.send({ type: 'appeals.decide', decision: 'return' });
    desk.send({ type: 'appeals.submit' });
    expect(childOf(desk, 'resolveAppeal')).toBeDefined();
    desk.send({ type: 'appeals.reason', reason: ' Bank statement ' });
    desk.send({ type: 'appeals.submit' });
    childOf(desk, 'resolveAppeal')!.send({ type: 'confirmAct.confirm' });
    expect(resolve.inputs()).toEqual([{ order_id: APPEAL_CASE.order.id, decision: 'return', reason: ' Bank statement ' }]);
    await resolve.settle({ type: 'xstate.done.actor.act', output: COMPLETED });
    expect(desk.getSnapshot().matches('loading')).toBe(true);
    expect(desk.getSnapshot().context.reason).toBe('');
    expect(toasts).toEqual(['fiat.desk.resolved']);
    deferred.settle({ type: 'xstate.done.actor.fetchAppeals', output: [APPEAL_CASE] });
    await vi.advanceTimersByTimeAsync(0);
    desk.send({ type: 'appeals.reason', reason: 'Again' });
    desk.send({ type: 'appeals.submit' });
    childOf(desk, 'resolveAppeal')!.send({ type: 'confirmAct.confirm' });
    await resolve.settle({ type: 'xstate.error.actor.act', error: { kind: 'server', serverMessage: 'This order is no longer in a state that allows this' } });
    expect(desk.getSnapshot().matches('loading')).toBe(true);
    desk.stop();
  });

  it('takes the operator\'s choice and typing while the queue is read again (its 10 s poll)', async () => {
    const deferred = standInsFor(fiatAppealsMachine);
    const resolve = asking([]);
    const desk = createActor(fiatAppealsMachine.provide({ actors: { ...deferred.actors, resolveAppeal: resolve.logic }, actions: { showToast: () => undefined } })).start();
    deferred.settle({ type: 'xstate.done.actor.fetchAppeals', output: [APPEAL_CASE] });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(desk.getSnapshot().matches('loading')).toBe(true);
    desk.send({ type: 'appeals.decide', decision: 'return' });
    desk.send({ type: 'appeals.reason', reason: 'Bank statement' });
    expect(desk.getSnapshot().context).toMatchObject({ decision: 'return', reason: 'Bank statement' });
    desk.send({ type: 'appeals.submit' });
    childOf(desk, 'resolveAppeal')!.send({ type: 'confirmAct.confirm' });
    expect(resolve.inputs()).toEqual([{ order_id: APPEAL_CASE.order.id, decision: 'return', reason: 'Bank statement' }]);
    desk.stop();
  });
});
