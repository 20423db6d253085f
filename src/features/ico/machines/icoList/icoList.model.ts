import type { MachineModel } from '../../../../app/machines/model.types';
import { MINE } from '../icoFixtures';
import { icoListMachine } from './icoList.machine';

export const icoListModel: MachineModel<typeof icoListMachine> = {
  machine: icoListMachine,
  variants: [
    { name: 'holdings', input: { source: { kind: 'orders', tab: 'hold' } } },
    { name: 'thaw records', input: { source: { kind: 'records', type: 'thaw' } } },
  ],
  events: [
    { type: 'xstate.done.actor.fetchList', output: { list: [MINE], total: 12, page: 1, size: 10 } },
    { type: 'xstate.error.actor.fetchList', error: { kind: 'network' } },
    { type: 'list.days', days: 7 },
    { type: 'list.page', page: 2 },
  ],
  abstract: (s) => [s.context.page, s.context.days],
};
