import { assign, fromCallback, raise, sendTo, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { FuturesAccount, FuturesConfig, FuturesOrder, FuturesPlan } from '../../../../../domain/futures/api';
import { countdownMachine } from '../../../../app/machines/countdown/countdown.machine';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { fundingSecondsOf } from './figures';
import { showToast } from '../../../../app/machines/toast/toastError';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

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
  /** Seconds to the next funding, counted by the `fundingCountdown` child (undefined before the first read). */
  fundingIn: number | undefined;
}

export type FuturesDeskEvent =
  | { type: 'futures.pushed' }
  | Signals<'desk', 'refresh' | 'retry'>
  | { type: 'desk.cancelOrder'; id: number }
  | { type: 'desk.cancelPlan'; id: number }
  /** From the `cancelOrder` / `cancelPlan` children once a confirmed cancel went through or was refused. */
  | ConfirmActReport<{ id: number }>
  | { type: 'countdown.tick'; remaining: number }
  | { type: 'countdown.done' }
  | { type: 'funding.restart' };

/**
 * The futures trade page's data for one pair: config, account and positions, open orders and
 * waiting TP/SL plans. Read once, then again on each private-channel push (`kind: 'futures'`) and
 * after each action the page's dialogs report (`desk.refresh`); a read under way is restarted so
 * the last answer is the newest. Cancelling an order or a plan asks first: the `cancelOrder` and
 * `cancelPlan` children (the shared confirm-then-act) ask and cancel, and the desk reads again
 * after either outcome, so it never shows an order that filled or went meanwhile.
 */
export const futuresDeskMachine = setup({
  types: {
    context: {} as FuturesDeskContext,
    events: {} as FuturesDeskEvent,
    input: {} as { symbol: string },
  },
  actors: {
    countdown: countdownMachine,
    loadDesk: toBeProvided<DeskData, { symbol: string }>('loadDesk'),
    cancelOrder: confirmActMachine,
    cancelPlan: confirmActMachine,
    /** Reports futures.pushed. */
    futuresUpdates: fromCallback<EventObject>(() => () => undefined),
  },
  actions: {
    showToast,
  },
  delays: {
    /** A failed first read is tried again by itself. */
    retry: 3000,
  },
}).createMachine({
  id: 'futuresDesk',
  context: ({ input }) => ({ symbol: input.symbol, data: undefined, fundingIn: undefined }),
  invoke: [
    { id: 'futuresUpdates', src: 'futuresUpdates' },
    { id: 'cancelOrder', src: 'cancelOrder', input: ({ self }) => ({ replyTo: self }) },
    { id: 'cancelPlan', src: 'cancelPlan', input: ({ self }) => ({ replyTo: self }) },
  ],
  on: {
    'desk.cancelOrder': { actions: sendTo('cancelOrder', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: { id: event.id } })) },
    'desk.cancelPlan': { actions: sendTo('cancelPlan', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: { id: event.id } })) },
    'confirmAct.done': { actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'futures.desk.cancelled' } } }, raise({ type: 'desk.refresh' })] },
    'confirmAct.failed': { actions: raise({ type: 'desk.refresh' }), description: 'Refused (it filled or was cancelled meanwhile): read again, so the desk never shows an order that is gone.' },
  },
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
      },
    },
  },
});

export type FuturesDeskActorRef = ActorRefFrom<typeof futuresDeskMachine>;
