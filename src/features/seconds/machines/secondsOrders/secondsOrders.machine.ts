import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type EventObject } from 'xstate';
import type { ToastMessage } from '../../../../domain/errors';
import type { SecondsAccount, SecondsContract } from '../../../../domain/seconds';
import type { Page, RecordDays } from '../../../../domain/wallet';
import { toastError } from '../../../../app/machines/toast/toastError';

export interface SecondsOrdersQuery {
  mode: 'current' | 'history';
  days: RecordDays;
  page: number;
  size: number;
}

export type SecondsOrdersEvent =
  | { type: 'orders.days'; days: RecordDays }
  | { type: 'orders.page'; page: number }
  | { type: 'orders.retry' }
  | { type: 'ticket.pushed'; contract: SecondsContract };

export interface SecondsOrdersContext extends SecondsOrdersQuery {
  rows: SecondsContract[];
  total: number;
  /** Local clock at the last tick (the open contracts' countdown column). */
  now: number;
  serverOffset: number;
  /** The trader's seconds account (balance, today's result, open count), read with the open contracts. */
  account: SecondsAccount | undefined;
}

/** What one read answers: a page of contracts and, for open ones, the account they are held in. */
export interface SecondsOrdersPage {
  page: Page<SecondsContract>;
  offset: number;
  account?: SecondsAccount;
}

/**
 * /order/sec-current and /order/sec-history (spec §2, §3, §9): one page of contracts, with the
 * 3/7/30-day presets and paging on history. Open contracts count down (`tick`); any pushed change of
 * the trader's contracts reads the page again (`settle`, so a burst is one read).
 */
export const secondsOrdersMachine = setup({
  types: {
    context: {} as SecondsOrdersContext,
    events: {} as SecondsOrdersEvent,
    input: {} as { mode: 'current' | 'history'; size?: number },
  },
  actors: {
    fetchOrders: fromPromise<SecondsOrdersPage, SecondsOrdersQuery>(async () => {
      throw new Error('fetchOrders not provided');
    }),
    contractUpdates: fromCallback<EventObject>(() => () => undefined),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    tickClock: assign({ now: () => Date.now() }),
  },
  delays: { tick: 1000, settle: 300 },
}).createMachine({
  id: 'secondsOrders',
  context: ({ input }) => ({ mode: input.mode, days: 7, page: 1, size: input.size ?? 10, rows: [], total: 0, now: 0, serverOffset: 0, account: undefined }),
  invoke: { id: 'contractUpdates', src: 'contractUpdates' },
  initial: 'loading',
  on: {
    'orders.days': { target: '.loading', actions: assign({ days: ({ event }) => event.days, page: 1 }) },
    'orders.page': { target: '.loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchOrders',
        src: 'fetchOrders',
        input: ({ context }) => ({ mode: context.mode, days: context.days, page: context.page, size: context.size }),
        onDone: { target: 'ready', actions: assign({ rows: ({ event }) => event.output.page.list, total: ({ event }) => event.output.page.total, serverOffset: ({ event }) => event.output.offset, account: ({ event, context }) => event.output.account ?? context.account }) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    failed: { on: { 'orders.retry': 'loading' } },
    ready: {
      on: { 'ticket.pushed': '.changed' },
      initial: 'ticking',
      states: {
        ticking: {
          entry: 'tickClock',
          after: { tick: { target: 'ticking', reenter: true } },
        },
        changed: { after: { settle: '#secondsOrders.loading' } },
      },
    },
  },
});

export type SecondsOrdersActorRef = ActorRefFrom<typeof secondsOrdersMachine>;
