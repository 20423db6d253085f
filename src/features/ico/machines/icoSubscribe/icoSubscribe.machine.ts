import { assign, setup, type ActorRefFrom } from 'xstate';
import { compareDecimal } from '../../../../../domain/decimal';
import type { ToastMessage } from '../../../../../domain/errors';
import { icoCost, isQuantity, remainingAllowance, type IcoProject, type IcoSubscribeRequest, type IcoSubscription } from '../../../../../domain/ico';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export interface SubscribeInput {
  request: IcoSubscribeRequest;
  idempotencyKey: string | undefined;
}

export interface IcoSubscribeContext {
  project: IcoProject;
  /** What the user has subscribed to this project so far ("0": this is a participation, else adding more). */
  mine: string;
  /** USDT available in the ico account, when known. */
  available: string | undefined;
  quantity: string;
  result: IcoSubscription | undefined;
  idempotencyKey: string | undefined;
  mints: number;
}

export type IcoSubscribeEvent =
  | { type: 'subscribe.quantity'; quantity: string }
  | Signals<'subscribe', 'submit' | 'confirm' | 'back' | 'close'>;

/** Why the quantity cannot be subscribed, as a catalogue key with values; undefined when it can. */
export function quantityProblem(c: Pick<IcoSubscribeContext, 'project' | 'mine' | 'available' | 'quantity'>): ToastMessage | undefined {
  const q = c.quantity.trim();
  if (!isQuantity(q, c.project.token_places)) return { key: 'ico.error.quantity' };
  if (compareDecimal(c.mine, '0') === 0 && compareDecimal(q, c.project.min_quantity) < 0) return { key: 'ico.error.min' };
  const left = remainingAllowance(c.project.max_quantity, c.mine);
  if (compareDecimal(q, left) > 0) return { key: 'ico.error.max' };
  if (c.available !== undefined && compareDecimal(icoCost(q, c.project.price), c.available) > 0) return { key: 'ico.error.balance' };
  return undefined;
}

/** The USDT the entered quantity costs, or undefined while it is not a quantity. */
export function costOf(c: Pick<IcoSubscribeContext, 'project' | 'quantity'>): string | undefined {
  const q = c.quantity.trim();
  return isQuantity(q, c.project.token_places) ? icoCost(q, c.project.price) : undefined;
}

/**
 * The join popup (spec §2, §4, §5): participate or add more. editing (quantity with the user's
 * min/max and the USDT cost) → confirming → submitting (with an idempotency key kept across a
 * retry of the same quantity) → succeeded ("Subscription succeeded") → closed, whose output says
 * whether anything was subscribed so the list reloads.
 */
export const icoSubscribeMachine = setup({
  types: {
    context: {} as IcoSubscribeContext,
    events: {} as IcoSubscribeEvent,
    input: {} as { project: IcoProject; mine?: string; available?: string },
    output: {} as { subscribed: boolean },
  },
  actors: {
    submitSubscription: toBeProvided<IcoSubscription, SubscribeInput>('submitSubscription'),
  },
  actions: {
    showToast,
    mintIdempotencyKey: assign({ mints: ({ context }) => context.mints + 1, idempotencyKey: ({ context }) => `local-key-${context.mints + 1}` }),
  },
  guards: {
    valid: ({ context }) => quantityProblem(context) === undefined,
    hasKey: ({ context }) => context.idempotencyKey !== undefined,
  },
}).createMachine({
  id: 'icoSubscribe',
  context: ({ input }) => ({ project: input.project, mine: input.mine ?? '0', available: input.available, quantity: '', result: undefined, idempotencyKey: undefined, mints: 0 }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'subscribe.close': 'closed',
        // A new quantity is a new intended action: a new key at the next confirmation.
        'subscribe.quantity': { actions: assign({ quantity: ({ event }) => event.quantity, idempotencyKey: undefined }) },
        'subscribe.submit': [
          { guard: 'valid', target: 'confirming' },
          { actions: { type: 'showToast', params: ({ context }) => ({ tone: 'error' as const, message: quantityProblem(context) ?? { key: 'error.system' } }) } },
        ],
      },
    },
    confirming: {
      on: {
        'subscribe.back': 'editing',
        'subscribe.close': 'closed',
        'subscribe.confirm': [{ guard: 'hasKey', target: 'submitting' }, { target: 'submitting', actions: 'mintIdempotencyKey' }],
      },
    },
    submitting: {
      invoke: {
        id: 'submitSubscription',
        src: 'submitSubscription',
        input: ({ context }) => ({ request: { project_id: context.project.id, quantity: context.quantity.trim() }, idempotencyKey: context.idempotencyKey }),
        onDone: {
          target: 'succeeded',
          actions: [assign({ result: ({ event }) => event.output }), { type: 'showToast', params: { tone: 'success', message: { key: 'ico.subscribed' } } }],
        },
        onError: { target: 'editing', actions: toastError },
      },
    },
    succeeded: { on: { 'subscribe.close': 'closed' } },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ subscribed: context.result !== undefined }),
});

export const icoSubscribeKeyMinter = (mint: () => string) => assign<IcoSubscribeContext, IcoSubscribeEvent, unknown, IcoSubscribeEvent, never>({ idempotencyKey: () => mint() });

export type IcoSubscribeActorRef = ActorRefFrom<typeof icoSubscribeMachine>;
