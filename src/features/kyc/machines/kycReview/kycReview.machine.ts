import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { KycSubmission } from '../../../../../domain/kyc';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { callState, loadStates, readState } from '../../../../app/machines/loadStates/loadStates';
import { showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

/** A submission with both photos, already read into data URLs by the loading actor. */
export interface KycReviewRecord {
  submission: KycSubmission;
  front: string;
  back: string;
}

/** What approving asks about: the submission, as `approve` is sent it. */
export interface ApproveSubject {
  id: number;
}

export type KycReviewEvent =
  | { type: 'review.open'; id: number }
  | Signals<'review', 'back' | 'reload' | 'approve' | 'reject'>
  | { type: 'review.confirm'; reason?: string }
  | { type: 'review.cancel' }
  /** From the `approve` child (the shared confirm-then-act) once a confirmed approval went through or was refused. */
  | ConfirmActReport<ApproveSubject>;

export interface KycReviewContext {
  queue: KycSubmission[];
  openId: number | undefined;
  detail: KycReviewRecord | undefined;
  reason: string;
}

const kycReviewSetup = setup({
  types: { context: {} as KycReviewContext, events: {} as KycReviewEvent },
  actors: {
    fetchQueue: toBeProvided<KycSubmission[]>('fetchQueue'),
    fetchDetail: toBeProvided<KycReviewRecord, { id: number }>('fetchDetail'),
    approve: confirmActMachine,
    reject: toBeProvided<unknown, { id: number; reason: string }>('reject'),
  },
  actions: {
    showToast,
    rememberOpened: assign({ openId: ({ event }) => (event.type === 'review.open' ? event.id : undefined) }),
  },
  guards: {
    hasReason: ({ event }) => event.type === 'review.confirm' && typeof event.reason === 'string' && event.reason.trim().length > 0,
  },
});

const queue = loadStates(kycReviewSetup, { src: 'fetchQueue', into: (pending) => ({ queue: pending }), next: 'queue', retry: 'review.reload' });

/**
 * A row's "Review": the queue shown while it is read again (after "Back", a decision or "Reload")
 * or after a failed reread is the last one read, and its buttons work. Ignored there, the click was
 * lost: the operator clicked and nothing opened (the browser test caught it on a busy machine).
 */
const openSubmission = { target: 'loadingDetail', actions: 'rememberOpened' } as const;

/**
 * The review queue (operator interface): the pending list oldest first, one submission with both
 * photos, approve (the `approve` child, the shared confirm-then-act) or reject-with-reason (the
 * reason is written in the question, so this machine asks it itself), each behind a confirmation
 * dialog. After a decision the queue is read again, so two reviewers never act on a stale list
 * for long; a refused one stays on the submission with the refusal said.
 */
export const kycReviewMachine = kycReviewSetup.createMachine({
  id: 'kycReview',
  context: { queue: [], openId: undefined, detail: undefined, reason: '' },
  invoke: { id: 'approve', src: 'approve', input: ({ self }) => ({ replyTo: self }) },
  initial: 'loading',
  states: {
    loading: { ...queue.loading, entry: assign({ detail: undefined, openId: undefined, reason: '' }), on: { 'review.open': openSubmission } },
    loadFailed: { on: { ...queue.loadFailed.on, 'review.open': openSubmission } },
    queue: {
      on: {
        'review.reload': 'loading',
        'review.open': openSubmission,
      },
    },
    loadingDetail: readState(kycReviewSetup, { src: 'fetchDetail', input: ({ context }) => ({ id: context.openId! }), into: (detail) => ({ detail }), next: 'detail', failed: 'queue' }),
    detail: {
      on: {
        'review.back': 'loading',
        'review.approve': { actions: sendTo('approve', ({ context }) => ({ type: 'confirmAct.ask' as const, subject: { id: context.openId! } })) },
        'review.reject': 'confirmingReject',
        'confirmAct.done': { target: 'loading', actions: { type: 'showToast', params: { tone: 'success', message: { key: 'operator.approved' } } } },
      },
    },
    confirmingReject: {
      on: {
        'review.confirm': [
          { guard: 'hasReason', target: 'rejecting', actions: assign({ reason: ({ event }) => event.reason!.trim() }) },
          {
            description: 'A rejection needs a reason the user will read.',
            actions: { type: 'showToast', params: { tone: 'error', message: { key: 'operator.reasonRequired' } } },
          },
        ],
        'review.cancel': 'detail',
      },
    },
    rejecting: callState(kycReviewSetup, { src: 'reject', input: ({ context }) => ({ id: context.openId!, reason: context.reason }), saved: 'operator.rejected', next: 'loading', failed: 'detail' }),
  },
});

export type KycReviewActorRef = ActorRefFrom<typeof kycReviewMachine>;
