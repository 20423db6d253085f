import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../domain/errors';
import type { IcoAccount, IcoProject, IcoSubscription } from '../../../../domain/ico';
import { toastError } from '../../../../app/machines/toast/toastError';
import { icoSubscribeMachine } from '../icoSubscribe/icoSubscribe.machine';
import { icoThawMachine } from '../icoThaw/icoThaw.machine';

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
}

export type IcoBoardEvent =
  | { type: 'board.retry' }
  | { type: 'board.join'; projectId: number }
  | { type: 'board.thaw'; projectId: number };

/** The user's subscription to a project, if any. */
export const mineOf = (data: BoardData | undefined, projectId: number | undefined) => data?.mine.find((m) => m.project_id === projectId);

/** Milliseconds left in the recruit period on the server's clock as seen from here. */
export function remainingTerm(p: IcoProject, data: BoardData | undefined, now: number): number {
  if (!data) return 0;
  return Math.max(0, p.end_at - (p.server_time + (now - data.receivedAt)));
}

/**
 * /subscribe (spec §2, §3, §4): the projects with the user's subscriptions and ico account, a
 * clock for the remaining terms (`tick`) and a reload every `poll` (statuses follow the server's
 * clock: settlement, release). One popup at a time: `joining` runs icoSubscribe (participate or
 * add more), `thawing` runs icoThaw; either reloads the board when it changed something.
 */
export const icoBoardMachine = setup({
  types: { context: {} as IcoBoardContext, events: {} as IcoBoardEvent },
  actors: {
    loadBoard: fromPromise<BoardData>(async () => {
      throw new Error('loadBoard not provided');
    }),
    icoSubscribe: icoSubscribeMachine,
    icoThaw: icoThawMachine,
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    tickClock: assign({ now: () => Date.now() }),
  },
  guards: {
    canJoin: ({ context, event }) => {
      const p = context.data?.projects.find((x) => x.id === (event as { projectId: number }).projectId);
      return p !== undefined && (p.status === 'in_progress' || p.status === 'ending_soon');
    },
    canThaw: ({ context, event }) => {
      const m = mineOf(context.data, (event as { projectId: number }).projectId);
      return m !== undefined && m.thawable !== '0';
    },
    changed: ({ event }) => {
      const output = (event as unknown as { output?: { subscribed?: boolean; thawed?: boolean } }).output;
      return Boolean(output?.subscribed || output?.thawed);
    },
  },
  delays: { tick: 1000, poll: 15_000 },
}).createMachine({
  id: 'icoBoard',
  context: { data: undefined, now: 0, selected: undefined },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBoard',
        src: 'loadBoard',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    failed: { on: { 'board.retry': 'loading' } },
    ready: {
      initial: 'browsing',
      after: { poll: { guard: ({ context }) => context.selected === undefined, target: 'loading' } },
      states: {
        browsing: {
          entry: 'tickClock',
          after: { tick: { target: 'browsing', reenter: true } },
          on: {
            'board.join': { guard: 'canJoin', target: 'joining', actions: assign({ selected: ({ event }) => event.projectId }) },
            'board.thaw': { guard: 'canThaw', target: 'thawing', actions: assign({ selected: ({ event }) => event.projectId }) },
          },
        },
        joining: {
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
