import { defineFeature, page } from '../../app/feature';
import { WalletContext } from './wallet.context';

/**
 * The wallet (/wallet and the operator's withdrawal desk). Balances and record lists on screen
 * hear the user's own changes (after a withdrawal, transfer or cancel) and the private channel's
 * pushed balance rows through the wallet signals; each submission gets its own idempotency key.
 */
export const walletFeature = defineFeature({
  id: 'wallet',
  context: WalletContext,
  routes: {
    wallet: [
      { index: true, page: page(() => import('./views/WalletOverviewPage'), 'WalletOverviewPage') },
      { path: 'spot', page: page(() => import('./views/WalletAccountPage'), 'WalletAccountPage', { account: 'spot', key: 'spot' }) },
      { path: 'legalSymbol', page: page(() => import('./views/WalletAccountPage'), 'WalletAccountPage', { account: 'legal', key: 'legal' }) },
      { path: 'log-currency', page: page(() => import('./views/CurrencyLogPage'), 'CurrencyLogPage') },
      { path: 'wallet-log', page: page(() => import('./views/LedgerPage'), 'LedgerPage') },
      { path: 'log-transfer', page: page(() => import('./views/TransferLogPage'), 'TransferLogPage') },
      { path: 'recharge/:currency?', page: page(() => import('./views/DepositPage'), 'DepositPage') },
      { path: 'cash/:currency?', page: page(() => import('./views/WithdrawalPage'), 'WithdrawalPage') },
      { path: 'transfer', page: page(() => import('./views/TransferPage'), 'TransferPage') },
    ],
  },
  desks: [{ id: 'withdrawals', label: 'wallet.ops.withdrawalDesk', page: page(() => import('./views/operator/WithdrawalDesk'), 'WithdrawalDesk') }],
  // The machines and their effects load with the product's first page (wallet.flows.ts).
  load: () => import('./wallet.flows'),
});
