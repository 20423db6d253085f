import { assign, fromCallback, setup, type ActorRefFrom, type EventObject } from 'xstate';
import type { AlertList, CreateAlertInput, PriceAlert } from '../../../../../domain/alerts';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { readState } from '../../../../app/machines/loadStates/loadStates';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { showToast, toastError } from '../../../../app/machines/toast/toastError';
import { alertProblem } from '../../alertRules';

export type PriceAlertsEvent =
  /** The form's request, with the pair's price places (the rule the form applied, asked again). */
  | { type: 'alerts.create'; alert: CreateAlertInput; places: number }
  | { type: 'alerts.cancel'; id: number }
  /** `retry`: read the list again after a failed read; `edit`: the form changed, its refusal goes. */
  | Signals<'alerts', 'retry' | 'edit'>
  /** From `notices`: the private channel says a notice was written (a triggered alert writes one). */
  | { type: 'alerts.pushed' };

export interface PriceAlertsContext {
  /** What the server answered last (undefined: not read yet); kept on screen while it is read again. */
  list: AlertList | undefined;
  /** The request being sent. */
  draft: CreateAlertInput | undefined;
  /** The alert whose cancel is being sent. */
  cancelling: number | undefined;
  /** Why the last create was refused (here, or by the server, translated): under the form until it is changed or sent again. */
  refusal: ToastMessage | undefined;
  /** Alerts created so far: the page starts a fresh form after each. */
  created: number;
  /** A notice arrived while a call ran: the list is read again once it ends, whatever its answer. */
  stale: boolean;
}

const priceAlertsSetup = setup({
  types: { context: {} as PriceAlertsContext, events: {} as PriceAlertsEvent },
  actors: {
    fetchAlerts: toBeProvided<AlertList>('fetchAlerts'),
    createAlert: toBeProvided<PriceAlert, CreateAlertInput>('createAlert'),
    cancelAlert: toBeProvided<PriceAlert, { id: number }>('cancelAlert'),
    /** The private channel's `notice` pushes as `alerts.pushed` (alerts.flows.ts); none by default. */
    notices: fromCallback<EventObject>(() => () => undefined),
  },
  actions: {
    showToast,
    /** The request's shape refused here, said under the form as the server's refusal would be. */
    refuseHere: assign({ refusal: ({ event }) => (event.type === 'alerts.create' ? { key: alertProblem(event.alert, event.places) ?? 'alerts.errors.priceInvalid' } : undefined) }),
    /** A sendable request, as it is sent: the market always named (spot when absent), the pair in capitals, the price without the spaces around it. */
    takeDraft: assign({
      draft: ({ event }) =>
        event.type === 'alerts.create'
          ? { market: event.alert.market ?? 'spot', symbol: event.alert.symbol.toUpperCase(), condition: event.alert.condition, price: event.alert.price.trim() }
          : undefined,
      refusal: undefined,
    }),
    /** The server's refusal (or the failure), translated, under the form. */
    refuseThere: assign({ refusal: ({ event }) => ('error' in event ? messageForError(event.error) : undefined) }),
    markStale: assign({ stale: true }),
  },
  guards: {
    acceptable: ({ event }) => event.type === 'alerts.create' && alertProblem(event.alert, event.places) === undefined,
    /** Only an alert the page shows as active can be cancelled. */
    known: ({ context, event }) => event.type === 'alerts.cancel' && (context.list?.active.some((a) => a.id === event.id) ?? false),
    refused: ({ context }) => context.refusal !== undefined,
    stale: ({ context }) => context.stale,
    /** The list was never read (the first read failed): the page still offers its Retry. */
    unread: ({ context }) => context.list === undefined,
  },
});

/** A create heard: sent when acceptable, else refused in place. */
const create = [{ guard: 'acceptable', target: 'creating', actions: 'takeDraft' }, { actions: 'refuseHere' }] as const;

/**
 * /alerts: the signed-in user's price alerts. Reads the active and triggered ones, then creates
 * (a refusal, here or the server's, stays under the form until it is changed or sent again) and
 * cancels one at a time; after either the list is read again. A notice pushed on the private
 * channel (`notices`: a triggered alert writes one) reads it again too, so an alert that fired
 * moves from active to triggered while the page is open. The form stays usable when a read failed.
 */
export const priceAlertsMachine = priceAlertsSetup.createMachine({
  id: 'priceAlerts',
  context: { list: undefined, draft: undefined, cancelling: undefined, refusal: undefined, created: 0, stale: false },
  invoke: { id: 'notices', src: 'notices' },
  on: {
    'alerts.edit': { guard: 'refused', actions: assign({ refusal: undefined }) },
  },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ stale: false }),
      ...readState(priceAlertsSetup, { src: 'fetchAlerts', into: (list) => ({ list }), next: 'ready', failed: 'loadFailed' }),
      on: { 'alerts.pushed': { target: 'loading', reenter: true, description: 'A notice came while the list was read: read it again, so a just-triggered alert is in.' } },
    },
    loadFailed: {
      on: { 'alerts.retry': 'loading', 'alerts.pushed': 'loading', 'alerts.create': create },
    },
    ready: {
      on: {
        'alerts.create': create,
        'alerts.cancel': { guard: 'known', target: 'cancelling', actions: assign({ cancelling: ({ event }) => event.id }) },
        'alerts.pushed': 'loading',
      },
    },
    creating: {
      on: { 'alerts.pushed': { actions: 'markStale' } },
      invoke: {
        id: 'createAlert',
        src: 'createAlert',
        input: ({ context }) => context.draft!,
        onDone: {
          target: 'loading',
          actions: [
            // The new alert shows at once, before the list is read again.
            assign({
              list: ({ context, event }) => (context.list ? { ...context.list, active: [...context.list.active.filter((a) => a.id !== event.output.id), event.output] } : context.list),
              created: ({ context }) => context.created + 1,
            }),
            { type: 'showToast', params: { tone: 'success', message: { key: 'alerts.created' } } },
          ],
        },
        onError: [
          { guard: 'stale', target: 'loading', actions: 'refuseThere' },
          { guard: 'unread', target: 'loadFailed', actions: 'refuseThere' },
          { target: 'ready', actions: 'refuseThere' },
        ],
      },
      exit: assign({ draft: undefined }),
    },
    cancelling: {
      on: { 'alerts.pushed': { actions: 'markStale' } },
      invoke: {
        id: 'cancelAlert',
        src: 'cancelAlert',
        input: ({ context }) => ({ id: context.cancelling! }),
        onDone: {
          target: 'loading',
          actions: [
            assign({ list: ({ context, event }) => (context.list ? { ...context.list, active: context.list.active.filter((a) => a.id !== event.output.id) } : context.list) }),
            { type: 'showToast', params: { tone: 'success', message: { key: 'alerts.cancelled' } } },
          ],
        },
        // Refused (it triggered meanwhile, or was already gone): said, and the list read again to show what it is now.
        onError: { target: 'loading', actions: toastError },
      },
      exit: assign({ cancelling: undefined }),
    },
  },
});

export type PriceAlertsActorRef = ActorRefFrom<typeof priceAlertsMachine>;
