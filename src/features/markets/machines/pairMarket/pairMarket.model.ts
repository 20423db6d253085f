import type { MachineModel } from '../../../../app/machines/model.types';
import { pairMarketMachine } from './pairMarket.machine';

export const pairMarketModel: MachineModel<typeof pairMarketMachine> = {
  machine: pairMarketMachine,
  variants: [{ name: 'trade pages' }],
  events: [
    { type: 'market.watch', left: 'BTC', right: 'USDT', contract: true },
    { type: 'market.watch', left: 'ADA', right: 'USDT', contract: false },
    { type: 'market.watch', left: 'BTC', right: 'USDT', contract: true, futures: true },
    { type: 'market.setInterval', interval: '15min' },
    { type: 'market.indexTick', close: '96250.12345', mark: '96251.5' },
    { type: 'xstate.error.actor.orderBook', error: new Error('child failed') },
    { type: 'xstate.error.actor.indexFeed', error: new Error('subscribe failed') },
  ],
};
