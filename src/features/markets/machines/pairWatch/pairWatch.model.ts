import type { MachineModel } from '../../../../app/machines/model.types';
import { pairWatchMachine } from './pairWatch.machine';

const market = { send: () => undefined };

export const pairWatchModel: MachineModel<typeof pairWatchMachine> = {
  machine: pairWatchMachine,
  variants: [
    { name: 'spot pair', input: { market, pair: { left: 'BTC', right: 'USDT', contract: true } } },
    { name: 'futures market', input: { market, pair: { left: 'BTC', right: 'USDT', contract: true, futures: true } } },
  ],
  events: [{ type: 'watch.retry' }],
};
