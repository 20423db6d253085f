import { AD } from '../fiatFixtures';
import { fiatDealMachine } from './fiatDeal.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const fiatDealModel = machineModel(
  fiatDealMachine,
  [
    { name: 'buying in USD', input: { fiat: 'USD' } },
    { name: 'selling BTC in EUR', input: { fiat: 'EUR', side: 'sell', crypto: 'BTC' } },
  ],
  [
    ...actorAnswers('fetchAds', { list: [AD], total: 1, page: 1, size: 10 }),
    { type: 'deal.side', side: 'sell' },
    { type: 'deal.by', by: 'quantity' },
    { type: 'deal.value', value: '100' },
    { type: 'deal.fiat', fiat: 'JPY' },
  ],
  (s) => [s.context.side, s.context.by, s.context.fiat, s.context.value],
);
