import { assign, fromCallback, fromPromise, sendTo, setup, type ActorRefFrom, type EventObject } from 'xstate';
import type { ToastMessage } from '../../../../../domain/errors';
import type { FuturesAccount } from '../../../../../domain/futures/api';
import type { RecordDays } from '../../../../../domain/wallet';
import { toastError } from '../../../../app/machines/toast/toastError';
import { pagedListMachine, type PagedListInput } from '../../../../app/machines/pagedList/pagedList.machine';

/** Which record the page shows: u-current, u-history, u-plan, u-hold, or /wallet/contract. */
export type FuturesRecordsMode = 'current' | 'history' | 'plans' | 'hold' | 'wallet';

/** The records' filter, kept by the shared paged list: the mode and the 3/7/30-day preset (history). */
export interface FuturesRecordsFilter {
  mode: FuturesRecordsMode;
  days: RecordDays;
}

/**
 * What one read answers, as the shared list's page: orders (current, history), plans, or for
 * positions and the wallet the account's positions, with the account as the list's `extra`.
 */
export type FuturesRecordsExtra = FuturesAccount;

/** Positions and the wallet figures move with the mark price, so they are read again this often. */
export const FUTURES_RECORDS_POLL_MS = 3000;

export type FuturesRecordsEvent =
  | { type: 'records.cancelOrder'; id: number }
  | { type: 'records.cancelPlan'; id: number }
  | { type: 'records.confirm' }
  | { type: 'records.dismiss' }
  /** What the close and TP/SL dialogs report once they changed a position (the same report the trade page's desk reads). */
  | { type: 'desk.refresh' }
  | { type: 'futures.pushed' };

export interface FuturesRecordsContext {
  mode: FuturesRecordsMode;
  list: PagedListInput<FuturesRecordsFilter>;
  /** The order (u-current) or plan (u-plan) a cancel asks about (§8: "Do you want to cancel this order?"). */
  cancel: { kind: 'order' | 'plan'; id: number } | undefined;
}

const moving = (mode: FuturesRecordsMode) => mode === 'hold' || mode === 'wallet';

/**
 * The futures records (spec §2 /order u-*, /wallet/contract): the shared paged list (`list` child:
 * one page of orders or plans with the 3/7/30-day presets (history) and paging, or the account with
 * its positions, read again every FUTURES_RECORDS_POLL_MS since unrealised PnL and margin ratio
 * follow the mark price). This machine turns a pushed change of the trader's futures into the
 * list's `list.pushed` (read again after its `settle`: a burst is one read) and the position dialogs'
 * report (`desk.refresh`) into `list.reload`, and cancels an open order or a waiting plan after the
 * question (as on the trade page), reading the list again after.
 */
export const futuresRecordsMachine = setup({
  types: {
    context: {} as FuturesRecordsContext,
    events: {} as FuturesRecordsEvent,
    input: {} as { mode: FuturesRecordsMode; size?: number },
  },
  actors: {
    list: pagedListMachine,
    cancelOrder: fromPromise<unknown, { id: number }>(async () => undefined),
    cancelPlan: fromPromise<unknown, { id: number }>(async () => undefined),
    futuresUpdates: fromCallback<EventObject>(() => () => undefined),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    reloadList: sendTo('list', { type: 'list.reload' }),
    forget: assign({ cancel: undefined }),
  },
  guards: { isPlan: ({ context }) => context.cancel?.kind === 'plan' },
}).createMachine({
  id: 'futuresRecords',
  context: ({ input }) => ({
    mode: input.mode,
    list: {
      filter: { mode: input.mode, days: 7 },
      ...(input.size ? { size: input.size } : {}),
      ...(moving(input.mode) ? { pollMs: FUTURES_RECORDS_POLL_MS } : {}),
    },
    cancel: undefined,
  }),
  invoke: [
    { id: 'list', src: 'list', input: ({ context }) => context.list },
    { id: 'futuresUpdates', src: 'futuresUpdates' },
  ],
  on: {
    'futures.pushed': { actions: sendTo('list', { type: 'list.pushed' }) },
    'desk.refresh': { actions: 'reloadList', description: 'A close, flash close, TP/SL or cancel went through: read the list again (a read under way starts over).' },
  },
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
        'records.confirm': [{ guard: 'isPlan', target: 'cancellingPlan' }, { target: 'cancellingOrder' }],
        'records.dismiss': { target: 'idle', actions: 'forget' },
      },
    },
    cancellingOrder: {
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => ({ id: context.cancel!.id }),
        onDone: { target: 'idle', actions: ['forget', { type: 'showToast', params: { tone: 'success', message: { key: 'futures.desk.cancelled' } } }, 'reloadList'] },
        onError: { target: 'idle', actions: ['forget', toastError, 'reloadList'], description: 'It may have filled meanwhile: show the list as it is now.' },
      },
    },
    cancellingPlan: {
      invoke: {
        id: 'cancelPlan',
        src: 'cancelPlan',
        input: ({ context }) => ({ id: context.cancel!.id }),
        onDone: { target: 'idle', actions: ['forget', { type: 'showToast', params: { tone: 'success', message: { key: 'futures.desk.cancelled' } } }, 'reloadList'] },
        onError: { target: 'idle', actions: ['forget', toastError, 'reloadList'], description: 'It may have triggered meanwhile: show the list as it is now.' },
      },
    },
  },
});

export type FuturesRecordsActorRef = ActorRefFrom<typeof futuresRecordsMachine>;
