import type { MachineModel } from '../../../../app/machines/model.types';
import { POSITION } from '../futuresFixtures';
import { marginDialogMachine } from './marginDialog.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

const brackets = [{ bracket: 1, floor: '0', cap: '50000', maxLeverage: 125, mmr: '0.004', maintenanceAmount: '0' }];

export const marginDialogModel: MachineModel<typeof marginDialogMachine> = {
  machine: marginDialogMachine,
  variants: [{ name: 'isolated long', input: {} }],
  events: [
    { type: 'margin.open', position: { ...POSITION, max_removable_margin: '300' }, brackets, available: '6985' },
    { type: 'margin.type', value: 'remove' },
    { type: 'margin.type', value: 'add' },
    { type: 'margin.amount', value: '200' },
    { type: 'margin.amount', value: '9000' },
    { type: 'margin.amount', value: '-1' },
    { type: 'margin.save' },
    { type: 'margin.close' },
    ...actorAnswers('adjustMargin', undefined, { kind: 'server', serverMessage: 'At most 300 USDT can be removed' }),
  ],
  abstract: (s) => [s.context.type, s.context.amount, s.context.refusal !== undefined],
};
