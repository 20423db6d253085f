import { POSITION } from '../futuresFixtures';
import { tpslDialogMachine } from './tpslDialog.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const tpslDialogModel = machineModel(tpslDialogMachine, [{ name: 'a BTC_USDT position', input: {} }], [
  { type: 'tpsl.open', symbol: 'BTC_USDT', pricePrecision: 2, position: POSITION },
  ...typedValues('tpsl.by', ['roe', 'price'], 'by'),
  { type: 'tpsl.triggerBy', triggerBy: 'last' },
  { type: 'tpsl.takeProfit', value: '500' },
  ...typedValues('tpsl.stopLoss', ['0', '−10']),
  // A loss no price can mean for a 10× long (below zero).
  { type: 'tpsl.stopLoss', value: '−2000' },
  { type: 'tpsl.submit' },
  { type: 'tpsl.confirm' },
  { type: 'tpsl.cancel' },
  ...actorAnswers('createPlans', [{ id: 1 }], { kind: 'server', serverMessage: 'No position' }),
], (s) => [s.context.by, s.context.takeProfit, s.context.stopLoss, s.context.problem?.key]);
