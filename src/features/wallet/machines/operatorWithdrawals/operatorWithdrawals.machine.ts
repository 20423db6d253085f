import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { type ToastMessage } from '../../../../domain/errors';
import { RECORD_PAGE_SIZE, WithdrawalStatus, type Page, type WithdrawalRecord } from '../../../../domain/wallet';
import { toastError } from '../../../../app/machines/toast/toastError';

/** A withdrawal as the operator sees it: the user's record and whose it is. */
export interface QueuedWithdrawal extends WithdrawalRecord {
  account?: string;
  user_id?: number;
}

export interface QueueQuery {
  status?: WithdrawalStatus;
  page: number;
  size: number;
}

export type OperatorWithdrawalsEvent =
  | { type: 'queue.status'; status: WithdrawalStatus | undefined }
  | { type: 'queue.page'; page: number }
  | { type: 'queue.reload' }
  | { type: 'queue.approve'; id: number }
  | { type: 'queue.fail'; id: number }
  | { type: 'queue.confirm'; reason?: string }
  | { type: 'queue.cancel' };

export interface OperatorWithdrawalsContext {
  status: WithdrawalStatus | undefined;
  page: number;
  list: QueuedWithdrawal[];
  total: number;
  target: number | undefined;
  reason: string;
}


/**
 * The operator's withdrawal queue: not-disbursed withdrawals first (the default filter), each
 * approved (funds leave, the user sees "pending confirmation" then "completed") or failed with a
 * reason the user reads (funds return), each behind a confirmation. The queue is read again after
 * every decision.
 */
export const operatorWithdrawalsMachine = setup({
  types: { context: {} as OperatorWithdrawalsContext, events: {} as OperatorWithdrawalsEvent },
  actors: {
    fetchQueue: fromPromise<Page<QueuedWithdrawal>, QueueQuery>(async () => {
      throw new Error('fetchQueue not provided');
    }),
    approveWithdrawal: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('approveWithdrawal not provided');
    }),
    failWithdrawal: fromPromise<unknown, { id: number; reason: string }>(async () => {
      throw new Error('failWithdrawal not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
  },
  guards: {
    hasReason: ({ event }) => event.type === 'queue.confirm' && typeof event.reason === 'string' && event.reason.trim().length > 0,
    isOtherPage: ({ context, event }) => event.type === 'queue.page' && event.page >= 1 && event.page !== context.page && (event.page - 1) * RECORD_PAGE_SIZE < Math.max(context.total, 1),
  },
}).createMachine({
  id: 'operatorWithdrawals',
  context: { status: WithdrawalStatus.notDisbursed, page: 1, list: [], total: 0, target: undefined, reason: '' },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ target: undefined, reason: '' }),
      invoke: {
        id: 'fetchQueue',
        src: 'fetchQueue',
        input: ({ context }) => ({ status: context.status, page: context.page, size: RECORD_PAGE_SIZE }),
        onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output.list, total: ({ event }) => event.output.total }) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    failed: { on: { 'queue.reload': 'loading' } },
    ready: {
      on: {
        'queue.reload': 'loading',
        'queue.status': { target: 'loading', actions: assign({ status: ({ event }) => event.status, page: 1 }) },
        'queue.page': { guard: 'isOtherPage', target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
        'queue.approve': { target: 'confirmingApprove', actions: assign({ target: ({ event }) => event.id }) },
        'queue.fail': { target: 'confirmingFail', actions: assign({ target: ({ event }) => event.id }) },
      },
    },
    confirmingApprove: {
      on: { 'queue.confirm': 'approving', 'queue.cancel': { target: 'ready', actions: assign({ target: undefined }) } },
    },
    confirmingFail: {
      description: 'The user reads the reason on their withdrawal record, so one is required.',
      on: {
        'queue.confirm': [
          { guard: 'hasReason', target: 'failing', actions: assign({ reason: ({ event }) => event.reason!.trim() }) },
          { actions: { type: 'showToast', params: { tone: 'error', message: { key: 'wallet.ops.reasonRequired' } } } },
        ],
        'queue.cancel': { target: 'ready', actions: assign({ target: undefined }) },
      },
    },
    approving: {
      invoke: {
        id: 'approveWithdrawal',
        src: 'approveWithdrawal',
        input: ({ context }) => ({ id: context.target! }),
        onDone: { target: 'loading', actions: { type: 'showToast', params: { tone: 'success', message: { key: 'wallet.ops.approved' } } } },
        onError: { target: 'ready', actions: toastError },
      },
    },
    failing: {
      invoke: {
        id: 'failWithdrawal',
        src: 'failWithdrawal',
        input: ({ context }) => ({ id: context.target!, reason: context.reason }),
        onDone: { target: 'loading', actions: { type: 'showToast', params: { tone: 'success', message: { key: 'wallet.ops.failed' } } } },
        onError: { target: 'ready', actions: toastError },
      },
    },
  },
});

export type OperatorWithdrawalsActorRef = ActorRefFrom<typeof operatorWithdrawalsMachine>;
