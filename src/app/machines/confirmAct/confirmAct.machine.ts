import { assign, enqueueActions, setup, type ActorRefFrom, type AnyActorRef, type PromiseActorLogic } from 'xstate';
import { toBeProvided } from '../toBeProvided/toBeProvided';
import { messageForError, type ToastMessage } from '../../../../domain/errors';
import { toastError } from '../toast/toastError';
import type { ConfirmActEvent, ConfirmActInput } from './confirmAct.types';
import { actReport, type ActSettled } from './actReport';

interface ConfirmActContext {
  /** What is being confirmed (an order id, a key with its label…), from the question until the act settled. */
  subject: unknown;
  replyTo: AnyActorRef | undefined;
  /** The parent asked that a refusal stay in the question (`ConfirmActInput.keepRefusal`). */
  keepRefusal: boolean;
  /** Why the act was refused, translated, while the question stays open to say it (`refused`). */
  refusal: ToastMessage | undefined;
}

/**
 * The one confirm-then-act of the app (spec §8: cancelling, deleting or revoking anything asks
 * first), as a child the parent invokes with `input: ({ self }) => ({ replyTo: self })` and sends
 * `confirmAct.ask` with the subject. The act itself is the `act` actor the composition root
 * provides (see `confirmActing`), so this machine does no I/O. Once the act settled the parent
 * hears `confirmAct.done` or `confirmAct.failed` and reads again what it shows: after a refusal
 * too, since a refused cancel usually means the order filled or went meanwhile. A refusal is said
 * here, translated, as every machine says its failures: as a toast, or — for a parent that asks
 * `keepRefusal` (a delete of an address or an API key, issue 50 S3) — in the question itself,
 * which stays open in `refused` (role=alert in the dialog) until it is answered again or dismissed.
 * Nothing is heard while acting, so a double click on Confirm acts once.
 */
export const confirmActMachine = setup({
  types: {
    context: {} as ConfirmActContext,
    events: {} as ConfirmActEvent<unknown>,
    input: {} as ConfirmActInput,
  },
  actors: {
    act: toBeProvided<unknown, unknown>('act'),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    report: enqueueActions(({ context, enqueue }, params: ActSettled) => {
      if (context.replyTo) enqueue.sendTo(context.replyTo, actReport('confirmAct', context.subject, params));
    }),
  },
  guards: { keepsRefusal: ({ context }) => context.keepRefusal },
}).createMachine({
  id: 'confirmAct',
  context: ({ input }) => ({ subject: undefined, replyTo: input?.replyTo, keepRefusal: Boolean(input?.keepRefusal), refusal: undefined }),
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ subject: undefined, refusal: undefined }),
      on: { 'confirmAct.ask': { target: 'confirming', actions: assign({ subject: ({ event }) => event.subject }) } },
    },
    confirming: {
      on: {
        'confirmAct.confirm': 'acting',
        'confirmAct.cancel': 'idle',
      },
    },
    acting: {
      description: 'Neither a second confirm nor a cancel is heard here: what was confirmed is done or refused once.',
      entry: assign({ refusal: undefined }),
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context }: { context: ConfirmActContext }) => context.subject,
        onDone: {
          target: 'idle',
          actions: { type: 'report', params: ({ event }) => ({ output: event.output }) },
        },
        onError: [
          {
            guard: 'keepsRefusal',
            target: 'refused',
            actions: [assign({ refusal: ({ event }) => messageForError(event.error) }), { type: 'report', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }],
          },
          {
            target: 'idle',
            actions: [toastError, { type: 'report', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }],
          },
        ],
      },
    },
    refused: {
      description: 'The question stays open with its refusal (the parent has read again meanwhile): confirm tries once more, cancel closes it.',
      on: {
        'confirmAct.confirm': 'acting',
        'confirmAct.cancel': 'idle',
      },
    },
  },
});

export type ConfirmActActorRef = ActorRefFrom<typeof confirmActMachine>;

/**
 * The child with its act, as a composition root supplies it to a parent (whose setup names the
 * child, e.g. `cancelOrder: confirmActMachine`): `confirmActing(actors.cancelOrder, showToast)`.
 */
export function confirmActing<TSubject, TOutput>(act: PromiseActorLogic<TOutput, TSubject>, showToast: (_: unknown, params: { tone: 'error' | 'success'; message: ToastMessage }) => void) {
  // The child hands the act exactly the subject the parent asked about, so its input type holds.
  return confirmActMachine.provide({ actors: { act: act as unknown as PromiseActorLogic<unknown, unknown> }, actions: { showToast } });
}
