import { defineFeature, page } from '../../app/feature';
// The kit's wallet-accounts slot is the product's context (wallet.context.ts widens it for the product's own hooks).
import { WalletAccountsContext } from '../../kit/wallet/walletAccounts.context';

/**
 * The wallet (/wallet and the operator's withdrawal desk). Balances and record lists on screen
 * hear the user's own changes (after a withdrawal, transfer or cancel) and the private channel's
 * pushed balance rows through the wallet signals; each submission gets its own idempotency key.
 */
export const walletFeature = defineFeature({
  id: 'wallet',
  context: WalletAccountsContext,
  routes: {
    wallet: [
      { index: true, page: page(() => import('./views/WalletOverviewPage'), 'WalletOverviewPage'), menu: { labelKey: 'menu.wallet.overview', group: 'menu.wallet.overviewGroup', place: 10 } },
      { path: 'spot', page: page(() => import('../../kit/wallet/WalletAccountPage'), 'WalletAccountPage', { account: 'spot', key: 'spot' }), menu: { labelKey: 'menu.wallet.spot', group: 'menu.wallet.accounts', place: 20, account: 'spot' } },
      { path: 'log-currency', page: page(() => import('./views/CurrencyLogPage'), 'CurrencyLogPage'), menu: { labelKey: 'menu.wallet.logCurrency', group: 'menu.wallet.records', place: 40 } },
      { path: 'wallet-log', page: page(() => import('./views/LedgerPage'), 'LedgerPage'), menu: { labelKey: 'menu.wallet.walletLog', place: 41 } },
      { path: 'log-transfer', page: page(() => import('./views/TransferLogPage'), 'TransferLogPage'), menu: { labelKey: 'menu.wallet.logTransfer', place: 43 } },
      { path: 'recharge/:currency?', page: page(() => import('./views/DepositPage'), 'DepositPage'), menu: { labelKey: 'menu.wallet.recharge', group: 'menu.wallet.actions', place: 30 } },
      { path: 'cash/:currency?', page: page(() => import('./views/WithdrawalPage'), 'WithdrawalPage'), menu: { labelKey: 'menu.wallet.cash', place: 31 } },
      { path: 'transfer', page: page(() => import('./views/TransferPage'), 'TransferPage'), menu: { labelKey: 'menu.wallet.transfer', place: 32 } },
    ],
  },
  desks: () => import('./desks').then((m) => m.desks),
  // The machines and their effects load with the product's first page (wallet.flows.ts).
  load: () => import('./wallet.flows'),
});
