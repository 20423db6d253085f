import type { MachineModel } from '../../../../app/machines/model.types';
import { loginHistoryMachine } from './loginHistory.machine';

const row = { id: 1, at: '2026-01-01T00:00:00.000Z', ip: '10.0.0.1', device: 'Chrome / Windows', result: 'success' as const };

export const loginHistoryModel: MachineModel<typeof loginHistoryMachine> = {
  machine: loginHistoryMachine,
  variants: [{ name: 'login history' }],
  events: [
    { type: 'xstate.done.actor.fetchHistory', output: { list: [row], total: 45, page: 1, size: 20 } },
    { type: 'xstate.error.actor.fetchHistory', error: { kind: 'network' } },
    { type: 'history.page', page: 2 },
    { type: 'history.page', page: 9 },
    { type: 'history.retry' },
  ],
  abstract: (snapshot) => snapshot.context.page,
};
