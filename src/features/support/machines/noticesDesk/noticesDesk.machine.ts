import { assign, setup, type ActorRefFrom } from 'xstate';
import type { NoteType } from '../../../../../domain/api';
import type { LocaleCode } from '../../../../../domain/languages';
import type { OperatorNotice, OperatorPlatNote } from '../../../../../domain/notices';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { blankEditor, editorProblem, noteEditor, noticeEditor, requestOf, type EditorProblem, type EditorRequest, type NoticeEditor } from './noticesDesk.form';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';
import { callState } from '../../../../app/machines/loadStates/loadStates';

export interface NoticesDeskData {
  notices: OperatorNotice[];
  notes: OperatorPlatNote[];
}

export interface NoticesDeskContext extends NoticesDeskData {
  editor: NoticeEditor | undefined;
  /** Why the last save was not sent; cleared by the next change. */
  problem: EditorProblem | undefined;
  /** The notice being published or unpublished. */
  switching: { id: number; published: boolean } | undefined;
}

export type NoticesDeskEvent =
  | { type: 'desk.new' }
  | { type: 'desk.editNotice'; id: number }
  | { type: 'desk.editNote'; noteType: NoteType }
  | { type: 'desk.tab'; lang: LocaleCode }
  | { type: 'desk.title'; value: string }
  | { type: 'desk.body'; value: string }
  | Signals<'desk', 'preview' | 'save' | 'cancel'>
  | { type: 'desk.publish'; id: number }
  | { type: 'desk.unpublish'; id: number }
  | { type: 'desk.retry' };

/** New and Edit, wherever the lists are on screen without the editor open. */
const openEditor = {
  'desk.new': { target: 'editing', actions: 'openBlank' },
  'desk.editNotice': { guard: 'knownNotice', target: 'editing', actions: 'openNotice' },
  'desk.editNote': { guard: 'knownNote', target: 'editing', actions: 'openNote' },
} as const;

/** Publish and unpublish from the list (the server refuses the state a notice is already in). */
const switchPublished = {
  'desk.publish': { guard: 'knownNotice', target: 'switching', actions: 'markSwitching' },
  'desk.unpublish': { guard: 'knownNotice', target: 'switching', actions: 'markSwitching' },
} as const;

/**
 * The console's notices desk (issue 51 §5): the notices and the five platform notes; an editor
 * with a tab per display language and a preview of what that language's readers see; publish and
 * unpublish. Every change is read back from the server afterwards.
 */
const noticesDeskSetup = setup({
  types: { context: {} as NoticesDeskContext, events: {} as NoticesDeskEvent },
  actors: {
    fetchDesk: toBeProvided<NoticesDeskData>('fetchDesk'),
    saveEditor: toBeProvided<unknown, EditorRequest>('saveEditor'),
    setPublished: toBeProvided<unknown, { id: number; published: boolean }>('setPublished'),
  },
  actions: {
    showToast,
    markSwitching: assign({
      switching: ({ event }) => (event.type === 'desk.publish' || event.type === 'desk.unpublish' ? { id: event.id, published: event.type === 'desk.publish' } : undefined),
    }),
    openBlank: assign({ editor: () => blankEditor(), problem: undefined }),
    openNotice: assign({
      editor: ({ context, event }) => (event.type === 'desk.editNotice' ? noticeEditor(context.notices.find((n) => n.id === event.id)!) : context.editor),
      problem: undefined,
    }),
    openNote: assign({
      editor: ({ context, event }) => (event.type === 'desk.editNote' ? noteEditor(context.notes.find((n) => n.type === event.noteType)!) : context.editor),
      problem: undefined,
    }),
  },
  guards: {
    knownNotice: ({ context, event }) => 'id' in event && context.notices.some((n) => n.id === event.id),
    knownNote: ({ context, event }) => event.type === 'desk.editNote' && context.notes.some((n) => n.type === event.noteType),
  },
});

export const noticesDeskMachine = noticesDeskSetup.createMachine({
  id: 'noticesDesk',
  context: { notices: [], notes: [], editor: undefined, problem: undefined, switching: undefined },
  initial: 'loading',
  states: {
    loading: {
      on: openEditor,
      invoke: {
        id: 'fetchDesk',
        src: 'fetchDesk',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ notices: event.output.notices, notes: event.output.notes })) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    failed: { on: { ...openEditor, 'desk.retry': 'loading' } },
    ready: { on: { ...openEditor, ...switchPublished } },
    switching: {
      invoke: {
        id: 'setPublished',
        src: 'setPublished',
        input: ({ context }) => context.switching!,
        onDone: {
          target: 'loading',
          actions: [
            { type: 'showToast', params: ({ context }) => ({ tone: 'success' as const, message: { key: context.switching!.published ? 'noticesDesk.published' : 'noticesDesk.unpublished' } }) },
            assign({ switching: undefined }),
          ],
        },
        onError: { target: 'loading', actions: [assign({ switching: undefined }), toastError] },
      },
    },
    editing: {
      on: {
        'desk.tab': { actions: assign({ editor: ({ context, event }) => ({ ...context.editor!, lang: event.lang }) }) },
        'desk.title': {
          actions: assign({ editor: ({ context, event }) => ({ ...context.editor!, titles: { ...context.editor!.titles, [context.editor!.lang]: event.value } }), problem: undefined }),
        },
        'desk.body': {
          actions: assign({ editor: ({ context, event }) => ({ ...context.editor!, bodies: { ...context.editor!.bodies, [context.editor!.lang]: event.value } }), problem: undefined }),
        },
        'desk.preview': { actions: assign({ editor: ({ context }) => ({ ...context.editor!, preview: !context.editor!.preview }) }) },
        'desk.save': [
          { guard: ({ context }) => editorProblem(context.editor!) === undefined, target: 'saving' },
          // The problem's language tab is shown, so the operator sees what to fix.
          { actions: assign(({ context }) => { const problem = editorProblem(context.editor!)!; return { problem, editor: { ...context.editor!, lang: problem.lang } }; }) },
        ],
        'desk.cancel': { target: 'ready', actions: assign({ editor: undefined, problem: undefined }) },
      },
    },
    saving: callState(noticesDeskSetup, { src: 'saveEditor', input: ({ context }) => requestOf(context.editor!), into: () => ({ editor: undefined }), saved: 'noticesDesk.saved', next: 'loading', failed: 'editing' }),
  },
});

export type NoticesDeskActorRef = ActorRefFrom<typeof noticesDeskMachine>;
