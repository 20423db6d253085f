import type { MachineModel } from '../model.types';
import { toastMachine } from './toast.machine';

export const toastModel: MachineModel<typeof toastMachine> = {
  machine: toastMachine,
  variants: [{ name: 'empty queue' }],
  events: [
    { type: 'toast.show', tone: 'error', message: { key: 'error.network' } },
    { type: 'toast.show', tone: 'success', message: { text: 'Transfer succeeded' } },
  ],
  abstract: (s) => [s.context.queue.length, s.context.current?.tone],
};
