import { favouritesMachine } from './favourites.machine';
import { machineModel } from '../../../../app/machines/modelEvents';

export const favouritesModel = machineModel(
  favouritesMachine,
  [
    { name: 'nothing stored', input: {} },
    { name: 'two stored favourites', input: { stored: ['BTC_USDT', 'ETH_USDT', 'not a pair'] } },
  ],
  [
    { type: 'favourites.toggle', pair: 'ADA_USDT' },
    { type: 'favourites.move', pair: 'ETH_USDT', over: 'BTC_USDT' },
  ],
);
