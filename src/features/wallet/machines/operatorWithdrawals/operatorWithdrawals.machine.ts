import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { RECORD_PAGE_SIZE, WithdrawalStatus, type WithdrawalRecord } from '../../../../../domain/wallet';
import { showToast } from '../../../../app/machines/toast/toastError';
import { pagedListMachine, type PagedListInput } from '../../../../app/machines/pagedList/pagedList.machine';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { codeSendable, noStepUpWindow, readsStepUpWindow, stepUpLeft, type StepUpInput, type StepUpWindow } from '../../../../kit/operatorStepUp/stepUpWindow';

/** A withdrawal as the operator sees it: the user's record and whose it is. */
export interface QueuedWithdrawal extends WithdrawalRecord {
  account?: string;
  user_id?: number;
  /** The owner's freeze reason while frozen, else null: an approval would be refused. */
  owner_frozen?: string | null;
  /** The end (epoch ms) of the owner's lock after a security change, 0 when none: an approval would be refused until then. */
  owner_locked_until?: number;
}

/** The queue's filter, kept by the shared paged list: a status, or none for every withdrawal. */
export interface QueueFilter {
  status?: WithdrawalStatus;
}

export type OperatorWithdrawalsEvent =
  | { type: 'queue.approve'; id: number }
  | { type: 'queue.fail'; id: number }
  /** Confirms the open dialog: a failure with its reason, an approval with the operator's 2FA code. */
  | { type: 'queue.confirm'; reason?: string; code?: string }
  | { type: 'queue.cancel' };

export interface OperatorWithdrawalsContext extends StepUpWindow {
  /** The withdrawal an approval or a failure is being decided for. */
  target: number | undefined;
  reason: string;
  /** The operator's 2FA code an approval is sent with (good once: emptied after a refusal; '': none, within the step-up window). */
  code: string;
  /** Why the approval did not go (the code's shape, or the server's translated refusal), or the failure (no reason), said in its dialog. */
  refusal: ToastMessage | undefined;
}

export type OperatorWithdrawalsInput = StepUpInput;

/** The queue's first filter: not-disbursed withdrawals first. */
export const QUEUE_LIST: PagedListInput<QueueFilter> = { filter: { status: WithdrawalStatus.notDisbursed }, size: RECORD_PAGE_SIZE };

/**
 * The operator's withdrawal queue: the shared paged list (`list` child: a status filter, not
 * disbursed by default, and paging), each withdrawal approved (funds leave, the user sees "pending
 * confirmation" then "completed") or failed with a reason the user reads (funds return), each
 * behind a confirmation. Funds leave on an approval, so its confirmation asks the operator's own
 * 2FA code (server: wallet/withdrawals.ts `approve`); a refused approval (a wrong code, decided
 * meanwhile) is said in its dialog, which stays open. A failure asks its reason in its own
 * confirmation, and says a missing one under the field there (the dialog stays open), as it says
 * the server's refusal of the failure. The queue is read again after every decision, and after a
 * refused one.
 */
export const operatorWithdrawalsMachine = setup({
  types: { context: {} as OperatorWithdrawalsContext, events: {} as OperatorWithdrawalsEvent, input: {} as OperatorWithdrawalsInput },
  actors: {
    list: pagedListMachine,
    approveWithdrawal: toBeProvided<unknown, { id: number; code?: string }>('approveWithdrawal'),
    /** The session's step-up window (kit/operatorStepUp): its end, or null. */
    readStepUp: toBeProvided<number | null>('readStepUp'),
    failWithdrawal: toBeProvided<unknown, { id: number; reason: string }>('failWithdrawal'),
  },
  actions: {
    showToast,
    reloadList: sendTo('list', { type: 'list.reload' }),
    forget: assign({ target: undefined, reason: '', code: '', refusal: undefined }),
    stepUp: assign({ stepUpUntil: (_, params: { until: number | null }) => params.until }),
  },
  guards: {
    hasReason: ({ event }) => event.type === 'queue.confirm' && typeof event.reason === 'string' && event.reason.trim().length > 0,
    /** A code of the right shape, or none while the session is stepped up and the window has not ended (the server judges either). */
    codeSendable: ({ context, event }) => {
      if (event.type !== 'queue.confirm') return false;
      return codeSendable(event.code ?? '', context);
    },
  },
  delays: { stepUpEnds: stepUpLeft },
}).createMachine({
  id: 'operatorWithdrawals',
  context: ({ input }) => ({ target: undefined, reason: '', code: '', ...noStepUpWindow(input), refusal: undefined }),
  invoke: { id: 'list', src: 'list', input: QUEUE_LIST },
  initial: 'idle',
  states: {
    idle: {
      entry: 'forget',
      on: {
        // The dialog opens knowing no window: an earlier dialog's is not sent for this one before its own read answers.
        'queue.approve': { target: 'confirmingApprove', actions: assign({ target: ({ event }) => event.id, stepUpUntil: null }) },
        'queue.fail': { target: 'confirmingFail', actions: assign({ target: ({ event }) => event.id }) },
      },
    },
    confirmingApprove: {
      description:
        "The operator's own 2FA code: nothing leaves without it, but within the session's step-up window (read as the dialog opens, and again after a refusal) it may be left empty. A refusal is said here until confirmed again or cancelled.",
      ...readsStepUpWindow,
      on: {
        'queue.confirm': [
          { guard: 'codeSendable', target: 'approving', actions: assign({ code: ({ event }) => (event.code ?? '').trim(), refusal: undefined }) },
          { actions: assign({ refusal: { key: 'wallet.ops.codeInvalid' } }) },
        ],
        'queue.cancel': 'idle',
      },
    },
    approving: {
      description: 'Neither a second confirm nor a cancel is heard while the server decides.',
      invoke: {
        id: 'approveWithdrawal',
        src: 'approveWithdrawal',
        // No code typed (the step-up window): none is sent, and the server decides.
        input: ({ context }) => ({ id: context.target!, ...(context.code ? { code: context.code } : {}) }),
        onDone: { target: 'idle', actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'wallet.ops.approved' } } }, 'reloadList'] },
        onError: {
          target: 'confirmingApprove',
          description: 'Refused (a wrong code, or decided meanwhile): said in the dialog; the row on screen may be stale.',
          actions: [assign({ refusal: ({ event }) => messageForError(event.error), code: '' }), 'reloadList'],
        },
      },
    },
    confirmingFail: {
      description: 'The user reads the reason on their withdrawal record, so one is required: a missing one is said under the field, as the approval says a bad code, not in a toast that leaves the dialog unexplained.',
      on: {
        'queue.confirm': [
          { guard: 'hasReason', target: 'failing', actions: assign({ reason: ({ event }) => event.reason!.trim(), refusal: undefined }) },
          { actions: assign({ refusal: { key: 'wallet.ops.reasonRequired' } }) },
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
        onError: {
          target: 'confirmingFail',
          description: 'Refused (decided meanwhile, the session ended): said in the dialog, which stays open with its reason, as an approval\'s refusal is; the row on screen may be stale.',
          actions: [assign({ refusal: ({ event }) => messageForError(event.error) }), 'reloadList'],
        },
      },
    },
  },
});

export type OperatorWithdrawalsActorRef = ActorRefFrom<typeof operatorWithdrawalsMachine>;
