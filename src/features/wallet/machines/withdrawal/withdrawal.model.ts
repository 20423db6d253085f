import { usdtNetwork } from '../walletModelFixtures';
import { withdrawalMachine } from './withdrawal.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

const currencies = [
  { symbol: 'USDT', draw_turn: 1 as const },
  { symbol: 'BTC', draw_turn: 1 as const },
  { symbol: 'DOGE', draw_turn: 0 as const },
];
const network = (name: string, open = true) => usdtNetwork(name, { withdraw: open });
export const quota = { currency: 'USDT', limit_usdt: '100', used_usdt: '0', remaining: '100', available: '250', verified: false };
export const bookAddress = { id: 3, currency: 'USDT', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', note: 'cold wallet' };

export const withdrawalModel = machineModel(
  withdrawalMachine,
  [
    { name: '/wallet/cash/USDT', input: { currency: 'USDT', currencies } },
    { name: 'no currency in the route', input: { currencies } },
    { name: 'withdrawals of DOGE closed', input: { currency: 'DOGE', currencies } },
  ],
  [
    ...typedValues('withdraw.currency', ['BTC', 'NOPE'], 'currency'),
    { type: 'xstate.done.actor.fetchNetworks', output: [network('TRC20'), network('ERC20'), network('OMNI', false)] },
    ...actorAnswers('fetchNetworks', [network('OMNI', false)]),
    ...actorAnswers('fetchQuota', quota, { kind: 'system' }),
    ...actorAnswers('fetchAddresses', [bookAddress]),
    ...typedValues('withdraw.network', ['ERC20', 'OMNI'], 'network'),
    { type: 'withdraw.submit', form: { address: bookAddress.address, quantity: '25' } },
    { type: 'withdraw.submit', form: { address: bookAddress.address, quantity: '5' } },
    ...typedValues('withdraw.password', ['Funds2026', ''], 'password'),
    { type: 'withdraw.submit', form: { address: '0x52908400098527886E0F7030069857D2E4169EE7', quantity: '25' } },
    ...actorAnswers('checkFundsPassword', { ok: true }, { kind: 'server', serverMessage: 'Incorrect funds password (4 attempts left)' }),
    { type: 'withdraw.back' },
    { type: 'guard.accepted' },
    ...actorAnswers('submitWithdrawal', { id: 9, currency: 'USDT', network: 'TRC20', address: bookAddress.address, quantity: '25', fee: '1', tx_hash: null, status: 1, reason: null, created_at: 1, updated_at: 1 }, { kind: 'server', serverMessage: 'Wrong fund password' }),
    ...actorAnswers('refreshQuota', { ...quota, used_usdt: '26', remaining: '74', available: '224' }),
  ],
  (s) => [s.context.currency, s.context.network, s.context.quota !== undefined, s.context.idempotencyKey !== undefined],
);
