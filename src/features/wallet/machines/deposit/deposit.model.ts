import { usdtNetwork } from '../walletModelFixtures';
import { depositMachine } from './deposit.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

const currencies = [
  { symbol: 'USDT', recharge_turn: 1 as const },
  { symbol: 'BTC', recharge_turn: 1 as const },
  { symbol: 'DOGE', recharge_turn: 0 as const },
];
const network = (name: string, open = true) => usdtNetwork(name, { deposit: open });

export const depositModel = machineModel(
  depositMachine,
  [
    { name: 'no currency in the route', input: { currencies } },
    { name: '/wallet/recharge/usdt', input: { currency: 'usdt', currencies } },
    { name: 'deposits of DOGE closed', input: { currency: 'DOGE', currencies } },
  ],
  [
    ...typedValues('deposit.currency', ['BTC', 'DOGE', 'NOPE'], 'currency'),
    ...typedValues('deposit.network', ['ERC20', 'OMNI'], 'network'),
    { type: 'xstate.done.actor.fetchNetworks', output: [network('TRC20'), network('ERC20'), network('OMNI', false)] },
    { type: 'xstate.done.actor.fetchNetworks', output: [network('OMNI', false)] },
    // A currency being delisted: every network closed, with the delisting's reason and end (the closed page says why).
    ...actorAnswers('fetchNetworks', [{ ...network('ERC20', false), delisting: { delist_at: 1_790_000_000_000, reason: 'Project discontinued' } }]),
    ...actorAnswers('fetchAddress', { currency: 'USDT', network: 'TRC20', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', deposit_min: '1' }, { kind: 'server', serverMessage: 'Deposits of this currency are closed' }),
    { type: 'xstate.done.actor.copyText', output: true },
    ...actorAnswers('copyText', false, new Error('denied')),
  ],
  (s) => [s.context.currency, s.context.network],
);
