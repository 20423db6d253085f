import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { type ToastMessage } from '../../../../../domain/errors';
import { SpotStopStatus, type SpotStop } from '../../../../../domain/spotOrders';
import { RECORD_PAGE_SIZE, type Page } from '../../../../../domain/wallet';
import { toastError } from '../../../../app/machines/toast/toastError';

export interface OpenStopsInput {
  /** Fixed to the pair on the trade page; absent on /order/spot-current (all pairs, filterable). */
  symbol?: string;
  size?: number;
}

export type OpenStopsEvent =
  | { type: 'stops.filter'; symbol: string | undefined }
  | { type: 'stops.page'; page: number }
  | { type: 'stops.revoke'; id: number }
  | { type: 'stops.confirm' }
  | { type: 'stops.dismiss' }
  | { type: 'stops.retry' }
  /** The private channel: the user's orders or balances changed (a stop placed, triggered or its OCO leg traded). */
  | { type: 'stream.order' }
  | { type: 'stream.balances' }
  | { type: 'stream.resync' }
  /** Another screen part placed or cancelled a stop (the server pushes no balance for a stop's freeze). */
  | { type: 'stops.changed' };

export interface OpenStopsContext {
  symbol: string | undefined;
  page: number;
  size: number;
  stops: SpotStop[];
  total: number;
  /** The stop the trader asked to cancel, while confirming and cancelling. */
  revoking: number | undefined;
}

/**
 * A page from /api/spot/stops_current as the list shows it: waiting stops only. A triggered stop
 * has placed its order, which the open orders list shows instead, so it leaves this one.
 */
export function waitingOf(page: Page<SpotStop>): Pick<OpenStopsContext, 'stops' | 'total'> {
  const stops = page.list.filter((s) => s.status === SpotStopStatus.waiting);
  return { stops, total: Math.max(0, page.total - (page.list.length - stops.length)) };
}

/**
 * Waiting stop-limit and OCO orders (the trade page's orders panel, /order/spot-current). The
 * server pushes no stop of its own, but every change of one moves the user's funds or orders: a
 * stop placed freezes (a balance push), a trigger places its order, an OCO leg trades (order
 * pushes). So any such push reads the page again, once a burst has settled; a reconnect too.
 * Cancelling asks first, like an order.
 */
export const openStopsMachine = setup({
  types: {
    context: {} as OpenStopsContext,
    events: {} as OpenStopsEvent,
    input: {} as OpenStopsInput,
  },
  actors: {
    userUpdates: fromCallback<EventObject>(() => () => undefined),
    /** The page's stop signal (spot.flows): `stops.changed` when the form placed one. */
    stopSignals: fromCallback<EventObject>(() => () => undefined),
    fetchCurrentStops: fromPromise<Page<SpotStop>, { symbol?: string; page: number; size: number }>(async () => {
      throw new Error('fetchCurrentStops not provided');
    }),
    cancelStop: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('cancelStop not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    /** Tells the page's other parts (the form's available balance) a stop was cancelled. */
    announceStops: () => undefined,
  },
  delays: {
    /** A burst of pushes (a trigger: the stop's order, then balances) reads the page once. */
    settle: 300,
  },
}).createMachine({
  id: 'openStops',
  context: ({ input }) => ({ symbol: input?.symbol, page: 1, size: input?.size ?? RECORD_PAGE_SIZE, stops: [], total: 0, revoking: undefined }),
  invoke: [
    { id: 'userUpdates', src: 'userUpdates' },
    { id: 'stopSignals', src: 'stopSignals' },
  ],
  initial: 'loading',
  states: {
    loading: {
      on: {
        'stream.order': { target: 'loading', reenter: true, description: 'A change while reading: read again, the answer may predate it.' },
        'stream.balances': { target: 'loading', reenter: true },
        'stops.changed': { target: 'loading', reenter: true },
      },
      invoke: {
        id: 'fetchCurrentStops',
        src: 'fetchCurrentStops',
        input: ({ context }) => ({ symbol: context.symbol, page: context.page, size: context.size }),
        onDone: { target: 'ready', actions: assign(({ event }) => waitingOf(event.output)) },
        onError: { target: 'loadFailed', actions: toastError },
      },
    },
    loadFailed: {
      on: {
        'stops.retry': 'loading',
        'stops.filter': { target: 'loading', actions: assign({ symbol: ({ event }) => event.symbol, page: 1 }) },
        'stream.resync': 'loading',
      },
    },
    ready: {
      on: {
        'stops.filter': { target: 'loading', actions: assign({ symbol: ({ event }) => event.symbol, page: 1 }) },
        'stops.page': { target: 'loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
        'stops.revoke': { target: 'confirming', actions: assign({ revoking: ({ event }) => event.id }) },
        'stream.order': 'settling',
        'stream.balances': 'settling',
        'stops.changed': 'settling',
        'stream.resync': { target: 'loading', description: 'The socket was away: changes may have been missed.' },
      },
    },
    settling: {
      after: { settle: 'loading' },
      on: {
        'stream.order': { target: 'settling', reenter: true },
        'stream.balances': { target: 'settling', reenter: true },
        'stops.changed': { target: 'settling', reenter: true },
        'stream.resync': 'loading',
      },
    },
    confirming: {
      description: 'Like an order: "Do you want to cancel this order?"',
      on: {
        'stops.confirm': 'cancelling',
        'stops.dismiss': { target: 'ready', actions: assign({ revoking: undefined }) },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelStop',
        src: 'cancelStop',
        input: ({ context }) => ({ id: context.revoking! }),
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context }) => ({
              stops: context.stops.filter((s) => s.id !== context.revoking),
              total: Math.max(0, context.total - (context.stops.some((s) => s.id === context.revoking) ? 1 : 0)),
              revoking: undefined,
            })),
            { type: 'showToast', params: { tone: 'success', message: { key: 'spot.stops.cancelled' } } },
            'announceStops',
          ],
        },
        onError: {
          target: 'loading',
          actions: [assign({ revoking: undefined }), toastError],
          description: 'Most likely it triggered meanwhile: the translated refusal, and the list read again.',
        },
      },
    },
  },
});

export type OpenStopsActorRef = ActorRefFrom<typeof openStopsMachine>;
