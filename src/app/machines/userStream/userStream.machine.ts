import { assign, fromCallback, setup, type ActorRefFrom, type EventObject } from 'xstate';
import type { SpotOrder } from '../../../../domain/spotOrders';
import type { BalanceRow } from '../../../../domain/wallet';

/** What the private channel reports, and what the stream hands on to the actors that care. */
export type UserStreamEvent =
  | { type: 'stream.order'; order: SpotOrder }
  | { type: 'stream.balances'; balances: BalanceRow[] }
  /** Another product's message (e.g. kind 'seconds'): the payload as sent, for that product to check. */
  | { type: 'stream.product'; kind: string; payload: unknown }
  /** The socket came back: pushes may have been missed, so lists reload. */
  | { type: 'stream.resync' };

export type UserStreamMachineEvent =
  /** The composition root forwards the session's token whenever it changes (undefined: signed out). */
  | { type: 'session.changed'; token: string | undefined }
  | UserStreamEvent;

/**
 * The private user channel (docs/API.md): subscribed with the session's token while a session
 * exists, subscribed again with the new token after a sign-in, left on sign-out; the socket itself
 * repeats the subscription after a reconnect. Each valid message is handed on (`forward`) to the
 * actors that care: the order form, the order lists, the wallet's balances.
 */
export const userStreamMachine = setup({
  types: {
    context: {} as { token: string | undefined },
    events: {} as UserStreamMachineEvent,
    input: {} as { token?: string },
  },
  actors: {
    privateChannel: fromCallback<EventObject, { token: string }>(() => () => undefined),
  },
  actions: {
    /** Supplied at the composition root: publishes to the user stream hub. */
    forward: (_, _params: { event: UserStreamEvent }) => undefined,
  },
  guards: {
    hasToken: ({ context }) => context.token !== undefined,
    signedOut: (_, params: { token: string | undefined }) => params.token === undefined,
    newToken: ({ context }, params: { token: string | undefined }) => params.token !== undefined && params.token !== context.token,
  },
}).createMachine({
  id: 'userStream',
  context: ({ input }) => ({ token: input?.token }),
  initial: 'choosing',
  states: {
    choosing: {
      always: [{ guard: 'hasToken', target: 'streaming' }, { target: 'idle' }],
    },
    idle: {
      description: 'No session: the private channel is not joined.',
      on: {
        'session.changed': {
          guard: { type: 'newToken', params: ({ event }) => ({ token: event.token }) },
          target: 'streaming',
          actions: assign({ token: ({ event }) => event.token }),
        },
      },
    },
    streaming: {
      invoke: { id: 'privateChannel', src: 'privateChannel', input: ({ context }) => ({ token: context.token! }) },
      on: {
        'session.changed': [
          {
            guard: { type: 'signedOut', params: ({ event }) => ({ token: event.token }) },
            target: 'idle',
            actions: assign({ token: undefined }),
            description: 'Sign-out (or a 403): leave the channel.',
          },
          {
            guard: { type: 'newToken', params: ({ event }) => ({ token: event.token }) },
            target: 'streaming',
            reenter: true,
            actions: assign({ token: ({ event }) => event.token }),
            description: 'Signed in again with another token: leave and subscribe with the new one.',
          },
        ],
        'stream.order': { actions: { type: 'forward', params: ({ event }) => ({ event }) } },
        'stream.balances': { actions: { type: 'forward', params: ({ event }) => ({ event }) } },
        'stream.resync': { actions: { type: 'forward', params: ({ event }) => ({ event }) } },
        'stream.product': { actions: { type: 'forward', params: ({ event }) => ({ event }) } },
      },
    },
  },
});

export type UserStreamActorRef = ActorRefFrom<typeof userStreamMachine>;
