import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import { RECORD_PAGE_SIZE, WithdrawalStatus, type WithdrawalRecord } from '../../../../../domain/wallet';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { pagedListMachine, type PagedListInput } from '../../../../app/machines/pagedList/pagedList.machine';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

/** A withdrawal as the operator sees it: the user's record and whose it is. */
export interface QueuedWithdrawal extends WithdrawalRecord {
  account?: string;
  user_id?: number;
}

/** The queue's filter, kept by the shared paged list: a status, or none for every withdrawal. */
export interface QueueFilter {
  status?: WithdrawalStatus;
}

export type OperatorWithdrawalsEvent =
  | { type: 'queue.approve'; id: number }
  | { type: 'queue.fail'; id: number }
  | { type: 'queue.confirm'; reason?: string }
  | { type: 'queue.cancel' }
  /** From the `approveWithdrawal` child (the shared confirm-then-act) once a confirmed approval went through or was refused. */
  | ConfirmActReport<{ id: number }>;

export interface OperatorWithdrawalsContext {
  /** The withdrawal a failure is being written for. */
  target: number | undefined;
  reason: string;
}

/** The queue's first filter: not-disbursed withdrawals first. */
export const QUEUE_LIST: PagedListInput<QueueFilter> = { filter: { status: WithdrawalStatus.notDisbursed }, size: RECORD_PAGE_SIZE };

/**
 * The operator's withdrawal queue: the shared paged list (`list` child: a status filter, not
 * disbursed by default, and paging), each withdrawal approved (funds leave, the user sees "pending
 * confirmation" then "completed") or failed with a reason the user reads (funds return), each
 * behind a confirmation. The approval is the shared confirm-then-act (`approveWithdrawal` child);
 * a failure asks its reason in the confirmation itself, so it keeps states of its own (the shared
 * child acts on what was asked about, and the reason is typed only while asking). The queue is
 * read again after every decision, and after a refused approval (someone decided it meanwhile).
 */
export const operatorWithdrawalsMachine = setup({
  types: { context: {} as OperatorWithdrawalsContext, events: {} as OperatorWithdrawalsEvent },
  actors: {
    list: pagedListMachine,
    approveWithdrawal: confirmActMachine,
    failWithdrawal: toBeProvided<unknown, { id: number; reason: string }>('failWithdrawal'),
  },
  actions: {
    showToast,
    reloadList: sendTo('list', { type: 'list.reload' }),
    forget: assign({ target: undefined, reason: '' }),
  },
  guards: {
    hasReason: ({ event }) => event.type === 'queue.confirm' && typeof event.reason === 'string' && event.reason.trim().length > 0,
  },
}).createMachine({
  id: 'operatorWithdrawals',
  context: { target: undefined, reason: '' },
  invoke: [
    { id: 'list', src: 'list', input: QUEUE_LIST },
    { id: 'approveWithdrawal', src: 'approveWithdrawal', input: ({ self }) => ({ replyTo: self }) },
  ],
  on: {
    'confirmAct.done': { actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'wallet.ops.approved' } } }, 'reloadList'] },
    'confirmAct.failed': { actions: 'reloadList', description: 'Refused (decided meanwhile): the row on screen is stale.' },
  },
  initial: 'idle',
  states: {
    idle: {
      entry: 'forget',
      on: {
        'queue.approve': { actions: sendTo('approveWithdrawal', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: { id: event.id } })) },
        'queue.fail': { target: 'confirmingFail', actions: assign({ target: ({ event }) => event.id }) },
      },
    },
    confirmingFail: {
      description: 'The user reads the reason on their withdrawal record, so one is required.',
      on: {
        'queue.confirm': [
          { guard: 'hasReason', target: 'failing', actions: assign({ reason: ({ event }) => event.reason!.trim() }) },
          { actions: { type: 'showToast', params: { tone: 'error', message: { key: 'wallet.ops.reasonRequired' } } } },
        ],
        'queue.cancel': 'idle',
      },
    },
    failing: {
      invoke: {
        id: 'failWithdrawal',
        src: 'failWithdrawal',
        input: ({ context }) => ({ id: context.target!, reason: context.reason }),
        onDone: { target: 'idle', actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'wallet.ops.failed' } } }, 'reloadList'] },
        onError: { target: 'idle', actions: toastError },
      },
    },
  },
});

export type OperatorWithdrawalsActorRef = ActorRefFrom<typeof operatorWithdrawalsMachine>;
