import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { type ToastMessage } from '../../../../../domain/errors';
import type { KycSubmission } from '../../../../../domain/kyc';
import { toastError } from '../../../../app/machines/toast/toastError';

/** A submission with both photos, already read into data URLs by the loading actor. */
export interface KycReviewRecord {
  submission: KycSubmission;
  front: string;
  back: string;
}

export type KycReviewEvent =
  | { type: 'review.open'; id: number }
  | { type: 'review.back' }
  | { type: 'review.reload' }
  | { type: 'review.approve' }
  | { type: 'review.reject' }
  | { type: 'review.confirm'; reason?: string }
  | { type: 'review.cancel' };

export interface KycReviewContext {
  queue: KycSubmission[];
  openId: number | undefined;
  detail: KycReviewRecord | undefined;
  reason: string;
}


/**
 * The review queue (operator interface): the pending list oldest first, one submission with both
 * photos, approve or reject-with-reason, each behind a confirmation dialog. After a decision the
 * queue is read again, so two reviewers never act on a stale list for long.
 */
export const kycReviewMachine = setup({
  types: { context: {} as KycReviewContext, events: {} as KycReviewEvent },
  actors: {
    fetchQueue: fromPromise<KycSubmission[]>(async () => {
      throw new Error('fetchQueue not provided');
    }),
    fetchDetail: fromPromise<KycReviewRecord, { id: number }>(async () => {
      throw new Error('fetchDetail not provided');
    }),
    approve: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('approve not provided');
    }),
    reject: fromPromise<unknown, { id: number; reason: string }>(async () => {
      throw new Error('reject not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
  },
  guards: {
    hasReason: ({ event }) => event.type === 'review.confirm' && typeof event.reason === 'string' && event.reason.trim().length > 0,
  },
}).createMachine({
  id: 'kycReview',
  context: { queue: [], openId: undefined, detail: undefined, reason: '' },
  initial: 'loadingQueue',
  states: {
    loadingQueue: {
      entry: assign({ detail: undefined, openId: undefined, reason: '' }),
      invoke: {
        id: 'fetchQueue',
        src: 'fetchQueue',
        onDone: { target: 'queue', actions: assign({ queue: ({ event }) => event.output }) },
        onError: { target: 'queueFailed', actions: toastError },
      },
    },
    queueFailed: { on: { 'review.reload': 'loadingQueue' } },
    queue: {
      on: {
        'review.reload': 'loadingQueue',
        'review.open': { target: 'loadingDetail', actions: assign({ openId: ({ event }) => event.id }) },
      },
    },
    loadingDetail: {
      invoke: {
        id: 'fetchDetail',
        src: 'fetchDetail',
        input: ({ context }) => ({ id: context.openId! }),
        onDone: { target: 'detail', actions: assign({ detail: ({ event }) => event.output }) },
        onError: { target: 'queue', actions: toastError },
      },
    },
    detail: {
      on: {
        'review.back': 'loadingQueue',
        'review.approve': 'confirmingApprove',
        'review.reject': 'confirmingReject',
      },
    },
    confirmingApprove: {
      on: { 'review.confirm': 'approving', 'review.cancel': 'detail' },
    },
    confirmingReject: {
      on: {
        'review.confirm': [
          { guard: 'hasReason', target: 'rejecting', actions: assign({ reason: ({ event }) => (event.type === 'review.confirm' ? event.reason!.trim() : '') }) },
          {
            description: 'A rejection needs a reason the user will read.',
            actions: { type: 'showToast', params: { tone: 'error', message: { key: 'operator.reasonRequired' } } },
          },
        ],
        'review.cancel': 'detail',
      },
    },
    approving: {
      invoke: {
        id: 'approve',
        src: 'approve',
        input: ({ context }) => ({ id: context.openId! }),
        onDone: { target: 'loadingQueue', actions: { type: 'showToast', params: { tone: 'success', message: { key: 'operator.approved' } } } },
        onError: { target: 'detail', actions: toastError },
      },
    },
    rejecting: {
      invoke: {
        id: 'reject',
        src: 'reject',
        input: ({ context }) => ({ id: context.openId!, reason: context.reason }),
        onDone: { target: 'loadingQueue', actions: { type: 'showToast', params: { tone: 'success', message: { key: 'operator.rejected' } } } },
        onError: { target: 'detail', actions: toastError },
      },
    },
  },
});

export type KycReviewActorRef = ActorRefFrom<typeof kycReviewMachine>;
