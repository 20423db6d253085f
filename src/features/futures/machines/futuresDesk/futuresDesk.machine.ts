import { assign, fromCallback, fromPromise, raise, setup, type ActorRefFrom, type EventObject } from 'xstate';
import type { ToastMessage } from '../../../../../domain/errors';
import type { FuturesAccount, FuturesConfig, FuturesOrder, FuturesPlan } from '../../../../../domain/futures/api';
import { toastError } from '../../../../app/machines/toast/toastError';
import { countdownMachine } from '../../../../app/machines/countdown/countdown.machine';
import { fundingSecondsOf } from './figures';

/** What the trade page reads in one go: the pair's config (with the user's leverage), and when signed in the account, open orders and waiting plans. */
export interface DeskData {
  config: FuturesConfig;
  account?: FuturesAccount;
  orders: FuturesOrder[];
  plans: FuturesPlan[];
  /** Local time of the answer, to count down to the next funding without trusting the clock offset. */
  receivedAt: number;
}

export interface FuturesDeskContext {
  symbol: string;
  data: DeskData | undefined;
  /** The order or plan a cancel asks about (§8: "Do you want to cancel this order?"). */
  cancel: { kind: 'order' | 'plan'; id: number } | undefined;
  /** Seconds to the next funding, counted by the `fundingCountdown` child (undefined before the first read). */
  fundingIn: number | undefined;
}

export type FuturesDeskEvent =
  | { type: 'futures.pushed' }
  | { type: 'desk.refresh' }
  | { type: 'desk.retry' }
  | { type: 'desk.cancelOrder'; id: number }
  | { type: 'desk.cancelPlan'; id: number }
  | { type: 'desk.confirm' }
  | { type: 'desk.dismiss' }
  | { type: 'countdown.tick'; remaining: number }
  | { type: 'countdown.done' }
  | { type: 'funding.restart' };

/**
 * The futures trade page's data for one pair: config, account and positions, open orders and
 * waiting TP/SL plans. Read once, then again on each private-channel push (`kind: 'futures'`) and
 * after each action the page's dialogs report (`desk.refresh`); a read under way is restarted so
 * the last answer is the newest. Cancelling an order or a plan asks first.
 */
export const futuresDeskMachine = setup({
  types: {
    context: {} as FuturesDeskContext,
    events: {} as FuturesDeskEvent,
    input: {} as { symbol: string },
  },
  actors: {
    countdown: countdownMachine,
    loadDesk: fromPromise<DeskData, { symbol: string }>(async () => {
      throw new Error('loadDesk not provided');
    }),
    cancelOrder: fromPromise<unknown, { id: number }>(async () => undefined),
    cancelPlan: fromPromise<unknown, { id: number }>(async () => undefined),
    /** Reports futures.pushed. */
    futuresUpdates: fromCallback<EventObject>(() => () => undefined),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
  },
  delays: {
    /** A failed first read is tried again by itself. */
    retry: 3000,
  },
}).createMachine({
  id: 'futuresDesk',
  context: ({ input }) => ({ symbol: input.symbol, data: undefined, cancel: undefined, fundingIn: undefined }),
  invoke: { id: 'futuresUpdates', src: 'futuresUpdates' },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDesk',
        src: 'loadDesk',
        input: ({ context }) => ({ symbol: context.symbol }),
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, fundingIn: ({ event }) => fundingSecondsOf(event.output) }) },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { 'desk.retry': 'loading' },
      after: { retry: 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        data: {
          initial: 'idle',
          on: {
            'futures.pushed': { target: '.refreshing', reenter: true, description: 'Something changed on the account: read it again.' },
            'desk.refresh': { target: '.refreshing', reenter: true },
          },
          states: {
            idle: {},
            refreshing: {
              invoke: {
                id: 'loadDesk',
                src: 'loadDesk',
                input: ({ context }) => ({ symbol: context.symbol }),
                onDone: {
                  target: 'idle',
                  actions: [assign({ data: ({ event }) => event.output, fundingIn: ({ event }) => fundingSecondsOf(event.output) }), raise({ type: 'funding.restart' })],
                },
                onError: { target: 'idle', description: 'Keep what is shown; the next push or action reads again.' },
              },
            },
          },
        },
        funding: {
          description: 'The countdown to the next funding, one second at a time; at zero it starts again from the interval.',
          initial: 'counting',
          states: {
            counting: {
              invoke: {
                id: 'fundingCountdown',
                src: 'countdown',
                input: ({ context, self }) => ({ seconds: context.fundingIn ?? 0, replyTo: self }),
                // At zero (also when a read lands exactly on a funding time) the next interval starts.
                onDone: {
                  target: 'counting',
                  reenter: true,
                  actions: assign({ fundingIn: ({ context }) => Math.floor(Math.max(1000, context.data?.config.funding_interval_ms ?? 0) / 1000) }),
                },
              },
              on: {
                'countdown.tick': { actions: assign({ fundingIn: ({ event }) => event.remaining }) },
                'funding.restart': { target: 'counting', reenter: true, description: 'A new read brought the next funding time.' },
              },
            },
          },
        },
        cancel: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'desk.cancelOrder': { target: 'confirming', actions: assign({ cancel: ({ event }) => ({ kind: 'order' as const, id: event.id }) }) },
                'desk.cancelPlan': { target: 'confirming', actions: assign({ cancel: ({ event }) => ({ kind: 'plan' as const, id: event.id }) }) },
              },
            },
            confirming: {
              on: {
                'desk.confirm': [{ guard: ({ context }) => context.cancel?.kind === 'plan', target: 'cancellingPlan' }, { target: 'cancellingOrder' }],
                'desk.dismiss': { target: 'idle', actions: assign({ cancel: undefined }) },
              },
            },
            cancellingOrder: {
              invoke: {
                id: 'cancelOrder',
                src: 'cancelOrder',
                input: ({ context }) => ({ id: context.cancel!.id }),
                onDone: {
                  target: 'idle',
                  actions: [assign({ cancel: undefined }), { type: 'showToast', params: { tone: 'success', message: { key: 'futures.desk.cancelled' } } }, raise({ type: 'desk.refresh' })],
                },
                onError: { target: 'idle', actions: [assign({ cancel: undefined }), toastError, raise({ type: 'desk.refresh' })], description: 'Refused (it filled or was cancelled meanwhile): read again, so the desk never shows an order that is gone.' },
              },
            },
            cancellingPlan: {
              invoke: {
                id: 'cancelPlan',
                src: 'cancelPlan',
                input: ({ context }) => ({ id: context.cancel!.id }),
                onDone: {
                  target: 'idle',
                  actions: [assign({ cancel: undefined }), { type: 'showToast', params: { tone: 'success', message: { key: 'futures.desk.cancelled' } } }, raise({ type: 'desk.refresh' })],
                },
                onError: { target: 'idle', actions: [assign({ cancel: undefined }), toastError, raise({ type: 'desk.refresh' })], description: 'Refused (it filled or was cancelled meanwhile): read again, so the desk never shows an order that is gone.' },
              },
            },
          },
        },
      },
    },
  },
});

export type FuturesDeskActorRef = ActorRefFrom<typeof futuresDeskMachine>;
