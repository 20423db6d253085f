import { assign, fromCallback, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { type ToastMessage } from '../../../../../domain/errors';
import type { NoticeList, NoticePush } from '../../../../../domain/notices';
import { languageChanges, type LanguageInput, type LanguageSource, followLanguage } from '../../../../app/machines/language/languageChanges';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';
import { readState } from '../../../../app/machines/loadStates/loadStates';

export const NOTICE_BOARD_SIZE = 20;

export interface NoticeBoardContext {
  page: number;
  result: NoticeList | undefined;
  languages: LanguageSource | undefined;
}

/** The display language the notices come in (the app actor): a change reads the page again. */
export type NoticeBoardInput = LanguageInput;

export type NoticeBoardEvent =
  | { type: 'board.page'; page: number }
  | Signals<'board', 'retry' | 'languageChanged'>
  /** A notice was published or unpublished (the public notice channel), or the socket came back. */
  | { type: 'board.pushed'; notice?: NoticePush };

/**
 * The public notice list (the spec's notices), newest first, in the display language (a notice
 * without it comes in English, marked by the server's `fallback`). It follows the notice channel:
 * a publish or an unpublish reads the shown page again, so an open page updates without a reload.
 * The shown list stays on screen while it is read again.
 */
const noticeBoardSetup = setup({
  types: { context: {} as NoticeBoardContext, events: {} as NoticeBoardEvent, input: {} as NoticeBoardInput | undefined },
  actors: {
    languageChanges,
    fetchNotices: toBeProvided<NoticeList, { page: number; size: number }>('fetchNotices'),
    noticeUpdates: fromCallback<EventObject>(() => undefined),
  },
  actions: {
    showToast: (_, _params: { tone: 'error'; message: ToastMessage }) => undefined,
  },
});

export const noticeBoardMachine = noticeBoardSetup.createMachine({
  id: 'noticeBoard',
  context: ({ input }) => ({ page: 1, result: undefined, languages: input?.languages }),
  invoke: [
    followLanguage({ type: 'board.languageChanged' }),
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
      ...readState(noticeBoardSetup, { src: 'fetchNotices', input: ({ context }) => ({ page: context.page, size: NOTICE_BOARD_SIZE }), into: (result) => ({ result }), next: 'shown', failed: 'failed' }),
    },
    shown: {},
    failed: { on: { 'board.retry': 'loading' } },
  },
});

export type NoticeBoardActorRef = ActorRefFrom<typeof noticeBoardMachine>;
