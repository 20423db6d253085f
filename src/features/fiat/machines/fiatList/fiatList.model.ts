import type { MachineModel } from '../../../../app/machines/model.types';
import { ORDER } from '../fiatFixtures';
import { fiatListMachine } from './fiatList.machine';

export const fiatListModel: MachineModel<typeof fiatListMachine> = {
  machine: fiatListMachine,
  variants: [
    { name: 'orders', input: { source: { kind: 'orders' } } },
    { name: 'records', input: { source: { kind: 'records' } } },
  ],
  events: [
    { type: 'xstate.done.actor.fetchList', output: { list: [ORDER], total: 12, page: 1, size: 10 } },
    { type: 'xstate.error.actor.fetchList', error: { kind: 'network' } },
    { type: 'list.tab', tab: 'buy' },
    { type: 'list.days', days: 7 },
    { type: 'list.page', page: 2 },
  ],
  abstract: (s) => [s.context.tab, s.context.page, s.context.days],
};
