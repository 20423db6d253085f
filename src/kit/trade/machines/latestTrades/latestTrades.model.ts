import type { PublicTrade } from '../../../../../domain/market';
import { latestTradesMachine } from './latestTrades.machine';
import { machineModel } from '../../../../app/machines/modelEvents';

export const TRADES_FIXTURE: PublicTrade[] = [
  { id: 2, time: 1_763_683_200_500, price: '96250.9', quantity: '0.01', side: 'buy' },
  { id: 1, time: 1_763_683_200_000, price: '96250.1', quantity: '0.2', side: 'sell' },
];

export const latestTradesModel = machineModel(latestTradesMachine, [{ name: 'btc_usdt trades', input: { channel: 'btc_usdt_trade' } }], [
  { type: 'trades.snapshot', trades: TRADES_FIXTURE },
  { type: 'trades.update', trades: [{ id: 3, time: 1_763_683_201_000, price: '96251', quantity: '0.3', side: 'buy' }] },
  { type: 'connection.lost' },
  { type: 'connection.restored' },
  { type: 'xstate.error.actor.tradesFeed', error: new Error('subscribe failed') },
]);
