import { fromCallback, type EventObject } from 'xstate';
import type { SocketConnectionEvent } from '../machines/socketConnection/socketConnection.machine';
import type { SocketClient } from '../../services/socket';

/** The socket client's connection events as socket.* events for the connection machine. */
export function createSocketStatusActor(socket: SocketClient) {
  return fromCallback<EventObject>(({ sendBack }) =>
    socket.onConnection((event) => {
      const reported: SocketConnectionEvent =
        event.type === 'connected'
          ? { type: 'socket.connected' }
          : event.type === 'disconnected'
            ? { type: 'socket.disconnected', reason: event.reason }
            : event.type === 'reconnecting'
              ? { type: 'socket.reconnecting', attempt: event.attempt }
              : { type: 'socket.connectFailed' };
      sendBack(reported);
    }),
  );
}
