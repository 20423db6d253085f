import { enqueueActions, setup, type AnyActorRef } from 'xstate';
import { ANTI_DOUBLE_SUBMIT_MS } from '../../../../domain/constants';

export type SubmitGuardEvent = { type: 'guard.submit'; payload?: unknown };

export interface SubmitGuardInput {
  /** Who hears `guard.accepted`: the form machine that invokes the guard passes `self`. */
  replyTo?: AnyActorRef;
}

/**
 * The 2000 ms anti-double-submit window of spec §9, as a reusable child: a form machine invokes
 * it with `input: ({ self }) => ({ replyTo: self })`, sends `guard.submit`, and receives
 * `guard.accepted` at most once per window. Presses inside the window are not submitted, so a
 * double click submits once; the parent hears `guard.held` for each, and `guard.reopened` when the
 * window ends, so a form can show the button pending and tell a deliberate second press to wait
 * instead of swallowing it (issue 37 §10).
 */
export const submitGuardMachine = setup({
  types: {
    context: {} as { replyTo: AnyActorRef | undefined },
    events: {} as SubmitGuardEvent,
    input: {} as SubmitGuardInput,
  },
  actions: {
    accept: enqueueActions(({ context, enqueue }, params: { payload: unknown }) => {
      if (context.replyTo) enqueue.sendTo(context.replyTo, { type: 'guard.accepted', payload: params.payload });
    }),
    held: enqueueActions(({ context, enqueue }) => {
      if (context.replyTo) enqueue.sendTo(context.replyTo, { type: 'guard.held' });
    }),
    reopened: enqueueActions(({ context, enqueue }) => {
      if (context.replyTo) enqueue.sendTo(context.replyTo, { type: 'guard.reopened' });
    }),
  },
  delays: { window: ANTI_DOUBLE_SUBMIT_MS },
}).createMachine({
  id: 'submitGuard',
  context: ({ input }) => ({ replyTo: input?.replyTo }),
  initial: 'open',
  states: {
    open: {
      on: {
        'guard.submit': {
          target: 'locked',
          actions: { type: 'accept', params: ({ event }) => ({ payload: event.payload }) },
        },
      },
    },
    locked: {
      description: 'A submission was accepted less than 2000 ms ago: further presses are held back (the parent hears `guard.held`).',
      on: { 'guard.submit': { actions: 'held' } },
      after: { window: { target: 'open', actions: 'reopened' } },
    },
  },
});
