import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyStateMachine, type EventObject } from 'xstate';
import { confirmActing } from '../../src/app/machines/confirmAct/confirmAct.machine';
import { fiatAppealsMachine } from '../../src/features/fiat/machines/fiatAppeals/fiatAppeals.machine';
import { fiatBuyerMachine } from '../../src/features/fiat/machines/fiatBuyer/fiatBuyer.machine';
import { APPEAL_CASE, CANCELLED, COMPLETED, loaded, ORDER, PAID } from '../../src/features/fiat/machines/fiatFixtures';
import { fiatSellerMachine } from '../../src/features/fiat/machines/fiatSeller/fiatSeller.machine';
import { provenActing, type ProvenActActorRef } from '../../src/features/fiat/machines/provenAct/provenAct.machine';
import { deferredActors, settlerOf, standInsFor } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** A showToast that writes each toast's key or text into `toasts`. */
const toastsInto = (toasts: string[]) => (_: unknown, params: { message: { key: string } | { text: string } }) => void toasts.push('key' in params.message ? params.message.key : params.message.text);

/** A step's question: the shared confirm-then-act child, acting through a deferred stand-in `act`. */
function asking(toasts: string[]) {
  const act = deferredActors(['act']);
  return { inputs: () => act.inputsOf('act'), settle: settlerOf(act), logic: confirmActing(act.actors.act, toastsInto(toasts)) };
}

/** A step's question with the proof (provenAct): deferred stand-ins for its `act` and `readTwoFactor`. */
function proving(toasts: string[]) {
  const effects = deferredActors(['act', 'readTwoFactor']);
  return { inputs: () => effects.inputsOf('act'), settle: settlerOf(effects), logic: provenActing(effects.actors.act as never, effects.actors.readTwoFactor as never, toastsInto(toasts)) };
}

/** The seller's release question (its `releaseOrder` child), as the dialog talks to it. */
/** `machine` started with its effects deferred, `children` for its confirm-then-act ones and its toasts kept in `toasts`. */
function started<M extends AnyStateMachine>(machine: M, toasts: string[], children: Record<string, unknown>, input?: unknown) {
  const deferred = standInsFor(machine);
  const actor = createActor(machine.provide({ actors: { ...deferred.actors, ...children }, actions: { showToast: toastsInto(toasts) } } as never), { input } as never).start();
  return { deferred, actor };
}

const provenChildOf = (actor: { getSnapshot(): { children: Record<string, unknown> } }) => actor.getSnapshot().children.releaseOrder as ProvenActActorRef;

/** The child a parent runs under `id`, answered as the dialog would. */
const childOf = (actor: { getSnapshot(): { children: Record<string, unknown> } }, id: string) => actor.getSnapshot().children[id] as { send(event: EventObject): void } | undefined;

const AS_SELLER = { ...PAID, role: 'seller' as const, side: 'sell' as const };

