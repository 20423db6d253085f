import { assign, enqueueActions, setup, type ActorRefFrom, type AnyActorRef, type PromiseActorLogic } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import type { FiatProof } from '../../../../../domain/fiat';
import { toastError } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { actReport, type ActReport, type ActSettled } from '../../../../app/machines/confirmAct/actReport';
import { proofOf, proofProblem } from '../fiatProof';

/**
 * The parent hears this once an act settled, as from the app's confirm-then-act (after a refusal
 * too, since the order or ad may have moved meanwhile).
 */
export type ProvenActReport<TSubject, TOutput = unknown> = ActReport<'provenAct', TSubject, TOutput>;

export type ProvenActEvent =
  /** The question opens about this subject. */
  | { type: 'provenAct.ask'; subject: unknown }
  /** What the dialog's fields hold when Confirm is pressed (typed text is the view's until then). */
  | { type: 'provenAct.confirm'; fundsPassword: string; totpCode: string }
  | { type: 'provenAct.cancel' };

/** What the act receives: the subject the parent asked about and the proof typed for it. */
export interface ProvenActInput<TSubject> {
  subject: TSubject;
  proof: FiatProof;
}

interface ProvenActContext {
  subject: unknown;
  replyTo: AnyActorRef | undefined;
  /** Whether the user has 2FA on (then the code is asked for); undefined when it could not be read (the field is offered). */
  twoFactor: boolean | undefined;
  /** Held from Confirm until the act settled, never longer. */
  proof: FiatProof | undefined;
  /** Why the last Confirm was not acted on, or refused (the server's translated message: a wrong password with the attempts left, the withdrawal lock with its end). */
  refusal: ToastMessage | undefined;
}

/**
 * A confirm-then-act whose confirmation carries a proof (issue 49 §2): the question before an act
 * that sends the user's crypto to someone else — the seller's release, a sell ad resumed — asks for
 * the funds password and, when the user has 2FA on (`readTwoFactor`, read as the question opens),
 * the authenticator's code. Like the app's confirmAct it is a child the parent invokes with
 * `replyTo: self` and asks with `provenAct.ask`; the act is provided by the composition root. A
 * refusal keeps the question open with the server's message (`refusal`), so the user sees why —
 * the withdrawal lock with its end, a wrong password with the attempts left — and may type again;
 * the subject (and so its idempotency key) stays the same. Nothing is heard while acting.
 */
export const provenActMachine = setup({
  types: { context: {} as ProvenActContext, events: {} as ProvenActEvent, input: {} as { replyTo?: AnyActorRef } },
  actors: {
    readTwoFactor: toBeProvided<boolean>('readTwoFactor'),
    act: toBeProvided<unknown, ProvenActInput<unknown>>('act'),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    report: enqueueActions(({ context, enqueue }, params: ActSettled) => {
      if (context.replyTo) enqueue.sendTo(context.replyTo, actReport('provenAct', context.subject, params));
    }),
  },
  guards: {
    proofMissing: ({ context, event }) => event.type === 'provenAct.confirm' && proofProblem(event.fundsPassword, event.totpCode, context.twoFactor) !== undefined,
  },
}).createMachine({
  id: 'provenAct',
  context: ({ input }) => ({ subject: undefined, replyTo: input?.replyTo, twoFactor: undefined, proof: undefined, refusal: undefined }),
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ subject: undefined, proof: undefined, refusal: undefined }),
      on: { 'provenAct.ask': { target: 'reading', actions: assign({ subject: ({ event }) => event.subject }) } },
    },
    reading: {
      description: 'Whether to ask for a 2FA code: read as the question opens (2FA may have been turned on since).',
      invoke: {
        id: 'readTwoFactor',
        src: 'readTwoFactor',
        onDone: { target: 'asking', actions: assign({ twoFactor: ({ event }) => event.output }) },
        onError: { target: 'asking', actions: assign({ twoFactor: undefined }), description: 'Unknown: the code field is offered, and the server says if it was needed.' },
      },
      on: { 'provenAct.cancel': 'idle' },
    },
    asking: {
      on: {
        'provenAct.confirm': [
          {
            guard: 'proofMissing',
            actions: assign({ refusal: ({ context, event }) => ({ key: proofProblem(event.fundsPassword, event.totpCode, context.twoFactor)! }) }),
            description: 'Nothing is sent without a password (or, 2FA on, a code): the field says what is missing.',
          },
          { target: 'acting', actions: assign({ proof: ({ event }) => proofOf(event.fundsPassword, event.totpCode), refusal: undefined }) },
        ],
        'provenAct.cancel': 'idle',
      },
    },
    acting: {
      description: 'Neither a second confirm nor a cancel is heard here: what was confirmed is done or refused once.',
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context }) => ({ subject: context.subject, proof: context.proof ?? {} }),
        onDone: { target: 'idle', actions: { type: 'report', params: ({ event }) => ({ output: event.output }) } },
        onError: {
          target: 'asking',
          actions: [toastError, assign({ refusal: ({ event }) => messageForError(event.error) }), { type: 'report', params: ({ event }) => ({ error: event.error }) }],
        },
      },
      exit: assign({ proof: undefined }),
    },
  },
});

export type ProvenActActorRef = ActorRefFrom<typeof provenActMachine>;

/**
 * The child with its effects, as the composition root supplies it to a parent (whose setup names
 * the child, e.g. `releaseOrder: provenActMachine`): `provenActing(actors.releaseOrder, actors.readTwoFactor, showToast)`.
 */
export function provenActing<TSubject, TOutput>(
  act: PromiseActorLogic<TOutput, ProvenActInput<TSubject>>,
  readTwoFactor: PromiseActorLogic<boolean>,
  showToast: (_: unknown, params: { tone: 'error' | 'success'; message: ToastMessage }) => void,
) {
  // The child hands the act exactly the subject the parent asked about, so its input type holds.
  return provenActMachine.provide({ actors: { act: act as unknown as PromiseActorLogic<unknown, ProvenActInput<unknown>>, readTwoFactor }, actions: { showToast } });
}
