import type { MachineModel } from '../../../../app/machines/model.types';
import { leverageDialogMachine } from './leverageDialog.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const leverageDialogModel: MachineModel<typeof leverageDialogMachine> = {
  machine: leverageDialogMachine,
  variants: [{ name: 'BTC_USDT', input: { symbol: 'btc_usdt' } }],
  events: [
    { type: 'leverage.open', leverage: 20, marginMode: 'isolated', max: 125 },
    { type: 'leverage.set', value: 10 },
    { type: 'leverage.set', value: 500 },
    { type: 'leverage.mode', mode: 'cross' },
    { type: 'leverage.save' },
    { type: 'leverage.close' },
    ...actorAnswers('saveLeverage', { leverage: 10, margin_mode: 'cross' }, { kind: 'server', serverMessage: 'Close the position first' }),
  ],
};
