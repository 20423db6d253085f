import { assign, fromCallback, fromPromise, raise, setup, type ActorRefFrom, type EventObject } from 'xstate';
import type { ToastMessage } from '../../../../domain/errors';
import type { FuturesAccount, FuturesOrder, FuturesPlan } from '../../../../domain/futures/api';
import type { Page, RecordDays } from '../../../../domain/wallet';
import { toastError } from '../../../../app/machines/toast/toastError';

/** Which record the page shows: u-current, u-history, u-plan, u-hold, or /wallet/contract. */
export type FuturesRecordsMode = 'current' | 'history' | 'plans' | 'hold' | 'wallet';

export interface FuturesRecordsQuery {
  mode: FuturesRecordsMode;
  days: RecordDays;
  page: number;
  size: number;
}

/** What one read answers: a page of orders or plans, and for positions and the wallet the account. */
export interface FuturesRecordsData {
  orders?: Page<FuturesOrder>;
  plans?: Page<FuturesPlan>;
  account?: FuturesAccount;
}

export type FuturesRecordsEvent =
  | { type: 'records.days'; days: RecordDays }
  | { type: 'records.page'; page: number }
  | { type: 'records.retry' }
  | { type: 'records.cancelOrder'; id: number }
  | { type: 'records.cancelPlan'; id: number }
  | { type: 'records.confirm' }
  | { type: 'records.dismiss' }
  /** What the close and TP/SL dialogs report once they changed a position (the same report the trade page's desk reads). */
  | { type: 'desk.refresh' }
  | { type: 'futures.pushed' };

export interface FuturesRecordsContext extends FuturesRecordsQuery {
  orders: FuturesOrder[];
  plans: FuturesPlan[];
  account: FuturesAccount | undefined;
  total: number;
  /** The order (u-current) or plan (u-plan) a cancel asks about (§8: "Do you want to cancel this order?"). */
  cancel: { kind: 'order' | 'plan'; id: number } | undefined;
}

/** Positions and the wallet figures move with the mark price, so they are read again every `poll`. */
const moving = ({ context }: { context: FuturesRecordsContext }) => context.mode === 'hold' || context.mode === 'wallet';

/**
 * The futures records (spec §2 /order u-*, /wallet/contract): one page of orders or plans with the
 * 3/7/30-day presets (history) and paging, or the account with its positions. A pushed change of the
 * trader's futures reads again after `settle` (a burst is one read); positions and the wallet figures
 * also every `poll`, since unrealised PnL and margin ratio follow the mark price. Beside the list, an
 * open order or a waiting plan is cancelled after the question (as on the trade page), and the
 * position dialogs' report (`desk.refresh`) reads the list again.
 */
export const futuresRecordsMachine = setup({
  types: {
    context: {} as FuturesRecordsContext,
    events: {} as FuturesRecordsEvent,
    input: {} as { mode: FuturesRecordsMode; size?: number },
  },
  actors: {
    fetchRecords: fromPromise<FuturesRecordsData, FuturesRecordsQuery>(async () => {
      throw new Error('fetchRecords not provided');
    }),
    cancelOrder: fromPromise<unknown, { id: number }>(async () => undefined),
    cancelPlan: fromPromise<unknown, { id: number }>(async () => undefined),
    futuresUpdates: fromCallback<EventObject>(() => () => undefined),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
  },
  guards: { moving },
  delays: { settle: 300, poll: 3000 },
}).createMachine({
  id: 'futuresRecords',
  context: ({ input }) => ({ mode: input.mode, days: 7, page: 1, size: input.size ?? 10, orders: [], plans: [], account: undefined, total: 0, cancel: undefined }),
  invoke: { id: 'futuresUpdates', src: 'futuresUpdates' },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        'records.days': { target: '.loading', actions: assign({ days: ({ event }) => event.days, page: 1 }) },
        'records.page': { target: '.loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
        'desk.refresh': { target: '.loading', description: 'A close, flash close, TP/SL or cancel went through: read the list again (a read under way starts over).' },
      },
      states: {
        loading: {
          invoke: {
            id: 'fetchRecords',
            src: 'fetchRecords',
            input: ({ context }) => ({ mode: context.mode, days: context.days, page: context.page, size: context.size }),
            onDone: {
              target: 'ready',
              actions: assign({
                orders: ({ event, context }) => event.output.orders?.list ?? context.orders,
                plans: ({ event, context }) => event.output.plans?.list ?? context.plans,
                account: ({ event, context }) => event.output.account ?? context.account,
                total: ({ event }) => event.output.orders?.total ?? event.output.plans?.total ?? event.output.account?.positions.length ?? 0,
              }),
            },
            onError: { target: 'failed', actions: toastError },
          },
        },
        failed: { on: { 'records.retry': 'loading' } },
        ready: {
          on: { 'futures.pushed': '.changed' },
          initial: 'watching',
          states: {
            watching: { always: { guard: 'moving', target: 'polling' } },
            polling: { after: { poll: '#futuresRecords.list.loading' } },
            changed: { after: { settle: '#futuresRecords.list.loading' } },
          },
        },
      },
    },
    cancel: {
      description: 'Cancelling an open order (u-current) or a waiting plan (u-plan), asked first, by the calls the trade page makes; the list is read again after.',
      initial: 'idle',
      states: {
        idle: {
          on: {
            'records.cancelOrder': { target: 'confirming', actions: assign({ cancel: ({ event }) => ({ kind: 'order' as const, id: event.id }) }) },
            'records.cancelPlan': { target: 'confirming', actions: assign({ cancel: ({ event }) => ({ kind: 'plan' as const, id: event.id }) }) },
          },
        },
        confirming: {
          on: {
            'records.confirm': [{ guard: ({ context }) => context.cancel?.kind === 'plan', target: 'cancellingPlan' }, { target: 'cancellingOrder' }],
            'records.dismiss': { target: 'idle', actions: assign({ cancel: undefined }) },
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
            onError: { target: 'idle', actions: [assign({ cancel: undefined }), toastError, raise({ type: 'desk.refresh' })], description: 'It may have filled meanwhile: show the list as it is now.' },
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
            onError: { target: 'idle', actions: [assign({ cancel: undefined }), toastError, raise({ type: 'desk.refresh' })], description: 'It may have triggered meanwhile: show the list as it is now.' },
          },
        },
      },
    },
  },
});

export type FuturesRecordsActorRef = ActorRefFrom<typeof futuresRecordsMachine>;
