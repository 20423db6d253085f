import { assign, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { type ToastMessage } from '../../../../domain/errors';
import { RECORD_PAGE_SIZE, type Page, type RecordDays, type RecordQuery } from '../../../../domain/wallet';
import { toastError } from '../../../../app/machines/toast/toastError';

/** Any record row: every wallet list carries a numeric id. */
export interface RecordRow {
  id: number;
}

export interface WalletRecordsInput {
  days?: RecordDays;
  /** Only this currency's rows (the deposit page's recent deposits follow its chosen currency); none: every currency. */
  currency?: string;
  /** Re-read the list this often while shown (deposits advancing through confirmations); none: never. */
  pollMs?: number;
  /** Success toast of the row action (withdrawal cancel), when the list has one. */
  actionDoneKey?: string;
}

export type WalletRecordsEvent =
  | { type: 'records.days'; days: RecordDays }
  | { type: 'records.page'; page: number }
  | { type: 'records.reload' }
  | { type: 'records.act'; id: number }
  | { type: 'records.confirm' }
  | { type: 'records.cancel' }
  /** From `walletSignals`: the user's own withdrawal, transfer or cancel changed the wallet. */
  | { type: 'wallet.changed' }
  /** From `walletSignals`: the private channel says a deposit or withdrawal has a new status (issue 37 §4). */
  | { type: 'records.pushed' };

export interface WalletRecordsContext {
  days: RecordDays;
  currency: string | undefined;
  page: number;
  list: RecordRow[];
  total: number;
  pollMs: number | undefined;
  actionDoneKey: string;
  /** The row whose action (cancel) waits for confirmation. */
  acting: number | undefined;
}


/**
 * One paged record list of /wallet (deposits, withdrawals, transfers, ledger): the 3/7/30-day
 * presets of spec §9 and paging, over whichever `fetchPage` the composition root supplies. A
 * preset change goes back to page 1. Rows stay on screen while a page loads. Optionally polls, and
 * optionally runs one row action (`actOnRow`, the withdrawal cancel) behind a confirmation (spec §8).
 */
export const walletRecordsMachine = setup({
  types: { context: {} as WalletRecordsContext, events: {} as WalletRecordsEvent, input: {} as WalletRecordsInput },
  actors: {
    fetchPage: fromPromise<Page<RecordRow>, RecordQuery>(async () => {
      throw new Error('fetchPage not provided');
    }),
    /** Wallet-wide signals (features/wallet/actors/wallet.actors.ts createWalletSignals); none by default. */
    walletSignals: fromCallback(() => () => undefined),
    actOnRow: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('actOnRow not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    /** Told after a row action succeeded (the balances changed). */
    rowActed: () => undefined,
  },
  guards: {
    polls: ({ context }) => context.pollMs !== undefined,
    isOtherPage: ({ context, event }) => event.type === 'records.page' && event.page >= 1 && event.page !== context.page && (event.page - 1) * RECORD_PAGE_SIZE < Math.max(context.total, 1),
  },
  delays: { poll: ({ context }) => context.pollMs ?? 0 },
}).createMachine({
  id: 'walletRecords',
  context: ({ input }) => ({
    days: input.days ?? 7,
    currency: input.currency,
    page: 1,
    list: [],
    total: 0,
    pollMs: input.pollMs,
    actionDoneKey: input.actionDoneKey ?? '',
    acting: undefined,
  }),
  on: {
    'records.days': { target: '.loading', reenter: true, actions: assign({ days: ({ event }) => event.days, page: 1 }) },
    'records.reload': { target: '.loading', reenter: true },
  },
  invoke: { id: 'signals', src: 'walletSignals' },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }): RecordQuery => ({ days: context.days, page: context.page, size: RECORD_PAGE_SIZE, ...(context.currency ? { currency: context.currency } : {}) }),
        onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output.list, total: ({ event }) => event.output.total }) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    failed: { on: { 'wallet.changed': 'loading', 'records.pushed': 'loading' } },
    ready: {
      on: {
        'wallet.changed': 'loading',
        'records.pushed': { target: 'loading', description: 'The operator or the chain moved a row: read the page again, so its status and actions are the new ones.' },
        'records.page': { guard: 'isOtherPage', target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
        'records.act': { target: 'confirming', actions: assign({ acting: ({ event }) => event.id }) },
      },
      after: { poll: { guard: 'polls', target: 'loading', description: 'Deposits advance through their confirmations on the server; read them again.' } },
    },
    confirming: {
      on: { 'records.confirm': 'acting', 'records.cancel': { target: 'ready', actions: assign({ acting: undefined }) } },
    },
    acting: {
      invoke: {
        id: 'actOnRow',
        src: 'actOnRow',
        input: ({ context }) => ({ id: context.acting! }),
        onDone: { target: 'loading', actions: [{ type: 'showToast', params: ({ context }) => ({ tone: 'success', message: { key: context.actionDoneKey } }) }, 'rowActed'] },
        onError: {
          target: 'loading',
          actions: toastError,
          description: 'Refused (the operator took the withdrawal meanwhile): the row on screen is stale, so the page is read again.',
        },
      },
      exit: assign({ acting: undefined }),
    },
  },
});

export type WalletRecordsActorRef = ActorRefFrom<typeof walletRecordsMachine>;
