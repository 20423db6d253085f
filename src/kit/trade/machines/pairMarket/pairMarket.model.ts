import { pairMarketMachine } from './pairMarket.machine';
import { machineModel } from '../../../../app/machines/modelEvents';

export const pairMarketModel = machineModel(pairMarketMachine, [{ name: 'trade pages' }], [
  { type: 'market.watch', left: 'BTC', right: 'USDT', contract: true },
  { type: 'market.watch', left: 'ADA', right: 'USDT', contract: false },
  { type: 'market.watch', left: 'BTC', right: 'USDT', contract: true, futures: true },
  { type: 'market.watch', left: 'ADA', right: 'USDT', contract: false, seconds: true },
  { type: 'market.setInterval', interval: '15min' },
  { type: 'market.indexTick', close: '96250.12345', mark: '96251.5' },
  { type: 'xstate.error.actor.orderBook', error: new Error('child failed') },
  { type: 'xstate.error.actor.indexFeed', error: new Error('subscribe failed') },
  { type: 'xstate.error.actor.tickFeed', error: new Error('subscribe failed') },
  { type: 'market.tick', tick: { channel: 'btc_usdt_future_tick', pair: 'BTC_USDT', close: '96300', open: '96000', high: '96400', low: '95900', amount: '1.2', vol: '115000', count: 40, increase: '0.003125' } },
]);
