import { assign, setup, type ActorRefFrom } from 'xstate';
import { TOAST_DURATION_MS } from '../../../../domain/constants';
import type { ToastMessage } from '../../../../domain/errors';

export type ToastTone = keyof typeof TOAST_DURATION_MS;

export interface Toast {
  /** Monotonic, so React keys stay stable and no id comes from Math.random. */
  id: number;
  tone: ToastTone;
  message: ToastMessage;
}

export interface ToastContext {
  queue: Toast[];
  current: Toast | undefined;
  nextId: number;
}

export type ToastEvent = { type: 'toast.show'; tone: ToastTone; message: ToastMessage } | { type: 'toast.dismiss' };

/** Repeats of the toast already queued last are dropped, so a burst of one failure shows once. */
const MAX_QUEUE = 5;

/**
 * Toasts one at a time, each for the duration of spec §9 (1.2 s info and error, 1 s success),
 * as a named delay so tests drive it with fake timers.
 */
export const toastMachine = setup({
  types: { context: {} as ToastContext, events: {} as ToastEvent },
  actions: {
    enqueue: assign(({ context }, params: { tone: ToastTone; message: ToastMessage }) => {
      const last = context.queue.at(-1) ?? context.current;
      if (last && last.tone === params.tone && JSON.stringify(last.message) === JSON.stringify(params.message)) return {};
      const toast: Toast = { id: context.nextId, tone: params.tone, message: params.message };
      return { queue: [...context.queue, toast].slice(-MAX_QUEUE), nextId: context.nextId + 1 };
    }),
    takeNext: assign(({ context }) => ({ current: context.queue[0], queue: context.queue.slice(1) })),
    clearCurrent: assign({ current: undefined }),
  },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
  },
  delays: {
    toastDuration: ({ context }) => TOAST_DURATION_MS[context.current?.tone ?? 'info'],
  },
}).createMachine({
  id: 'toasts',
  context: { queue: [], current: undefined, nextId: 1 },
  initial: 'idle',
  on: {
    'toast.show': {
      actions: { type: 'enqueue', params: ({ event }) => ({ tone: event.tone, message: event.message }) },
    },
  },
  states: {
    idle: {
      always: { guard: 'hasQueued', target: 'showing' },
    },
    showing: {
      entry: 'takeNext',
      exit: 'clearCurrent',
      after: { toastDuration: 'idle' },
      on: { 'toast.dismiss': 'idle' },
    },
  },
});

export type ToastActorRef = ActorRefFrom<typeof toastMachine>;
