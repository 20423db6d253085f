import { assign, fromCallback, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { type ToastMessage } from '../../../../../domain/errors';
import type { NoticeDetail, NoticePush } from '../../../../../domain/notices';
import { toastError } from '../../../../app/machines/toast/toastError';
import { languageChanges, type LanguageInput, type LanguageSource, followLanguage } from '../../../../app/machines/language/languageChanges';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

export interface NoticeDetailContext {
  id: number;
  notice: NoticeDetail['detail'] | undefined;
  languages: LanguageSource | undefined;
}

export interface NoticeDetailInput extends LanguageInput {
  id: number;
}

export type NoticeDetailEvent = { type: 'detail.retry' } | { type: 'detail.languageChanged' } | { type: 'detail.pushed'; notice?: NoticePush };

/**
 * One published notice, in the display language (or English, marked). A push about this notice
 * (its unpublish) reads it again: an unpublished notice then shows as gone.
 */
export const noticeDetailMachine = setup({
  types: { context: {} as NoticeDetailContext, events: {} as NoticeDetailEvent, input: {} as NoticeDetailInput },
  actors: {
    languageChanges,
    fetchNotice: toBeProvided<NoticeDetail, { id: number }>('fetchNotice'),
    noticeUpdates: fromCallback<EventObject>(() => undefined),
  },
  actions: {
    showToast: (_, _params: { tone: 'error'; message: ToastMessage }) => undefined,
  },
  guards: {
    // A push without a notice is a reconnect: anything may have changed meanwhile.
    concernsThis: ({ context, event }) => event.type === 'detail.pushed' && (event.notice === undefined || event.notice.id === context.id),
  },
}).createMachine({
  id: 'noticeDetail',
  context: ({ input }) => ({ id: input.id, notice: undefined, languages: input.languages }),
  invoke: [
    followLanguage({ type: 'detail.languageChanged' }),
    { id: 'noticeUpdates', src: 'noticeUpdates' },
  ],
  initial: 'loading',
  on: {
    'detail.languageChanged': { target: '.loading', reenter: true },
    'detail.pushed': { guard: 'concernsThis', target: '.loading', reenter: true },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchNotice',
        src: 'fetchNotice',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'shown', actions: assign({ notice: ({ event }) => event.output.detail }) },
        onError: { target: 'failed', actions: [assign({ notice: undefined }), toastError] },
      },
    },
    shown: {},
    failed: { on: { 'detail.retry': 'loading' } },
  },
});

export type NoticeDetailActorRef = ActorRefFrom<typeof noticeDetailMachine>;
