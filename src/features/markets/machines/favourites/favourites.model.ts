import type { MachineModel } from '../../../../app/machines/model.types';
import { favouritesMachine } from './favourites.machine';

export const favouritesModel: MachineModel<typeof favouritesMachine> = {
  machine: favouritesMachine,
  variants: [
    { name: 'nothing stored', input: {} },
    { name: 'two stored favourites', input: { stored: ['BTC_USDT', 'ETH_USDT', 'not a pair'] } },
  ],
  events: [
    { type: 'favourites.toggle', pair: 'ADA_USDT' },
    { type: 'favourites.move', pair: 'ETH_USDT', over: 'BTC_USDT' },
  ],
};
