import type { MachineModel } from '../model.types';
import { socketConnectionMachine } from './socketConnection.machine';

export const socketConnectionModel: MachineModel<typeof socketConnectionMachine> = {
  machine: socketConnectionMachine,
  variants: [{ name: 'socket.io connection' }],
  events: [
    { type: 'socket.disconnected', reason: 'transport close' },
    { type: 'socket.reconnecting', attempt: 2 },
    { type: 'xstate.error.actor.socketStatus', error: new Error('no socket') },
  ],
};
