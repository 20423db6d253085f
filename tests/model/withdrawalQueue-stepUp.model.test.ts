import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { pagedListMachine } from '../../src/app/machines/pagedList/pagedList.machine';
import { operatorWithdrawalsModel } from '../../src/features/wallet/machines/operatorWithdrawals/operatorWithdrawals.model';
import { standInsFor } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** The withdrawal queue's machine over deferred stand-ins, its `list` child the shared paged list (as wallet.flows.ts provides it). */
async function queue(input?: { clock: () => number }) {
  const rows = standInsFor(pagedListMachine);
  const list = pagedListMachine.provide({ actors: rows.actors, actions: { showToast: () => undefined } });
  const deferred = standInsFor(operatorWithdrawalsModel.machine);
  const actor = createActor(operatorWithdrawalsModel.machine.provide({ actors: { ...deferred.actors, list }, actions: { showToast: () => undefined } }), { input }).start();
  const settle = async (event: EventObject & { output?: unknown; error?: unknown }) => {
    deferred.settle(event);
    await vi.advanceTimersByTimeAsync(0);
  };
  rows.settle({ type: 'xstate.done.actor.loadPage', output: { list: [], total: 1, page: 1, size: 10 } });
  await vi.advanceTimersByTimeAsync(0);
  return { actor, deferred, settle };
}

describe('operator withdrawal queue: the step-up window (scenarios)', () => {
  it('within the window approves with no code sent; a refusal (the window ran out) stays in the dialog, which reads the window again and asks a code', async () => {
    const { actor, deferred, settle } = await queue();
    actor.send({ type: 'queue.approve', id: 12 });
    await settle({ type: 'xstate.done.actor.readStepUp', output: 1_900_000_000_000 });
    expect(actor.getSnapshot().context.stepUpUntil).toBe(1_900_000_000_000);
    actor.send({ type: 'queue.confirm', code: '' });
    expect(deferred.inputsOf('approveWithdrawal')).toEqual([{ id: 12 }]);
    await settle({ type: 'xstate.error.actor.approveWithdrawal', error: { kind: 'server', serverMessage: 'Enter your authentication code' } });
    expect(actor.getSnapshot().matches('confirmingApprove')).toBe(true);
    expect(actor.getSnapshot().context.refusal).toEqual({ text: 'Enter your authentication code' });
    await settle({ type: 'xstate.error.actor.readStepUp', error: { kind: 'network' } });
    expect(actor.getSnapshot().context.stepUpUntil).toBeNull();
    actor.send({ type: 'queue.confirm', code: '' });
    expect(actor.getSnapshot().context.refusal).toEqual({ key: 'wallet.ops.codeInvalid' });
    expect(deferred.inputsOf('approveWithdrawal')).toHaveLength(1);
    actor.send({ type: 'queue.confirm', code: ' 123456 ' });
    expect(deferred.inputsOf('approveWithdrawal').at(-1)).toEqual({ id: 12, code: '123456' });
  });

  it("forgets an earlier dialog's window as a dialog opens, and takes an ended window for none: an empty code is then refused", async () => {
    let now = 1_000_000;
    const { actor, deferred, settle } = await queue({ clock: () => now });
    actor.send({ type: 'queue.approve', id: 12 });
    await settle({ type: 'xstate.done.actor.readStepUp', output: now + 60_000 });
    actor.send({ type: 'queue.cancel' });
    // The next dialog's read has not answered: the window the last one read is not this one's.
    actor.send({ type: 'queue.approve', id: 13 });
    expect(actor.getSnapshot().context.stepUpUntil).toBeNull();
    actor.send({ type: 'queue.confirm', code: '' });
    expect(actor.getSnapshot().context.refusal).toEqual({ key: 'wallet.ops.codeInvalid' });
    await settle({ type: 'xstate.done.actor.readStepUp', output: now + 60_000 });
    // At its end the window is over, as the server counts it (stepUp.ts); a moment before, it is not.
    now += 60_000;
    actor.send({ type: 'queue.confirm', code: '' });
    expect(deferred.inputsOf('approveWithdrawal')).toEqual([]);
    now -= 1;
    actor.send({ type: 'queue.confirm', code: '' });
    expect(deferred.inputsOf('approveWithdrawal')).toEqual([{ id: 13 }]);
  });

  it('forgets the window when it ends while the dialog stays open (after a refusal too), and then refuses an empty code', async () => {
    const { actor, deferred, settle } = await queue();
    const end = Date.now() + 60_000;
    actor.send({ type: 'queue.approve', id: 12 });
    await settle({ type: 'xstate.done.actor.readStepUp', output: end });
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send({ type: 'queue.confirm', code: '123456' });
    await settle({ type: 'xstate.error.actor.approveWithdrawal', error: { kind: 'server', serverMessage: 'Wrong or already used authentication code' } });
    // Back in the dialog, its read answers the same window: it is watched again to its end.
    await settle({ type: 'xstate.done.actor.readStepUp', output: end });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(actor.getSnapshot().context.stepUpUntil).toBe(end);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context.stepUpUntil).toBeNull();
    actor.send({ type: 'queue.confirm', code: '' });
    expect(actor.getSnapshot().context.refusal).toEqual({ key: 'wallet.ops.codeInvalid' });
    expect(deferred.inputsOf('approveWithdrawal')).toHaveLength(1);
  });
});
