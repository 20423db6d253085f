import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../../domain/errors';
import { KYC_QUEUE_PAGE_SIZE, type KycQueuePage, type KycSubmission } from '../../../../../domain/kyc';
import { callState, loadStates, readState } from '../../../../app/machines/loadStates/loadStates';
import { showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';
import { codeSendable, noStepUpWindow, readsStepUpWindow, stepUpLeft, type StepUpInput, type StepUpWindow } from '../../../../kit/operatorStepUp/stepUpWindow';

/** A submission with both photos, already read into data URLs by the loading actor. */
export interface KycReviewRecord {
  submission: KycSubmission;
  front: string;
  back: string;
}

export type KycReviewEvent =
  | { type: 'review.open'; id: number }
  /** The queue narrowed to an email, account or user id ('' for all), from its first page. */
  | { type: 'review.search'; search: string }
  | { type: 'review.page'; page: number }
  | Signals<'review', 'back' | 'reload' | 'approve' | 'reject'>
  /** Confirms the open dialog: the reviewer's 2FA code, and a rejection's reason. */
  | { type: 'review.confirm'; reason?: string; code?: string }
  | { type: 'review.cancel' };

export interface KycReviewContext extends StepUpWindow {
  /** The page of the queue shown, what it was searched by, and how many pending submissions that search finds. */
  queue: KycSubmission[];
  search: string;
  page: number;
  total: number;
  openId: number | undefined;
  detail: KycReviewRecord | undefined;
  reason: string;
  /** The reviewer's 2FA code the decision is sent with ('': none, within the step-up window). */
  code: string;
  /** Why the decision did not go (the code's shape, or the server's translated refusal), said in its dialog. */
  refusal: ToastMessage | undefined;
  /** A rejection confirmed with no reason: said under the reason's field (the user reads the reason), until it is confirmed again. */
  reasonMissing: boolean;
}

export type KycReviewInput = StepUpInput;

const kycReviewSetup = setup({
  types: { context: {} as KycReviewContext, events: {} as KycReviewEvent, input: {} as KycReviewInput },
  actors: {
    fetchQueue: toBeProvided<KycQueuePage, { search: string; page: number; size: number }>('fetchQueue'),
    fetchDetail: toBeProvided<KycReviewRecord, { id: number }>('fetchDetail'),
    approve: toBeProvided<unknown, { id: number; code?: string }>('approve'),
    reject: toBeProvided<unknown, { id: number; reason: string; code?: string }>('reject'),
    /** The session's step-up window (kit/operatorStepUp): its end, or null. */
    readStepUp: toBeProvided<number | null>('readStepUp'),
  },
  actions: {
    showToast,
    rememberOpened: assign({ openId: ({ event }) => (event.type === 'review.open' ? event.id : undefined) }),
    takeSearch: assign({ search: ({ context, event }) => (event.type === 'review.search' ? event.search.trim() : context.search), page: 1 }),
    takePage: assign({ page: ({ context, event }) => (event.type === 'review.page' ? Math.max(1, Math.floor(event.page)) : context.page) }),
    takeCode: assign({ code: ({ event }) => (event.type === 'review.confirm' ? (event.code ?? '').trim() : '') }),
    codeInvalid: assign({ refusal: { key: 'operator.codeInvalid' } }),
    stepUp: assign({ stepUpUntil: (_, params: { until: number | null }) => params.until }),
  },
  guards: {
    hasReason: ({ event }) => event.type === 'review.confirm' && typeof event.reason === 'string' && event.reason.trim().length > 0,
    /** A code of the right shape, or none while the session is stepped up and the window has not ended (the server judges either). */
    codeSendable: ({ context, event }) => {
      if (event.type !== 'review.confirm') return false;
      return codeSendable(event.code ?? '', context);
    },
  },
  delays: { stepUpEnds: stepUpLeft },
});

const queue = loadStates(kycReviewSetup, {
  src: 'fetchQueue',
  input: ({ context }) => ({ search: context.search, page: context.page, size: KYC_QUEUE_PAGE_SIZE }),
  into: (pending) => ({ queue: pending.list, total: pending.total, page: pending.page }),
  next: 'queue',
  retry: 'review.reload',
});

/** A new search reads the queue again from its first page; another page, that page of the same search (read again while one is under way). */
const searchAndPage = {
  'review.search': { target: 'loading', reenter: true, actions: 'takeSearch' },
  'review.page': { target: 'loading', reenter: true, actions: 'takePage' },
} as const;

/**
 * A row's "Review": the queue shown while it is read again (after "Back", a decision or "Reload")
 * or after a failed reread is the last one read, and its buttons work. Ignored there, the click was
 * lost: the operator clicked and nothing opened (the browser test caught it on a busy machine).
 */
const openSubmission = { target: 'loadingDetail', actions: 'rememberOpened' } as const;

/** The decision's code, left out when none was typed (the step-up window: the server decides). */
const codeOf = (context: KycReviewContext): { code?: string } => (context.code ? { code: context.code } : {});

/**
 * The review queue (operator interface): the pending list oldest first, one submission with both
 * photos, approve or reject-with-reason, each behind a confirmation dialog that asks the reviewer's
 * own 2FA code (a review sets what the user may withdraw; server: kyc/kyc.ts `review`). After a
 * decision the queue is read again, so two reviewers never act on a stale list for long; a refused
 * one (a wrong code, reviewed meanwhile) stays in its dialog with the refusal said.
 */
export const kycReviewMachine = kycReviewSetup.createMachine({
  id: 'kycReview',
  context: ({ input }) => ({ queue: [], search: '', page: 1, total: 0, openId: undefined, detail: undefined, reason: '', code: '', ...noStepUpWindow(input), refusal: undefined, reasonMissing: false }),
  initial: 'loading',
  states: {
    loading: { ...queue.loading, entry: assign({ detail: undefined, openId: undefined, reason: '', code: '', refusal: undefined }), on: { 'review.open': openSubmission, ...searchAndPage } },
    loadFailed: { on: { ...queue.loadFailed.on, 'review.open': openSubmission, ...searchAndPage } },
    queue: {
      on: {
        'review.reload': 'loading',
        'review.open': openSubmission,
        ...searchAndPage,
      },
    },
    loadingDetail: readState(kycReviewSetup, { src: 'fetchDetail', input: ({ context }) => ({ id: context.openId! }), into: (detail) => ({ detail }), next: 'detail', failed: 'queue' }),
    detail: {
      on: {
        'review.back': 'loading',
        // A dialog opens knowing no window: an earlier dialog's is not sent for this one before its own read answers.
        'review.approve': { target: 'confirmingApprove', actions: assign({ refusal: undefined, stepUpUntil: null }) },
        'review.reject': { target: 'confirmingReject', actions: assign({ refusal: undefined, stepUpUntil: null, reasonMissing: false }) },
      },
    },
    confirmingApprove: {
      ...readsStepUpWindow,
      on: {
        'review.confirm': [{ guard: 'codeSendable', target: 'approving', actions: 'takeCode' }, { actions: 'codeInvalid' }],
        'review.cancel': 'detail',
      },
    },
    approving: callState(kycReviewSetup, {
      src: 'approve',
      input: ({ context }) => ({ id: context.openId!, ...codeOf(context) }),
      saved: 'operator.approved',
      next: 'loading',
      failed: 'confirmingApprove',
      refusal: 'refusal',
    }),
    confirmingReject: {
      ...readsStepUpWindow,
      on: {
        'review.confirm': [
          {
            description: 'A rejection needs a reason the user will read: said at its field, and nothing is sent.',
            guard: ({ event }) => !(event.type === 'review.confirm' && typeof event.reason === 'string' && event.reason.trim().length > 0),
            actions: assign({ reasonMissing: true }),
          },
          { guard: 'codeSendable', target: 'rejecting', actions: ['takeCode', assign({ reason: ({ event }) => event.reason!.trim(), reasonMissing: false })] },
          { actions: ['codeInvalid', assign({ reasonMissing: false })] },
        ],
        'review.cancel': 'detail',
      },
    },
    rejecting: callState(kycReviewSetup, {
      src: 'reject',
      input: ({ context }) => ({ id: context.openId!, reason: context.reason, ...codeOf(context) }),
      saved: 'operator.rejected',
      next: 'loading',
      failed: 'confirmingReject',
      refusal: 'refusal',
    }),
  },
});

export type KycReviewActorRef = ActorRefFrom<typeof kycReviewMachine>;
