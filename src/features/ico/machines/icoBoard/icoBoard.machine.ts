import { assign, fromCallback, setup, type ActorRefFrom, type EventObject } from 'xstate';
import type { IcoAccount, IcoProject, IcoStreamEvent, IcoSubscription } from '../../../../../domain/ico';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { languageChanges, type LanguageInput, type LanguageSource, followLanguage } from '../../../../app/machines/language/languageChanges';
import { icoSubscribeMachine } from '../icoSubscribe/icoSubscribe.machine';
import { icoThawMachine } from '../icoThaw/icoThaw.machine';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

export interface BoardData {
  projects: IcoProject[];
  /** Empty when signed out. */
  mine: IcoSubscription[];
  account: IcoAccount | undefined;
  /** Local clock when the answer arrived (remaining terms use the server's clock from here). */
  receivedAt: number;
}

export interface IcoBoardContext {
  data: BoardData | undefined;
  /** Local clock at the last tick. */
  now: number;
  /** The project of the open popup. */
  selected: number | undefined;
  /** A join or thaw clicked while the board was reading again (after a popup changed something): opened once the read is in. */
  pending: { kind: 'join' | 'thaw'; projectId: number } | undefined;
  /** The display language the descriptions come in (the app actor); a change reads the board again. */
  languages: LanguageSource | undefined;
}

export type IcoBoardInput = LanguageInput;

export type IcoBoardEvent =
  | { type: 'board.retry' }
  /** One of the user's subscriptions changed on the server (private channel). */
  | { type: 'board.pushed'; event: IcoStreamEvent; subscription: IcoSubscription }
  /** The private channel is back after a drop: pushes may have been missed. */
  | { type: 'board.resync' }
  /** The display language changed: the server answers each project's description in it, so read again. */
  | { type: 'board.languageChanged' }
  | { type: 'board.join'; projectId: number }
  | { type: 'board.thaw'; projectId: number };

/** The user's subscription to a project, if any. */
export const mineOf = (data: BoardData | undefined, projectId: number | undefined) => data?.mine.find((m) => m.project_id === projectId);

/** The board with a pushed subscription in place of the one it had (or added, newest first). */
export function withPushed(data: BoardData | undefined, subscription: IcoSubscription): BoardData | undefined {
  if (!data) return data;
  const others = data.mine.filter((m) => m.project_id !== subscription.project_id);
  return { ...data, mine: data.mine.length === others.length ? [subscription, ...others] : data.mine.map((m) => (m.project_id === subscription.project_id ? subscription : m)) };
}

/** Whether the user can join (participate or add more) the project now. */
const joinable = (data: BoardData | undefined, projectId: number) => {
  const p = data?.projects.find((x) => x.id === projectId);
  return p !== undefined && (p.status === 'in_progress' || p.status === 'ending_soon');
};

/** Whether the user has something to thaw on the project. */
const thawable = (data: BoardData | undefined, projectId: number) => {
  const m = mineOf(data, projectId);
  return m !== undefined && m.thawable !== '0';
};

/** Milliseconds left in the recruit period on the server's clock as seen from here. */
export function remainingTerm(p: IcoProject, data: BoardData | undefined, now: number): number {
  if (!data) return 0;
  return Math.max(0, p.end_at - (p.server_time + (now - data.receivedAt)));
}

/**
 * The board behind an open popup (joining, thawing): a push (the subscription it just made, a
 * thaw) updates the card at once and the rest (the account's balance, the project's progress) is
 * read again in the background, so nothing stays stale behind the popup's message (issue 37 §12).
 * The pushes are taken by these children, never by the popup's state: re-entering that would
 * restart the popup's own actor (its invoke) and wipe the message it shows. A language change reads
 * the board again the same way (the cards' descriptions in the new language).
 */
const behindThePopup = {
  initial: 'current',
  states: {
    current: { on: { 'board.pushed': { target: 'refreshing', actions: 'applyPushed' }, 'board.languageChanged': 'refreshing' } },
    refreshing: {
      on: { 'board.pushed': { target: 'refreshing', reenter: true, actions: 'applyPushed' }, 'board.languageChanged': { target: 'refreshing', reenter: true } },
      invoke: {
        id: 'refreshBoard',
        src: 'loadBoard',
        onDone: { target: 'current', actions: 'applyRefreshed' },
        onError: { target: 'current' },
      },
    },
  },
} as const;

/**
 * /subscribe (spec §2, §3, §4): the projects with the user's subscriptions and ico account, a
 * clock for the remaining terms (`tick`). The user's own changes arrive on the private channel
 * (`icoUpdates`: subscribed, settled, thawed): the pushed subscription replaces the one shown at
 * once, and the board is read back (account, the project's progress) — at once when browsing,
 * after the popup otherwise. A reload every `poll` remains for what no push tells: other people's
 * subscriptions moving the progress bars, statuses following the clock. One popup at a time:
 * `joining` runs icoSubscribe (participate or add more), `thawing` runs icoThaw; either reloads
 * the board when it changed something. The projects' descriptions come in the display language, so
 * a language change (`board.languageChanged`) reads the board again, behind a popup if one is open.
 */
