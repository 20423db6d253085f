import { assign, setup, type ActorRefFrom } from 'xstate';
import type { IcoSubscription } from '../../../../../domain/ico';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

export interface ThawInput {
  projectId: number;
  idempotencyKey: string | undefined;
}

export interface IcoThawContext {
  subscription: IcoSubscription;
  result: IcoSubscription | undefined;
  idempotencyKey: string | undefined;
  mints: number;
}

export type IcoThawEvent = { type: 'thaw.confirm' } | { type: 'thaw.cancel' } | { type: 'thaw.retry' };

/**
 * Thaw (spec §4): shows what the schedule has released (today, in total, waiting to be thawed),
 * asks for a confirmation, moves it to available, and ends with whether anything moved. A failure
 * stays on screen with a retry that reuses the idempotency key.
 */
export const icoThawMachine = setup({
  types: {
    context: {} as IcoThawContext,
    events: {} as IcoThawEvent,
    input: {} as { subscription: IcoSubscription },
    output: {} as { thawed: boolean },
  },
  actors: {
    submitThaw: toBeProvided<IcoSubscription, ThawInput>('submitThaw'),
  },
  actions: {
    showToast,
    mintIdempotencyKey: assign({ mints: ({ context }) => context.mints + 1, idempotencyKey: ({ context }) => `local-key-${context.mints + 1}` }),
  },
}).createMachine({
  id: 'icoThaw',
  context: ({ input }) => ({ subscription: input.subscription, result: undefined, idempotencyKey: undefined, mints: 0 }),
  initial: 'confirming',
  states: {
    confirming: {
      on: { 'thaw.confirm': { target: 'thawing', actions: 'mintIdempotencyKey' }, 'thaw.cancel': 'done' },
    },
    thawing: {
      invoke: {
        id: 'submitThaw',
        src: 'submitThaw',
        input: ({ context }) => ({ projectId: context.subscription.project_id, idempotencyKey: context.idempotencyKey }),
        onDone: { target: 'done', actions: [assign({ result: ({ event }) => event.output }), { type: 'showToast', params: { tone: 'success', message: { key: 'ico.thawed' } } }] },
        onError: { target: 'failed', actions: toastError },
      },
    },
    failed: { on: { 'thaw.retry': 'thawing', 'thaw.cancel': 'done' } },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ thawed: context.result !== undefined }),
});

export const icoThawKeyMinter = (mint: () => string) => assign<IcoThawContext, IcoThawEvent, unknown, IcoThawEvent, never>({ idempotencyKey: () => mint() });

export type IcoThawActorRef = ActorRefFrom<typeof icoThawMachine>;
