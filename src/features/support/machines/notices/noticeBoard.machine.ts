import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { type ToastMessage } from '../../../../../domain/errors';
import type { NoticeList, NoticePush } from '../../../../../domain/notices';
import { toastError } from '../../../../app/machines/toast/toastError';
import { languageChanges, type LanguageSource } from '../../../../app/machines/language/languageChanges';

export const NOTICE_BOARD_SIZE = 20;

export interface NoticeBoardContext {
  page: number;
  result: NoticeList | undefined;
  languages: LanguageSource | undefined;
}

export interface NoticeBoardInput {
  /** The display language the notices come in (the app actor); a change reads the page again. */
  languages?: LanguageSource;
}

export type NoticeBoardEvent =
  | { type: 'board.page'; page: number }
  | { type: 'board.retry' }
  | { type: 'board.languageChanged' }
  /** A notice was published or unpublished (the public notice channel), or the socket came back. */
  | { type: 'board.pushed'; notice?: NoticePush };

/**
 * The public notice list (the spec's notices), newest first, in the display language (a notice
 * without it comes in English, marked by the server's `fallback`). It follows the notice channel:
 * a publish or an unpublish reads the shown page again, so an open page updates without a reload.
 * The shown list stays on screen while it is read again.
 */
export const noticeBoardMachine = setup({
  types: { context: {} as NoticeBoardContext, events: {} as NoticeBoardEvent, input: {} as NoticeBoardInput | undefined },
  actors: {
    languageChanges,
    fetchNotices: fromPromise<NoticeList, { page: number; size: number }>(async () => {
      throw new Error('fetchNotices not provided');
    }),
    noticeUpdates: fromCallback<EventObject>(() => undefined),
  },
  actions: {
    showToast: (_, _params: { tone: 'error'; message: ToastMessage }) => undefined,
  },
}).createMachine({
  id: 'noticeBoard',
  context: ({ input }) => ({ page: 1, result: undefined, languages: input?.languages }),
  invoke: [
    { id: 'languageChanges', src: 'languageChanges', input: ({ context }) => ({ source: context.languages, changed: { type: 'board.languageChanged' } }) },
    { id: 'noticeUpdates', src: 'noticeUpdates' },
  ],
  initial: 'loading',
  on: {
    'board.page': { guard: ({ event }) => Number.isInteger(event.page) && event.page >= 1, target: '.loading', reenter: true, actions: assign({ page: ({ event }) => event.page }) },
    'board.languageChanged': { target: '.loading', reenter: true },
    'board.pushed': { target: '.loading', reenter: true },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchNotices',
        src: 'fetchNotices',
        input: ({ context }) => ({ page: context.page, size: NOTICE_BOARD_SIZE }),
        onDone: { target: 'shown', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    shown: {},
    failed: { on: { 'board.retry': 'loading' } },
  },
});

export type NoticeBoardActorRef = ActorRefFrom<typeof noticeBoardMachine>;
