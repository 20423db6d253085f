import { socketConnectionMachine } from './socketConnection.machine';
import { machineModel } from '../modelEvents';

export const socketConnectionModel = machineModel(socketConnectionMachine, [{ name: 'socket.io connection' }], [
  { type: 'socket.disconnected', reason: 'transport close' },
  { type: 'socket.reconnecting', attempt: 2 },
  { type: 'xstate.error.actor.socketStatus', error: new Error('no socket') },
]);
