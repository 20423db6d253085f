import { addressNetworksMachine } from './addressNetworks.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const network = (name: string) => ({ currency: 'USDT', network: name, deposit_min: '1', withdraw_min: '10', withdraw_fee: '1', confirmations: 3, deposit_enabled: true, withdraw_enabled: true });

export const addressNetworksModel = machineModel(
  addressNetworksMachine,
  [
    { name: 'the address book with USDT chosen', input: { currency: 'USDT' } },
    { name: 'no withdrawable currency', input: {} },
  ],
  [
    { type: 'networks.currency', currency: 'BTC' },
    ...actorAnswers('fetchNetworks', [network('TRC20'), network('ERC20')]),
    { type: 'networks.retry' },
  ],
  (s) => [s.context.currency, s.context.networks.length],
);
