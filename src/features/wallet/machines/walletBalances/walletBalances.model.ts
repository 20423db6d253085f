import { walletBalancesMachine } from './walletBalances.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const overview = {
  accounts: [{ account: 'spot', valuation_usdt: '1250.5' }],
  total_usdt: '1250.5',
  today_pnl_usdt: '-3.2',
  today_pnl_since_ms: 0,
  btc_usdt: '96000',
};

export const walletBalancesModel = machineModel(
  walletBalancesMachine,
  [
    { name: 'overview', input: {} },
    { name: 'spot account', input: { account: 'spot' } },
  ],
  [
    ...actorAnswers('fetchWallet', { overview, balances: [{ currency: 'USDT', account: 'spot', available: '1250.5', frozen: '0', valuation_usdt: '1250.5' }] }),
    { type: 'balances.hideZero', hide: true },
    { type: 'balance.changed', rows: [{ currency: 'USDT', account: 'spot', available: '1000', frozen: '250.5' }] },
  ],
  (s) => s.context.hideZero,
);
