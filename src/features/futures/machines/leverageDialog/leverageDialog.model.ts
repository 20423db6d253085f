import { leverageDialogMachine } from './leverageDialog.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const leverageDialogModel = machineModel(leverageDialogMachine, [{ name: 'BTC_USDT', input: { symbol: 'btc_usdt' } }], [
  { type: 'leverage.open', leverage: 20, marginMode: 'isolated', max: 125 },
  ...typedValues('leverage.set', [10, 500]),
  { type: 'leverage.mode', mode: 'cross' },
  { type: 'leverage.save' },
  { type: 'leverage.close' },
  ...actorAnswers('saveLeverage', { leverage: 10, margin_mode: 'cross' }, { kind: 'server', serverMessage: 'Close the position first' }),
]);
