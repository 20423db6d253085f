import { enqueueActions, type AnyActorRef, type EventObject } from 'xstate';

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
