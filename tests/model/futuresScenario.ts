/**
 * What the futures scenario tests share: stand-ins for the desk and the server calls, the toasts
 * said, an idempotency key minter, and the fake clock each scenario runs on.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { createActor, createMachine, fromPromise, type AnyActorRef } from 'xstate';
import { confirmActing } from '../../src/app/machines/confirmAct/confirmAct.machine';
import { closeDialogMachine, closeKeyMinter, type CloseCall } from '../../src/features/futures/machines/closeDialog/closeDialog.machine';
import type { PLACED } from '../../src/features/futures/machines/futuresFixtures';

/** Each scenario on a fake clock, with no toast left from the one before; called once at the top of a test file. */
export function futuresScenarioClock() {
  beforeEach(() => {
    vi.useFakeTimers();
    toasts.length = 0;
  });
  afterEach(() => void vi.useRealTimers());
}

/** A stand-in desk counting the refreshes it is told. */
export function fakeDesk() {
  let refreshes = 0;
  const actor = createActor(createMachine({ on: { 'desk.refresh': { actions: () => void (refreshes += 1) } } })).start();
  return { ref: actor as unknown as AnyActorRef, refreshes: () => refreshes };
}

/** A promise actor whose calls the test settles one by one. */
export function calls<I, O>() {
  const seen: I[] = [];
  const pending: Array<{ resolve: (o: O) => void; reject: (e: unknown) => void }> = [];
  const logic = fromPromise<O, I>(({ input }) => {
    seen.push(input);
    return new Promise<O>((resolve, reject) => pending.push({ resolve, reject }));
  });
  return { logic, seen, resolve: (o: O) => pending.shift()!.resolve(o), reject: (e: unknown) => pending.shift()!.reject(e) };
}

export const toasts: string[] = [];
export const showToast = (_: unknown, params: { message: { key?: string; text?: string } }) => void toasts.push(params.message.key ?? params.message.text ?? '');
/** A cancel's confirm-then-act child (as the composition root supplies it) acting through the test's `calls`. */
export const asking = (cancel: ReturnType<typeof calls<{ id: number }, unknown>>) => confirmActing(cancel.logic, showToast);
let keys = 0;
export const mint = () => `key-${++keys}`;

/** The close dialog as futures.flows supplies it: its confirm-then-act child sends through the test's `calls`; `confirm` answers the child's question. */
export function closeDialogOver(close: ReturnType<typeof calls<CloseCall, typeof PLACED>>, replyTo?: AnyActorRef) {
  const machine = closeDialogMachine.provide({ actors: { closePosition: confirmActing(close.logic, showToast) }, actions: { showToast, mintIdempotencyKey: closeKeyMinter(mint) } });
  const dialog = createActor(machine, { input: { replyTo } }).start();
  const question = dialog.getSnapshot().children.closePosition!;
  return { dialog, question, asked: () => question.getSnapshot().context.subject as CloseCall | undefined, confirm: () => question.send({ type: 'confirmAct.confirm' }) };
}
