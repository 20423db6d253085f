import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../domain/errors';
import type { IcoOrderTab, IcoRecord, IcoRecordType, IcoSubscription } from '../../../../domain/ico';
import type { Page, RecordDays } from '../../../../domain/wallet';
import { toastError } from '../../../../app/machines/toast/toastError';

/** Which list: /order/sub-hold and sub-end (subscriptions), /order/sub-tran and /wallet/log-ico(-thaw) (records). */
export type IcoListSource = { kind: 'orders'; tab: IcoOrderTab } | { kind: 'records'; type: IcoRecordType };

export interface IcoListQuery {
  source: IcoListSource;
  days: RecordDays;
  page: number;
  size: number;
}

export type IcoRow = IcoSubscription | IcoRecord;

export interface IcoListContext extends IcoListQuery {
  rows: IcoRow[];
  total: number;
}

export type IcoListEvent = { type: 'list.days'; days: RecordDays } | { type: 'list.page'; page: number } | { type: 'list.retry' };

/** One page of the user's ICO subscriptions or records, with the 3/7/30-day presets (records) and paging. */
export const icoListMachine = setup({
  types: { context: {} as IcoListContext, events: {} as IcoListEvent, input: {} as { source: IcoListSource; size?: number } },
  actors: {
    fetchList: fromPromise<Page<IcoRow>, IcoListQuery>(async () => {
      throw new Error('fetchList not provided');
    }),
  },
  actions: { showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined },
}).createMachine({
  id: 'icoList',
  context: ({ input }) => ({ source: input.source, days: 30, page: 1, size: input.size ?? 10, rows: [], total: 0 }),
  initial: 'loading',
  on: {
    'list.days': { target: '.loading', actions: assign({ days: ({ event }) => event.days, page: 1 }) },
    'list.page': { target: '.loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchList',
        src: 'fetchList',
        input: ({ context }) => ({ source: context.source, days: context.days, page: context.page, size: context.size }),
        onDone: { target: 'ready', actions: assign({ rows: ({ event }) => event.output.list, total: ({ event }) => event.output.total }) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    failed: { on: { 'list.retry': 'loading' } },
    ready: {},
  },
});

export type IcoListActorRef = ActorRefFrom<typeof icoListMachine>;
