import type { MachineModel } from '../../../../app/machines/model.types';
import { walletBalancesMachine } from './walletBalances.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

const overview = {
  accounts: [{ account: 'spot', valuation_usdt: '1250.5' }],
  total_usdt: '1250.5',
  today_pnl_usdt: '-3.2',
  today_pnl_since_ms: 0,
  btc_usdt: '96000',
};

export const walletBalancesModel: MachineModel<typeof walletBalancesMachine> = {
  machine: walletBalancesMachine,
  variants: [
    { name: 'overview', input: {} },
    { name: 'spot account', input: { account: 'spot' } },
  ],
  events: [
    ...actorAnswers('fetchWallet', { overview, balances: [{ currency: 'USDT', account: 'spot', available: '1250.5', frozen: '0', valuation_usdt: '1250.5' }] }),
    { type: 'balances.hideZero', hide: true },
    { type: 'balance.changed', rows: [{ currency: 'USDT', account: 'spot', available: '1000', frozen: '250.5' }] },
  ],
  abstract: (s) => s.context.hideZero,
};