describe('the parties\' confirmed steps (the shared confirm-then-act; the release with the proof)', () => {
  it('the buyer\'s "I have paid" asks first, then marks this order paid and says so; a refused cancel leaves the order as it was', async () => {
    const toasts: string[] = [];
    const pay = asking(toasts);
    const cancel = asking(toasts);
    const { deferred, actor: buyer } = started(fiatBuyerMachine, toasts, { markPaid: pay.logic, cancelOrder: cancel.logic }, { orderId: ORDER.id });
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

  it('the seller\'s release asks for the funds password and, 2FA on, the code; a refusal stays in the question with its reason and Confirm again is the same release (issue 49 §2)', async () => {
    const toasts: string[] = [];
    const release = proving(toasts);
    const { deferred, actor: seller } = started(fiatSellerMachine, toasts, { releaseOrder: release.logic }, { orderId: ORDER.id });
    deferred.settle({ type: 'xstate.done.actor.loadOrder', output: loaded(AS_SELLER) });
    await vi.advanceTimersByTimeAsync(0);
    seller.send({ type: 'seller.release' });
    const question = () => provenChildOf(seller);
    expect(question().getSnapshot().matches('reading')).toBe(true);
    await release.settle({ type: 'xstate.done.actor.readTwoFactor', output: true });
    expect(question().getSnapshot().context.twoFactor).toBe(true);
    // Nothing leaves without the password, nor (2FA on) without the code: the question says which.
    question().send({ type: 'provenAct.confirm', fundsPassword: '', totpCode: '' });
    expect(question().getSnapshot().context.refusal).toEqual({ key: 'fiat.proof.passwordRequired' });
    question().send({ type: 'provenAct.confirm', fundsPassword: 'Funds-1', totpCode: ' ' });
    expect(question().getSnapshot().context.refusal).toEqual({ key: 'fiat.proof.codeRequired' });
    expect(release.inputs()).toHaveLength(0);
    question().send({ type: 'provenAct.confirm', fundsPassword: 'Funds-1', totpCode: ' 123456 ' });
    const lock = 'For your safety, no crypto can leave your account (withdrawals, P2P sales and releases) until 2026-11-28 12:00 UTC';
    await release.settle({ type: 'xstate.error.actor.act', error: { kind: 'server', serverMessage: lock } });
    // The refusal stays in the open question, with the lock's end; the order is still the seller's to release.
    expect(question().getSnapshot().matches('asking')).toBe(true);
    expect(question().getSnapshot().context.refusal).toEqual({ text: lock });
    expect(question().getSnapshot().context.proof).toBeUndefined();
    expect(seller.getSnapshot().matches({ flow: { paid: 'idle' } })).toBe(true);
    question().send({ type: 'provenAct.confirm', fundsPassword: 'Funds-1', totpCode: '654321' });
    const subject = { orderId: ORDER.id, idempotencyKey: `local-key-${ORDER.id}`, step: 'release' };
    expect(release.inputs()).toEqual([
      { subject, proof: { funds_password: 'Funds-1', totp_code: '123456' } },
      { subject, proof: { funds_password: 'Funds-1', totp_code: '654321' } },
    ]);
    await release.settle({ type: 'xstate.done.actor.act', output: { ...COMPLETED, role: 'seller', side: 'sell' } });
    expect(seller.getSnapshot().matches({ flow: 'completed' })).toBe(true);
    expect(toasts).toEqual([lock, 'fiat.released']);
    seller.stop();
  });

  it('without 2FA the release asks for the funds password only; a refused release closed, Appeal opens the appeal', async () => {
    const deferred = standInsFor(fiatSellerMachine);
    const release = proving([]);
    const seller = createActor(fiatSellerMachine.provide({ actors: { ...deferred.actors, releaseOrder: release.logic }, actions: { showToast: () => undefined } }), { input: { orderId: ORDER.id } }).start();
    deferred.settle({ type: 'xstate.done.actor.loadOrder', output: loaded(AS_SELLER) });
    await vi.advanceTimersByTimeAsync(0);
    seller.send({ type: 'seller.release' });
    await release.settle({ type: 'xstate.done.actor.readTwoFactor', output: false });
    provenChildOf(seller).send({ type: 'provenAct.confirm', fundsPassword: 'Wrong-1', totpCode: '' });
    expect(release.inputs()).toEqual([{ subject: { orderId: ORDER.id, idempotencyKey: `local-key-${ORDER.id}`, step: 'release' }, proof: { funds_password: 'Wrong-1' } }]);
    await release.settle({ type: 'xstate.error.actor.act', error: { kind: 'server', serverMessage: 'Incorrect funds password. Attempts left before a lock: 4' } });
    provenChildOf(seller).send({ type: 'provenAct.cancel' });
    expect(provenChildOf(seller).getSnapshot().matches('idle')).toBe(true);
    seller.send({ type: 'seller.appeal' });
    expect(seller.getSnapshot().matches({ flow: { paid: 'appealing' } })).toBe(true);
    seller.stop();
  });
});

describe("the operator's appeal resolution (asks the operator's 2FA code)", () => {
  it('asks about the resolution as submitted with the code, sends it, says so and reads the queue again; a refusal stays in the dialog and reads it again too', async () => {
    const toasts: string[] = [];
    const { deferred, actor: desk } = started(fiatAppealsMachine, toasts, {});
    deferred.settle({ type: 'xstate.done.actor.fetchAppeals', output: [APPEAL_CASE] });
    await vi.advanceTimersByTimeAsync(0);
    desk.send({ type: 'appeals.decide', decision: 'return' });
    desk.send({ type: 'appeals.submit' });
    expect(desk.getSnapshot().matches({ resolution: 'idle' })).toBe(true);
    desk.send({ type: 'appeals.reason', reason: ' Bank statement ' });
    desk.send({ type: 'appeals.submit' });
    expect(desk.getSnapshot().context.asked).toEqual({ order_id: APPEAL_CASE.order.id, decision: 'return', reason: ' Bank statement ' });
    desk.send({ type: 'appeals.confirm', code: '12' });
    expect(desk.getSnapshot().context.refusal).toEqual({ key: 'fiat.desk.codeInvalid' });
    expect(deferred.inputsOf('resolveAppeal')).toEqual([]);
    desk.send({ type: 'appeals.confirm', code: ' 123456 ' });
    expect(deferred.inputsOf('resolveAppeal')).toEqual([{ order_id: APPEAL_CASE.order.id, decision: 'return', reason: ' Bank statement ', code: '123456' }]);
    deferred.settle({ type: 'xstate.done.actor.resolveAppeal', output: COMPLETED });
    await vi.advanceTimersByTimeAsync(0);
    expect(desk.getSnapshot().matches({ queue: 'loading', resolution: 'idle' })).toBe(true);
    expect(desk.getSnapshot().context.reason).toBe('');
    expect(toasts).toEqual(['fiat.desk.resolved']);
    deferred.settle({ type: 'xstate.done.actor.fetchAppeals', output: [APPEAL_CASE] });
    await vi.advanceTimersByTimeAsync(0);
    desk.send({ type: 'appeals.reason', reason: 'Again' });
    desk.send({ type: 'appeals.submit' });
    desk.send({ type: 'appeals.confirm', code: '654321' });
    deferred.settle({ type: 'xstate.error.actor.resolveAppeal', error: { kind: 'server', serverMessage: 'Wrong or already used authentication code' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(desk.getSnapshot().matches({ queue: 'loading', resolution: 'confirming' })).toBe(true);
    expect(desk.getSnapshot().context).toMatchObject({ code: '', refusal: { text: 'Wrong or already used authentication code' } });
    desk.send({ type: 'appeals.cancel' });
    expect(desk.getSnapshot().matches({ resolution: 'idle' })).toBe(true);
    desk.stop();
  });

  it('within the step-up window rules with no code sent; a refusal (the window ran out) reads the window again and asks a code', async () => {
    const { deferred, actor: desk } = started(fiatAppealsMachine, [], {});
    deferred.settle({ type: 'xstate.done.actor.fetchAppeals', output: [APPEAL_CASE] });
    await vi.advanceTimersByTimeAsync(0);
    desk.send({ type: 'appeals.reason', reason: 'Bank statement' });
    desk.send({ type: 'appeals.submit' });
    deferred.settle({ type: 'xstate.done.actor.readStepUp', output: 1_900_000_000_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(desk.getSnapshot().context.stepUpUntil).toBe(1_900_000_000_000);
    desk.send({ type: 'appeals.confirm', code: ' ' });
    expect(deferred.inputsOf('resolveAppeal')).toEqual([{ order_id: APPEAL_CASE.order.id, decision: 'release', reason: 'Bank statement' }]);
    deferred.settle({ type: 'xstate.error.actor.resolveAppeal', error: { kind: 'server', serverMessage: 'Enter your authentication code' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(desk.getSnapshot().matches({ resolution: 'confirming' })).toBe(true);
    expect(desk.getSnapshot().context.refusal).toEqual({ text: 'Enter your authentication code' });
    deferred.settle({ type: 'xstate.error.actor.readStepUp', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(desk.getSnapshot().context.stepUpUntil).toBeNull();
    desk.send({ type: 'appeals.confirm', code: '' });
    expect(desk.getSnapshot().context.refusal).toEqual({ key: 'fiat.desk.codeInvalid' });
    expect(deferred.inputsOf('resolveAppeal')).toHaveLength(1);
    desk.send({ type: 'appeals.confirm', code: ' 123456 ' });
    expect(deferred.inputsOf('resolveAppeal').at(-1)).toEqual({ order_id: APPEAL_CASE.order.id, decision: 'release', reason: 'Bank statement', code: '123456' });
    desk.stop();
  });

  it("forgets an earlier dialog's window as a dialog opens, and takes an ended window for none: an empty code is then refused", async () => {
    let now = 1_000_000;
    const { deferred, actor: desk } = started(fiatAppealsMachine, [], {}, { clock: () => now });
    deferred.settle({ type: 'xstate.done.actor.fetchAppeals', output: [APPEAL_CASE] });
    await vi.advanceTimersByTimeAsync(0);
    desk.send({ type: 'appeals.reason', reason: 'Bank statement' });
    desk.send({ type: 'appeals.submit' });
    deferred.settle({ type: 'xstate.done.actor.readStepUp', output: now + 60_000 });
    await vi.advanceTimersByTimeAsync(0);
    desk.send({ type: 'appeals.cancel' });
    // The next dialog's read has not answered: the window the last one read is not this one's.
    desk.send({ type: 'appeals.submit' });
    expect(desk.getSnapshot().context.stepUpUntil).toBeNull();
    desk.send({ type: 'appeals.confirm', code: '' });
    expect(desk.getSnapshot().context.refusal).toEqual({ key: 'fiat.desk.codeInvalid' });
    deferred.settle({ type: 'xstate.done.actor.readStepUp', output: now + 60_000 });
    await vi.advanceTimersByTimeAsync(0);
    // At its end the window is over, as the server counts it (stepUp.ts); a moment before, it is not.
    now += 60_000;
    desk.send({ type: 'appeals.confirm', code: '' });
    expect(deferred.inputsOf('resolveAppeal')).toEqual([]);
    now -= 1;
    desk.send({ type: 'appeals.confirm', code: '' });
    expect(deferred.inputsOf('resolveAppeal')).toEqual([{ order_id: APPEAL_CASE.order.id, decision: 'release', reason: 'Bank statement' }]);
    desk.stop();
  });

  it('forgets the window when it ends while the dialog stays open and the queue is read again (the note goes), and then refuses an empty code', async () => {
    const { deferred, actor: desk } = started(fiatAppealsMachine, [], {});
    deferred.settle({ type: 'xstate.done.actor.fetchAppeals', output: [APPEAL_CASE] });
    await vi.advanceTimersByTimeAsync(0);
    desk.send({ type: 'appeals.reason', reason: 'Bank statement' });
    desk.send({ type: 'appeals.submit' });
    deferred.settle({ type: 'xstate.done.actor.readStepUp', output: Date.now() + 15_000 });
    // The queue's 10 s poll meanwhile neither ends the window nor moves its end.
    await vi.advanceTimersByTimeAsync(10_000);
    deferred.settle({ type: 'xstate.done.actor.fetchAppeals', output: [APPEAL_CASE] });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(desk.getSnapshot().context.stepUpUntil).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(desk.getSnapshot().context.stepUpUntil).toBeNull();
    expect(desk.getSnapshot().matches({ resolution: 'confirming' })).toBe(true);
    desk.send({ type: 'appeals.confirm', code: '' });
    expect(desk.getSnapshot().context.refusal).toEqual({ key: 'fiat.desk.codeInvalid' });
    expect(deferred.inputsOf('resolveAppeal')).toEqual([]);
    desk.stop();
  });

  it("takes the operator's choice and typing while the queue is read again (its 10 s poll), which leaves the dialog open", async () => {
    const deferred = standInsFor(fiatAppealsMachine);
    const desk = createActor(fiatAppealsMachine.provide({ actors: deferred.actors, actions: { showToast: () => undefined } })).start();
    deferred.settle({ type: 'xstate.done.actor.fetchAppeals', output: [APPEAL_CASE] });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(desk.getSnapshot().matches({ queue: 'loading' })).toBe(true);
    desk.send({ type: 'appeals.decide', decision: 'return' });
    desk.send({ type: 'appeals.reason', reason: 'Bank statement' });
    expect(desk.getSnapshot().context).toMatchObject({ decision: 'return', reason: 'Bank statement' });
    desk.send({ type: 'appeals.submit' });
    deferred.settle({ type: 'xstate.done.actor.fetchAppeals', output: [APPEAL_CASE] });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(desk.getSnapshot().matches({ queue: 'loading', resolution: 'confirming' })).toBe(true);
    desk.send({ type: 'appeals.confirm', code: '123456' });
    expect(deferred.inputsOf('resolveAppeal')).toEqual([{ order_id: APPEAL_CASE.order.id, decision: 'return', reason: 'Bank statement', code: '123456' }]);
    desk.stop();
  });
});
