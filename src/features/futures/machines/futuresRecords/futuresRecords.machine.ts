import { fromCallback, sendTo, setup, type ActorRefFrom, type EventObject } from 'xstate';
import type { FuturesAccount } from '../../../../../domain/futures/api';
import type { RecordDays } from '../../../../../domain/wallet';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { pagedListMachine, type PagedListInput } from '../../../../app/machines/pagedList/pagedList.machine';
import { showToast } from '../../../../app/machines/toast/toastError';

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
  /** From the `cancelOrder` / `cancelPlan` children once a confirmed cancel went through or was refused. */
  | ConfirmActReport<{ id: number }>
  /** What the close and TP/SL dialogs report once they changed a position (the same report the trade page's desk reads). */
  | { type: 'desk.refresh' }
  | { type: 'futures.pushed' };

export interface FuturesRecordsContext {
  mode: FuturesRecordsMode;
  list: PagedListInput<FuturesRecordsFilter>;
}

const moving = (mode: FuturesRecordsMode) => mode === 'hold' || mode === 'wallet';

/**
 * The futures records (spec §2 /order u-*, /wallet/contract): the shared paged list (`list` child:
 * one page of orders or plans with the 3/7/30-day presets (history) and paging, or the account with
 * its positions, read again every FUTURES_RECORDS_POLL_MS since unrealised PnL and margin ratio
 * follow the mark price). This machine turns a pushed change of the trader's futures into the
 * list's `list.pushed` (read again after its `settle`: a burst is one read) and the position dialogs'
 * report (`desk.refresh`) into `list.reload`, and cancels an open order or a waiting plan after the
 * question (as on the trade page: its `cancelOrder` / `cancelPlan` confirm-then-act children ask and
 * cancel), reading the list again after either outcome.
 */
export const futuresRecordsMachine = setup({
  types: {
    context: {} as FuturesRecordsContext,
    events: {} as FuturesRecordsEvent,
    input: {} as { mode: FuturesRecordsMode; size?: number },
  },
  actors: {
    list: pagedListMachine,
    cancelOrder: confirmActMachine,
    cancelPlan: confirmActMachine,
    futuresUpdates: fromCallback<EventObject>(() => () => undefined),
  },
  actions: {
    showToast,
    reloadList: sendTo('list', { type: 'list.reload' }),
  },
}).createMachine({
  id: 'futuresRecords',
  context: ({ input }) => ({
    mode: input.mode,
    list: {
      filter: { mode: input.mode, days: 7 },
      ...(input.size ? { size: input.size } : {}),
      ...(moving(input.mode) ? { pollMs: FUTURES_RECORDS_POLL_MS } : {}),
    },
  }),
  invoke: [
    { id: 'list', src: 'list', input: ({ context }) => context.list },
    { id: 'futuresUpdates', src: 'futuresUpdates' },
    { id: 'cancelOrder', src: 'cancelOrder', input: ({ self }) => ({ replyTo: self }) },
    { id: 'cancelPlan', src: 'cancelPlan', input: ({ self }) => ({ replyTo: self }) },
  ],
  on: {
    'futures.pushed': { actions: sendTo('list', { type: 'list.pushed' }) },
    'desk.refresh': { actions: 'reloadList', description: 'A close, flash close, TP/SL or cancel went through: read the list again (a read under way starts over).' },
    'records.cancelOrder': { actions: sendTo('cancelOrder', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: { id: event.id } })) },
    'records.cancelPlan': { actions: sendTo('cancelPlan', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: { id: event.id } })) },
    'confirmAct.done': { actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'futures.desk.cancelled' } } }, 'reloadList'] },
    'confirmAct.failed': { actions: 'reloadList', description: 'It may have filled or triggered meanwhile: show the list as it is now.' },
  },
});

export type FuturesRecordsActorRef = ActorRefFrom<typeof futuresRecordsMachine>;
