import { assign, fromCallback, type DoneActorEvent, type EventObject } from 'xstate';
import type { FiatOrder, FiatOrderStatus } from '../../../../domain/fiat';
import { toastError } from '../../../app/machines/toast/toastError';
import type { ConfirmActReport } from '../../../app/machines/confirmAct/confirmAct.types';
import { fiatAppealMachine, type AppealOutcome } from './fiatAppeal/fiatAppeal.machine';
export type { AppealInput } from './fiatAppeal/fiatAppeal.machine';
import { toBeProvided } from '../../../app/machines/toBeProvided/toBeProvided';

/** What the order loader answers: the order and this client's clock when it arrived (for the offset). */
export interface LoadedOrder {
  order: FiatOrder;
  receivedAt: number;
}

export interface OrderStepInput {
  orderId: number;
  idempotencyKey?: string;
}

/**
 * What a party's confirm-then-act children (app/machines/confirmAct: "I have paid", cancel,
 * confirm receipt) ask about and then act on: the order, with the step named so the parent tells
 * the children's reports apart.
 */
export interface OrderStep extends OrderStepInput {
  step: 'pay' | 'cancel' | 'release';
}

/** The context both parties' machines keep: the order, the clock offset to the server, and the time now. */
export interface FiatOrderContext {
  orderId: number;
  order: FiatOrder | undefined;
  /** server clock − client clock, from the order's `server_now` when it was received. */
  offset: number;
  now: number;
  idempotencyKey: string | undefined;
}

export const initialOrderContext = (orderId: number): FiatOrderContext => ({ orderId, order: undefined, offset: 0, now: 0, idempotencyKey: undefined });

export const fromLoaded = (loaded: LoadedOrder) => ({ order: loaded.order, offset: loaded.order.server_now - loaded.receivedAt, now: loaded.receivedAt });

/** Placeholders the feature supplies (machines never do I/O). */
export const orderPlaceholders = {
  loadOrder: toBeProvided<LoadedOrder, { orderId: number }>('loadOrder'),
  /** A party's appeal, invoked while the party writes it; its output is the order in appeal. */
  appeal: fiatAppealMachine,
  /** The private channel's pushes for this order, as `order.pushed` events. */
  orderUpdates: fromCallback<EventObject, { orderId: number }>(() => () => undefined),
};

/** A pushed order from the private channel (`orderUpdates`). */
export interface OrderPushedEvent {
  type: 'order.pushed';
  order: FiatOrder;
  receivedAt: number;
}

/**
 * What both parties' machines do alike: stamp the clock, adopt a loaded or pushed order (with the
 * clock offset it implies), and tell the statuses apart. Typed by the machine's own events.
 */
export function orderActions<E extends EventObject>() {
  return {
    stamp: assign<FiatOrderContext, E, undefined, E, never>({ now: () => Date.now() }),
    adoptLoaded: assign<FiatOrderContext, E, undefined, E, never>(({ event }) => fromLoaded((event as unknown as DoneActorEvent<LoadedOrder>).output)),
    adoptPushed: assign<FiatOrderContext, E, undefined, E, never>(({ event }) => fromLoaded(event as unknown as OrderPushedEvent)),
    /** The order in appeal, as a submitted appeal (the `appeal` child's output) answered it. */
    adoptAppealed: assign<FiatOrderContext, E, undefined, E, never>(({ event }) => ({ order: (event as unknown as DoneActorEvent<AppealOutcome>).output.order })),
    /** The order as a confirmed step (a confirm-then-act child's `confirmAct.done`, or the release's `provenAct.done`) answered it. */
    adoptActed: assign<FiatOrderContext, E, undefined, E, never>(({ event }) => ({ order: (event as unknown as ConfirmActReport<OrderStep, FiatOrder> & { type: 'confirmAct.done' }).output })),
  };
}

type OrderGuardArgs = { context: FiatOrderContext; event: EventObject };
export const orderGuards = {
  isUnpaid: ({ context }: OrderGuardArgs) => context.order?.status === 'unpaid',
  isPaid: ({ context }: OrderGuardArgs) => context.order?.status === 'paid',
  isAppeal: ({ context }: OrderGuardArgs) => context.order?.status === 'appeal',
  isCompleted: ({ context }: OrderGuardArgs) => context.order?.status === 'completed',
  isThisOrder: ({ context, event }: OrderGuardArgs) => event.type === 'order.pushed' && (event as OrderPushedEvent).order.id === context.orderId,
};

