import { assign, fromCallback, sendTo, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { SpotStopStatus, type SpotStop } from '../../../../../domain/spotOrders';
import { RECORD_PAGE_SIZE, type Page } from '../../../../../domain/wallet';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import type { CurrentListInput } from './orderRows';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export type OpenStopsInput = CurrentListInput;

export type OpenStopsEvent =
  | { type: 'stops.filter'; symbol: string | undefined }
  | { type: 'stops.page'; page: number }
  | { type: 'stops.revoke'; id: number }
  /** From the `cancelStop` child (the shared confirm-then-act) once a confirmed cancel went through or was refused. */
  | ConfirmActReport<{ id: number }>
  | { type: 'stops.retry' }
  /** The private channel: the user's orders or balances changed (a stop placed, triggered or its OCO leg traded). */
  | Signals<'stream', 'order' | 'balances' | 'resync'>
  /** Another screen part placed or cancelled a stop (the server pushes no balance for a stop's freeze). */
  | { type: 'stops.changed' };

export interface OpenStopsContext {
  symbol: string | undefined;
  page: number;
  size: number;
  stops: SpotStop[];
  total: number;
}

/**
 * A page from /api/spot/stops_current as the list shows it: waiting stops only. A triggered stop
 * has placed its order, which the open orders list shows instead, so it leaves this one.
 */
export function waitingOf(page: Page<SpotStop>): Pick<OpenStopsContext, 'stops' | 'total'> {
  const stops = page.list.filter((s) => s.status === SpotStopStatus.waiting);
  return { stops, total: Math.max(0, page.total - (page.list.length - stops.length)) };
}

/** The list after a stop's confirmed cancel: the row leaves at once. */
function withoutStop(context: OpenStopsContext, id: number): Pick<OpenStopsContext, 'stops' | 'total'> {
  const stops = context.stops.filter((s) => s.id !== id);
  return { stops, total: Math.max(0, context.total - (stops.length < context.stops.length ? 1 : 0)) };
}

/**
 * Waiting stop-limit and OCO orders (the trade page's orders panel, /order/spot-current). The
 * server pushes no stop of its own, but every change of one moves the user's funds or orders: a
 * stop placed freezes (a balance push), a trigger places its order, an OCO leg trades (order
 * pushes). So any such push reads the page again, once a burst has settled; a reconnect too.
 * Cancelling asks first, like an order: the `cancelStop` child (the shared confirm-then-act) asks
 * and cancels; a refused cancel reads the page again, since the stop most likely triggered.
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
    fetchCurrentStops: toBeProvided<Page<SpotStop>, { symbol?: string; page: number; size: number }>('fetchCurrentStops'),
    cancelStop: confirmActMachine,
  },
  actions: {
    showToast,
    /** Tells the page's other parts (the form's available balance) a stop was cancelled. */
    announceStops: () => undefined,
  },
  delays: {
    /** A burst of pushes (a trigger: the stop's order, then balances) reads the page once. */
    settle: 300,
  },
}).createMachine({
  id: 'openStops',
  context: ({ input }) => ({ symbol: input?.symbol, page: 1, size: input?.size ?? RECORD_PAGE_SIZE, stops: [], total: 0 }),
  invoke: [
    { id: 'userUpdates', src: 'userUpdates' },
    { id: 'stopSignals', src: 'stopSignals' },
    { id: 'cancelStop', src: 'cancelStop', input: ({ self }) => ({ replyTo: self }) },
  ],
  on: {
    'confirmAct.done': {
      actions: [assign(({ context, event }) => withoutStop(context, event.subject.id)), { type: 'showToast', params: { tone: 'success', message: { key: 'spot.stops.cancelled' } } }, 'announceStops'],
    },
    'confirmAct.failed': { target: '.loading', description: 'Most likely it triggered meanwhile: the child said why; the list is read again.' },
    // The rows stay on screen while the list is read again or a burst of pushes settles (every few
    // hundred ms for a busy trader): a click there is taken, not dropped.
    'stops.filter': { target: '.loading', actions: assign({ symbol: ({ event }) => event.symbol, page: 1 }) },
    'stops.page': { target: '.loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
    'stops.revoke': { actions: sendTo('cancelStop', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: { id: event.id } })) },
  },
  initial: 'loading',
  states: {
    loading: {
      on: {
        'stream.order': { target: 'loading', reenter: true, description: 'A change while reading: read again, the answer may predate it.' },
        'stream.balances': { target: 'loading', reenter: true },
        'stops.changed': { target: 'loading', reenter: true },
        'stream.resync': { target: 'loading', reenter: true },
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
        'stream.resync': 'loading',
      },
    },
    ready: {
      on: {
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
  },
});

export type OpenStopsActorRef = ActorRefFrom<typeof openStopsMachine>;
