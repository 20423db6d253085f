import { fromPromise } from 'xstate';
import { defineFeature } from '../../app/feature';
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
import { CurrencyLogPage } from './views/CurrencyLogPage';
import { DepositPage } from './views/DepositPage';
import { LedgerPage } from './views/LedgerPage';
import { TransferLogPage } from './views/TransferLogPage';
import { TransferPage } from './views/TransferPage';
import { WalletAccountPage } from './views/WalletAccountPage';
import { WalletOverviewPage } from './views/WalletOverviewPage';
import { WithdrawalPage } from './views/WithdrawalPage';
import { WithdrawalQueue } from './views/operator/WithdrawalQueue';
import { WithdrawalTestDeposit } from './views/operator/WithdrawalTestDeposit';

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
      { index: true, element: <WalletOverviewPage /> },
      { path: 'spot', element: <WalletAccountPage account="spot" key="spot" /> },
      { path: 'contract', element: <WalletAccountPage account="contract" key="contract" /> },
      { path: 'secContract', element: <WalletAccountPage account="sec_contract" key="sec_contract" /> },
      { path: 'legalSymbol', element: <WalletAccountPage account="legal" key="legal" /> },
      { path: 'subscribe', element: <WalletAccountPage account="ico" key="ico" /> },
      { path: 'log-currency', element: <CurrencyLogPage /> },
      { path: 'wallet-log', element: <LedgerPage /> },
      { path: 'log-transfer', element: <TransferLogPage /> },
      { path: 'recharge/:currency?', element: <DepositPage /> },
      { path: 'cash/:currency?', element: <WithdrawalPage /> },
      { path: 'transfer', element: <TransferPage /> },
    ],
  },
  desks: [
    {
      id: 'withdrawals',
      label: 'wallet.ops.withdrawalDesk',
      element: (
        <>
          <WithdrawalQueue />
          <WithdrawalTestDeposit />
        </>
      ),
    },
  ],
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
