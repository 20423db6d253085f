import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type EventObject } from 'xstate';
import type { FiatOrder, FiatOrdersTab, FiatRecord } from '../../../../domain/fiat';
import type { ToastMessage } from '../../../../domain/errors';
import type { Page, RecordDays } from '../../../../domain/wallet';
import { toastError } from '../../../../app/machines/toast/toastError';

/** Which list: /order/legal-order and /deal/history (orders by tab), /wallet/log-legal (records). */
export type FiatListSource = { kind: 'orders' } | { kind: 'records' };

export interface FiatListQuery {
  source: FiatListSource;
  tab: FiatOrdersTab;
  days: RecordDays;
  page: number;
  size: number;
}

export type FiatRow = FiatOrder | FiatRecord;

export interface FiatListContext extends FiatListQuery {
  rows: FiatRow[];
  total: number;
}

export type FiatListEvent = { type: 'list.tab'; tab: FiatOrdersTab } | { type: 'list.days'; days: RecordDays } | { type: 'list.page'; page: number } | { type: 'list.retry' } | { type: 'list.pushed' };

/** One page of the user's fiat orders (buy/sell/open tabs) or fiat-account records, with the 3/7/30-day presets and paging. */
export const fiatListMachine = setup({
  types: { context: {} as FiatListContext, events: {} as FiatListEvent, input: {} as { source: FiatListSource; size?: number } },
  actors: {
    fetchList: fromPromise<Page<FiatRow>, FiatListQuery>(async () => {
      throw new Error('fetchList not provided');
    }),
    /** Fiat pushes on the private channel, as `list.pushed` (an order moved: read the page again). */
    listUpdates: fromCallback<EventObject>(() => () => undefined),
  },
  actions: { showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined },
}).createMachine({
  id: 'fiatList',
  context: ({ input }) => ({ source: input.source, tab: 'all', days: 30, page: 1, size: input.size ?? 10, rows: [], total: 0 }),
  initial: 'loading',
  invoke: { id: 'listUpdates', src: 'listUpdates' },
  on: {
    'list.tab': { target: '.loading', actions: assign({ tab: ({ event }) => event.tab, page: 1 }) },
    'list.days': { target: '.loading', actions: assign({ days: ({ event }) => event.days, page: 1 }) },
    'list.page': { target: '.loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchList',
        src: 'fetchList',
        input: ({ context }) => ({ source: context.source, tab: context.tab, days: context.days, page: context.page, size: context.size }),
        onDone: { target: 'ready', actions: assign({ rows: ({ event }) => event.output.list, total: ({ event }) => event.output.total }) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    failed: { on: { 'list.retry': 'loading' } },
    ready: { on: { 'list.pushed': 'loading' } },
  },
});

export type FiatListActorRef = ActorRefFrom<typeof fiatListMachine>;
