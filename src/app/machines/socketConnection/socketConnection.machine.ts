import { assign, fromCallback, setup, type ActorRefFrom, type EventObject } from 'xstate';

export type SocketConnectionEvent =
  | { type: 'socket.connected' }
  | { type: 'socket.disconnected'; reason: string }
  | { type: 'socket.reconnecting'; attempt: number }
  | { type: 'socket.connectFailed' };

/**
 * The live connection as the trader sees it: connecting on start, connected, and reconnecting
 * (with socket.io's attempt count) after a drop until it is back. The socket client itself
 * re-subscribes every channel on reconnect; this machine only reports, for the indicator.
 */
export const socketConnectionMachine = setup({
  types: {
    context: {} as { attempt: number },
    events: {} as SocketConnectionEvent,
  },
  actors: {
    /** Reports socket.* events from the socket client. */
    socketStatus: fromCallback<EventObject>(() => () => undefined),
  },
}).createMachine({
  id: 'socketConnection',
  context: { attempt: 0 },
  initial: 'tracking',
  states: {
    tracking: {
      invoke: {
        id: 'socketStatus',
        src: 'socketStatus',
        onError: { target: 'unavailable', description: 'No socket client: live data is off.' },
      },
      initial: 'connecting',
      states: {
        connecting: {
          on: {
            'socket.connected': 'connected',
            'socket.connectFailed': { target: 'reconnecting', description: 'The first connect failed; socket.io keeps trying.' },
            'socket.reconnecting': { target: 'reconnecting', actions: assign({ attempt: ({ event }) => event.attempt }) },
          },
        },
        connected: {
          entry: assign({ attempt: 0 }),
          on: {
            'socket.disconnected': { target: 'reconnecting', description: 'Dropped: socket.io reconnects with backoff.' },
          },
        },
        reconnecting: {
          on: {
            'socket.reconnecting': { actions: assign({ attempt: ({ event }) => event.attempt }) },
            'socket.connected': { target: 'connected', description: 'Back: every channel was subscribed again.' },
          },
        },
      },
    },
    unavailable: {},
  },
});

export type SocketConnectionActorRef = ActorRefFrom<typeof socketConnectionMachine>;
