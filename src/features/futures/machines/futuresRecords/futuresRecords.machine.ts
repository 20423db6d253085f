import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type EventObject } from 'xstate';
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
  | { type: 'futures.pushed' };

export interface FuturesRecordsContext extends FuturesRecordsQuery {
  orders: FuturesOrder[];
  plans: FuturesPlan[];
  account: FuturesAccount | undefined;
  total: number;
}

/** Positions and the wallet figures move with the mark price, so they are read again every `poll`. */
const moving = ({ context }: { context: FuturesRecordsContext }) => context.mode === 'hold' || context.mode === 'wallet';

/**
 * The futures records (spec §2 /order u-*, /wallet/contract): one page of orders or plans with the
 * 3/7/30-day presets (history) and paging, or the account with its positions. A pushed change of the
 * trader's futures reads again after `settle` (a burst is one read); positions and the wallet figures
 * also every `poll`, since unrealised PnL and margin ratio follow the mark price.
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
    futuresUpdates: fromCallback<EventObject>(() => () => undefined),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
  },
  guards: { moving },
  delays: { settle: 300, poll: 3000 },
}).createMachine({
  id: 'futuresRecords',
  context: ({ input }) => ({ mode: input.mode, days: 7, page: 1, size: input.size ?? 10, orders: [], plans: [], account: undefined, total: 0 }),
  invoke: { id: 'futuresUpdates', src: 'futuresUpdates' },
  initial: 'loading',
  on: {
    'records.days': { target: '.loading', actions: assign({ days: ({ event }) => event.days, page: 1 }) },
    'records.page': { target: '.loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
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
        polling: { after: { poll: '#futuresRecords.loading' } },
        changed: { after: { settle: '#futuresRecords.loading' } },
      },
    },
  },
});

export type FuturesRecordsActorRef = ActorRefFrom<typeof futuresRecordsMachine>;
