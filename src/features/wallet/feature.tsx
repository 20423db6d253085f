import { fromPromise } from 'xstate';
import { defineFeature, page } from '../../app/feature';
import { copyText } from '../../services/clipboard';
import { avatarAsDataUrl } from '../../services/avatarFile';
import { createUserCentreActors } from '../accounts/actors/userCentre.actors';
import { createOperatorWalletActors, createWalletActors, createWalletSignals } from './actors/wallet.actors';
import { depositMachine } from './machines/deposit/deposit.machine';
import { operatorWithdrawalsMachine } from './machines/operatorWithdrawals/operatorWithdrawals.machine';
import { simulateDepositMachine } from './machines/operatorWithdrawals/simulateDeposit.machine';
import { transferKeyMinter, transferMachine } from './machines/transfer/transfer.machine';
import { walletBalancesMachine } from './machines/walletBalances/walletBalances.machine';
import { walletRecordsMachine } from './machines/walletRecords/walletRecords.machine';
import { withdrawalKeyMinter, withdrawalMachine } from './machines/withdrawal/withdrawal.machine';
import { WalletContext } from './wallet.hooks';

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
  provide: ({ api, operatorApi, userStream, showToast, newKey }) => {
    const actors = createWalletActors(api);
    const operatorActors = createOperatorWalletActors(operatorApi);
    const addresses = createUserCentreActors(api, avatarAsDataUrl);
    const signals = createWalletSignals();
    userStream.onBalances(signals.publishBalances);
    const records = (fetchPage: (typeof actors)['deposits']) =>
      walletRecordsMachine.provide({
        actors: { fetchPage, actOnRow: actors.cancelWithdrawal, walletSignals: signals.actor },
        actions: { showToast, rowActed: signals.walletChanged },
      });
    return {
      balances: walletBalancesMachine.provide({ actors: { fetchWallet: actors.fetchWallet, walletSignals: signals.actor }, actions: { showToast } }),
      deposit: depositMachine.provide({
        actors: { fetchNetworks: actors.fetchNetworks, fetchAddress: actors.fetchAddress, copyText: fromPromise<boolean, { text: string }>(({ input }) => copyText(input.text)) },
        actions: { showToast },
      }),
      withdrawal: withdrawalMachine.provide({
        actors: { fetchNetworks: actors.fetchNetworks, fetchQuota: actors.fetchQuota, fetchAddresses: addresses.fetchAddresses, submitWithdrawal: actors.submitWithdrawal },
        actions: { showToast, withdrawn: signals.walletChanged, mintIdempotencyKey: withdrawalKeyMinter(newKey) },
      }),
      transfer: transferMachine.provide({
        actors: { fetchAvailable: actors.fetchAvailable, submitTransfer: actors.submitTransfer },
        actions: { showToast, transferred: signals.walletChanged, mintIdempotencyKey: transferKeyMinter(newKey) },
      }),
      records: { deposits: records(actors.deposits), withdrawals: records(actors.withdrawals), transfers: records(actors.transfers), ledger: records(actors.ledger) },
      operatorWithdrawals: operatorWithdrawalsMachine.provide({
        actors: { fetchQueue: operatorActors.fetchQueue, approveWithdrawal: operatorActors.approveWithdrawal, failWithdrawal: operatorActors.failWithdrawal },
        actions: { showToast },
      }),
      simulateDeposit: simulateDepositMachine.provide({ actors: { sendDeposit: operatorActors.sendDeposit }, actions: { showToast } }),
      refreshWallet: signals.walletChanged,
    };
  },
});
