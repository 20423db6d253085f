import { assign, enqueueActions, setup, type AnyActorRef } from 'xstate';

export interface CountdownInput {
  seconds: number;
  /** Told `countdown.tick` every second and `countdown.done` at zero. */
  replyTo?: AnyActorRef;
}

/**
 * A one-second countdown as a child actor (resend timers, fiat payment windows, seconds-contract
 * expiry on screen). The second is a named delay, so tests drive it with fake timers.
 */
export const countdownMachine = setup({
  types: { context: {} as { remaining: number; replyTo: AnyActorRef | undefined }, input: {} as CountdownInput },
  actions: {
    report: enqueueActions(({ context, enqueue }) => {
      if (!context.replyTo) return;
      enqueue.sendTo(context.replyTo, context.remaining > 0 ? { type: 'countdown.tick', remaining: context.remaining } : { type: 'countdown.done' });
    }),
  },
  guards: { finished: ({ context }) => context.remaining <= 0 },
  delays: { second: 1000 },
}).createMachine({
  id: 'countdown',
  context: ({ input }) => ({ remaining: Math.max(0, Math.floor(input.seconds)), replyTo: input.replyTo }),
  initial: 'counting',
  states: {
    counting: {
      always: { guard: 'finished', target: 'done' },
      after: {
        second: {
          target: 'counting',
          reenter: true,
          actions: [assign({ remaining: ({ context }) => context.remaining - 1 }), 'report'],
        },
      },
    },
    done: { type: 'final' },
  },
});
