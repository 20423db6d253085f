import { toastMachine } from './toast.machine';
import { machineModel } from '../modelEvents';

export const toastModel = machineModel(toastMachine, [{ name: 'empty queue' }], [
  { type: 'toast.show', tone: 'error', message: { key: 'error.network' } },
  { type: 'toast.show', tone: 'success', message: { text: 'Transfer succeeded' } },
], (s) => [s.context.queue.length, s.context.current?.tone]);
