/**
 * A confirm-then-act child on its own, acting with `act`, as a page's machine invokes it: for the
 * tests of the dialogs that ask it (delete an address or a key, cancel an order). The toasts it
 * would show are recorded. Tests only.
 */
import { createActor, fromPromise } from 'xstate';
import { confirmActing, type ConfirmActActorRef } from '../machines/confirmAct/confirmAct.machine';

export function confirmQuestion(act: () => Promise<unknown>, keepRefusal: boolean) {
  const toasts: unknown[] = [];
  const logic = confirmActing(
    fromPromise(() => act()),
    (_, params) => void toasts.push(params),
  );
  const actor = createActor(logic, { input: { keepRefusal } }).start();
  return { actor: actor as unknown as ConfirmActActorRef, toasts };
}
