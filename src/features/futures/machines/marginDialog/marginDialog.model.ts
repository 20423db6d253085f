import { POSITION } from '../futuresFixtures';
import { marginDialogMachine } from './marginDialog.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

const brackets = [{ bracket: 1, floor: '0', cap: '50000', maxLeverage: 125, mmr: '0.004', maintenanceAmount: '0' }];

export const marginDialogModel = machineModel(marginDialogMachine, [{ name: 'isolated long', input: {} }], [
  { type: 'margin.open', position: { ...POSITION, max_removable_margin: '300' }, brackets, available: '6985' },
  ...typedValues('margin.type', ['remove', 'add']),
  ...typedValues('margin.amount', ['200', '9000', '-1']),
  { type: 'margin.save' },
  { type: 'margin.close' },
  ...actorAnswers('adjustMargin', undefined, { kind: 'server', serverMessage: 'At most 300 USDT can be removed' }),
], (s) => [s.context.type, s.context.amount, s.context.refusal !== undefined]);