/** The delays both parties' machines name: the clock's tick, and how soon a run-out deadline is read again. */
export const orderDelays = { tick: 1000, expiryRecheck: 2000 };

/**
 * The top of both parties' machines: the order's context, the `clock` and `flow` regions side by
 * side, and the private channel's pushes for this order. Each machine adds its own `flow` states.
 */
export function partyMachineTop<const Id extends string>(id: Id) {
  return {
    id,
    context: ({ input }: { input: { orderId: number } }) => initialOrderContext(input.orderId),
    type: 'parallel',
    invoke: { id: 'orderUpdates', src: 'orderUpdates', input: ({ context }: { context: FiatOrderContext }) => ({ orderId: context.orderId }) },
  } as const;
}

/**
 * A party writing an appeal after payment: the appeal is its own machine (reason, confirmation,
 * call), invoked as `appeal` for the view to talk to. Submitted, the order is in appeal (`routing`
 * of the party's machine, `#<id>.flow.routing`, shows it); dismissed, back to `back`.
 */
export function appealingState<const Back extends string>(routing: `#${string}.flow.routing`, back: Back) {
  return {
    invoke: {
      id: 'appeal',
      src: 'appeal',
      input: ({ context }: { context: FiatOrderContext }) => ({ orderId: context.orderId }),
      onDone: [{ guard: ({ event }: { event: DoneActorEvent<AppealOutcome> }) => event.output.order !== undefined, target: routing, actions: 'adoptAppealed' }, { target: back }],
    },
  } as const;
}

/** The `clock` region: a tick a second stamps `now`, from which the views' countdowns are computed. */
export const orderClockRegion = { initial: 'ticking', states: { ticking: { after: { tick: { target: 'ticking', reenter: true, actions: 'stamp' } } } } } as const;

/**
 * The `flow` region's scaffold both parties share: a pushed order for this one re-routes at once;
 * loading (then routing, or failed until `retry`); routing by status to the party's own
 * unpaid / paid / appeal / completed / cancelled states, which each machine adds.
 */
export function orderFlowScaffold<const Retry extends string>(retry: Retry) {
  return {
    region: {
      initial: 'loading',
      on: { 'order.pushed': { guard: 'isThisOrder', target: '.routing', actions: 'adoptPushed' } },
    },
    states: {
      loading: {
        invoke: {
          id: 'loadOrder',
          src: 'loadOrder',
          input: ({ context }: { context: FiatOrderContext }) => ({ orderId: context.orderId }),
          onDone: { target: 'routing', actions: 'adoptLoaded' },
          onError: { target: 'failed', actions: toastError },
        },
      },
      failed: { on: { [retry]: 'loading' } as Record<Retry, 'loading'> },
      routing: {
        always: [
          { guard: 'isUnpaid', target: 'unpaid' },
          { guard: 'isPaid', target: 'paid' },
          { guard: 'isAppeal', target: 'appeal' },
          { guard: 'isCompleted', target: 'completed' },
          { target: 'cancelled' },
        ],
      },
    },
  } as const;
}

/** Catalogue keys of the statuses (spec §4). */
/**
 * The buyer's order page title by the order's status, not by the address it was opened at (issue 37
 * §6: a completed purchase opened at /deal/buy-confirm was still headed "Payment submitted").
 */
export function buyerTitleKey(status: FiatOrderStatus | undefined, step: 'detail' | 'confirm'): string {
  if (status === undefined) return step === 'confirm' ? 'page.deal.buyConfirm' : 'page.deal.buyDetail';
  return status === 'paid' || status === 'appeal' ? 'page.deal.buyConfirm' : 'page.deal.buyDetail';
}

export const FIAT_STATUS_KEYS = {
  unpaid: 'fiat.status.unpaid',
  paid: 'fiat.status.paid',
  appeal: 'fiat.status.appeal',
  completed: 'fiat.status.completed',
  cancelled: 'fiat.status.cancelled',
} as const;