export const icoBoardMachine = setup({
  types: { context: {} as IcoBoardContext, events: {} as IcoBoardEvent, input: {} as IcoBoardInput | undefined },
  actors: {
    languageChanges,
    loadBoard: toBeProvided<BoardData>('loadBoard'),
    icoSubscribe: icoSubscribeMachine,
    icoThaw: icoThawMachine,
    icoUpdates: fromCallback<EventObject>(() => () => undefined),
  },
  actions: {
    showToast,
    tickClock: assign({ now: () => Date.now() }),
    applyRefreshed: assign({
      data: ({ context, event }) => (event as unknown as { output?: BoardData }).output ?? context.data,
    }),
    applyPushed: assign({
      data: ({ context, event }) => (event.type === 'board.pushed' ? withPushed(context.data, event.subscription) : context.data),
    }),
  },
  guards: {
    canJoin: ({ context, event }) => joinable(context.data, (event as { projectId: number }).projectId),
    canThaw: ({ context, event }) => thawable(context.data, (event as { projectId: number }).projectId),
    changed: ({ event }) => {
      const output = (event as unknown as { output?: { subscribed?: boolean; thawed?: boolean } }).output;
      return Boolean(output?.subscribed || output?.thawed);
    },
  },
  delays: { tick: 1000, poll: 60_000 },
}).createMachine({
  id: 'icoBoard',
  context: ({ input }) => ({ data: undefined, now: 0, selected: undefined, pending: undefined, languages: input?.languages }),
  invoke: [
    { id: 'icoUpdates', src: 'icoUpdates' },
    followLanguage({ type: 'board.languageChanged' }),
  ],
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBoard',
        src: 'loadBoard',
        onDone: [
          {
            guard: ({ context, event }) => context.pending?.kind === 'join' && joinable(event.output, context.pending.projectId),
            target: 'ready.joining',
            actions: assign({ data: ({ event }) => event.output, selected: ({ context }) => context.pending!.projectId, pending: undefined }),
          },
          {
            guard: ({ context, event }) => context.pending?.kind === 'thaw' && thawable(event.output, context.pending.projectId),
            target: 'ready.thawing',
            actions: assign({ data: ({ event }) => event.output, selected: ({ context }) => context.pending!.projectId, pending: undefined }),
          },
          { target: 'ready', actions: assign({ data: ({ event }) => event.output, pending: undefined }) },
        ],
        onError: { target: 'failed', actions: [assign({ pending: undefined }), toastError] },
      },
      on: {
        // A read begun before the change could answer without it: read again.
        'board.pushed': { target: 'loading', reenter: true, actions: 'applyPushed' },
        'board.resync': { target: 'loading', reenter: true },
        'board.languageChanged': { target: 'loading', reenter: true },
        // The cards stay on screen while the board reads again (after a popup changed something):
        // a click on one is kept, not dropped, and its popup opens with the fresh figures.
        'board.join': { actions: assign({ pending: ({ event }) => ({ kind: 'join' as const, projectId: event.projectId }) }) },
        'board.thaw': { actions: assign({ pending: ({ event }) => ({ kind: 'thaw' as const, projectId: event.projectId }) }) },
      },
    },
    failed: { on: { 'board.retry': 'loading' } },
    ready: {
      initial: 'browsing',
      after: { poll: { guard: ({ context }) => context.selected === undefined, target: 'loading' } },
      // During a popup the list is updated at once; the popup's end reloads the rest.
      on: { 'board.pushed': { actions: 'applyPushed' } },
      states: {
        browsing: {
          entry: 'tickClock',
          after: { tick: { target: 'browsing', reenter: true } },
          on: {
            'board.pushed': { target: '#icoBoard.loading', actions: 'applyPushed' },
            'board.resync': { target: '#icoBoard.loading' },
            'board.languageChanged': { target: '#icoBoard.loading' },
            'board.join': { guard: 'canJoin', target: 'joining', actions: assign({ selected: ({ event }) => event.projectId }) },
            'board.thaw': { guard: 'canThaw', target: 'thawing', actions: assign({ selected: ({ event }) => event.projectId }) },
          },
        },
        joining: {
          ...behindThePopup,
          invoke: {
            id: 'subscribe',
            src: 'icoSubscribe',
            input: ({ context }) => ({
              project: context.data!.projects.find((p) => p.id === context.selected)!,
              mine: mineOf(context.data, context.selected)?.quantity ?? '0',
              ...(context.data?.account ? { available: context.data.account.available } : {}),
            }),
            onDone: [
              { guard: 'changed', target: '#icoBoard.loading', actions: assign({ selected: undefined }) },
              { target: 'browsing', actions: assign({ selected: undefined }) },
            ],
          },
        },
        thawing: {
          ...behindThePopup,
          invoke: {
            id: 'thaw',
            src: 'icoThaw',
            input: ({ context }) => ({ subscription: mineOf(context.data, context.selected)! }),
            onDone: [
              { guard: 'changed', target: '#icoBoard.loading', actions: assign({ selected: undefined }) },
              { target: 'browsing', actions: assign({ selected: undefined }) },
            ],
          },
        },
      },
    },
  },
});

export type IcoBoardActorRef = ActorRefFrom<typeof icoBoardMachine>;
