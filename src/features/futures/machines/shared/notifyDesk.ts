import { enqueueActions, type AnyActorRef, type EventObject } from 'xstate';
import { showToast } from '../../../../app/machines/toast/toastError';

/**
 * The action a futures dialog or form runs once its call went through (issue 54: five machines
 * wrote it by hand): the desk that started it (`replyTo`, when one was given) hears `desk.refresh`
 * and reads its positions and orders again.
 */
export function notifyDesk<TContext extends { replyTo?: AnyActorRef }, TEvent extends EventObject>() {
  return enqueueActions<TContext, TEvent, undefined, TEvent, never, never, never, never, never>(({ context, enqueue }) => {
    if (context.replyTo) enqueue.sendTo(context.replyTo, { type: 'desk.refresh' });
  });
}

/** What a futures dialog is started with: the desk that opened it, told when its call went through. */
export interface DeskDialogInput {
  replyTo?: AnyActorRef;
}

/** The actions every futures dialog and form declares alike: its toasts, and telling the desk. */
export function deskDialogActions<TContext extends { replyTo?: AnyActorRef }, TEvent extends EventObject>() {
  return { showToast, notifyDesk: notifyDesk<TContext, TEvent>() };
}
