import type { MachineModel } from '../../../../app/machines/model.types';
import { POSITION } from '../futuresFixtures';
import { tpslDialogMachine } from './tpslDialog.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const tpslDialogModel: MachineModel<typeof tpslDialogMachine> = {
  machine: tpslDialogMachine,
  variants: [{ name: 'a BTC_USDT position', input: {} }],
  events: [
    { type: 'tpsl.open', symbol: 'BTC_USDT', pricePrecision: 2, position: POSITION },
    { type: 'tpsl.by', by: 'roe' },
    { type: 'tpsl.by', by: 'price' },
    { type: 'tpsl.triggerBy', triggerBy: 'last' },
    { type: 'tpsl.takeProfit', value: '500' },
    { type: 'tpsl.stopLoss', value: '0' },
    { type: 'tpsl.stopLoss', value: '−10' },
    // A loss no price can mean for a 10× long (below zero).
    { type: 'tpsl.stopLoss', value: '−2000' },
    { type: 'tpsl.submit' },
    { type: 'tpsl.confirm' },
    { type: 'tpsl.cancel' },
    ...actorAnswers('createPlans', [{ id: 1 }], { kind: 'server', serverMessage: 'No position' }),
  ],
  abstract: (s) => [s.context.by, s.context.takeProfit, s.context.stopLoss, s.context.problem?.key],
};
