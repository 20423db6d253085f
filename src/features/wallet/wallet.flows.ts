import type { Services } from '../../app/services';
import { statementExport } from '../../app/actors/statementExport';
import { STATEMENT_PATHS } from '../../../domain/statements';
import { pagedListMachine } from '../../app/machines/pagedList/pagedList.machine';
import { confirmActing } from '../../app/machines/confirmAct/confirmAct.machine';
import { fromPromise } from 'xstate';
import { copyText } from '../../services/clipboard';
import { createAddressesReader } from '../../kit/addressBook/addressBook.actors';
import { createStepUpReader } from '../../kit/operatorStepUp/stepUp';
import { createOperatorWalletActors, createWalletActors, createWalletSignals } from './actors/wallet.actors';
import { depositMachine } from './machines/deposit/deposit.machine';
import { operatorWithdrawalsMachine } from './machines/operatorWithdrawals/operatorWithdrawals.machine';
import { operatorHeldDepositsMachine } from './machines/operatorHeldDeposits/operatorHeldDeposits.machine';
import { createOperatorCorrectionsActors } from './actors/operatorCorrections.actors';
import { operatorCorrectionsMachine, type CorrectionsDeskInput } from './machines/operatorCorrections/operatorCorrections.machine';
import { rolesGrant } from '../../../domain/operators';
import { createOperatorStorage } from '../../services/operatorStorage';
import { simulateDepositMachine } from './machines/operatorWithdrawals/simulateDeposit.machine';
import { transferKeyMinter, transferMachine } from './machines/transfer/transfer.machine';
import { walletBalancesMachine } from './machines/walletBalances/walletBalances.machine';
import { walletRecordsMachine } from './machines/walletRecords/walletRecords.machine';
import { withdrawalKeyMinter, withdrawalMachine } from './machines/withdrawal/withdrawal.machine';
import { useWalletBalances } from './wallet.hooks';

/** The wallet: its machines with their effects, supplied from the shared services (loaded with its pages; see defineFeature's `load`). */
export const provide = ({ api, operatorApi, userStream, showToast, newKey, store }: Services) => {
  const actors = createWalletActors(api);
  const operatorActors = createOperatorWalletActors(operatorApi);
  const corrections = createOperatorCorrectionsActors(operatorApi);
  const signals = createWalletSignals();
  userStream.onBalances(signals.publishBalances);
  userStream.listen(signals.publishRecords);
  const records = (loadPage: (typeof actors)['deposits']) =>
    walletRecordsMachine.provide({
      actors: { list: pagedListMachine.provide({ actors: { loadPage }, actions: { showToast } }), actOnRow: confirmActing(actors.cancelWithdrawal, showToast), walletSignals: signals.actor },
      actions: { showToast, rowActed: signals.walletChanged },
    });
  return {
    balances: walletBalancesMachine.provide({ actors: { fetchWallet: actors.fetchWallet, walletSignals: signals.actor }, actions: { showToast } }),
    deposit: depositMachine.provide({
      actors: { fetchNetworks: actors.fetchNetworks, fetchAddress: actors.fetchAddress, copyText: fromPromise<boolean, { text: string }>(({ input }) => copyText(input.text)) },
      actions: { showToast },
    }),
    withdrawal: withdrawalMachine.provide({
      actors: { fetchNetworks: actors.fetchNetworks, fetchQuota: actors.fetchQuota, fetchAddresses: createAddressesReader(api), submitWithdrawal: actors.submitWithdrawal, checkFundsPassword: actors.checkFundsPassword },
      actions: { showToast, withdrawn: signals.walletChanged, mintIdempotencyKey: withdrawalKeyMinter(newKey) },
    }),
    transfer: transferMachine.provide({
      actors: { fetchAvailable: actors.fetchAvailable, submitTransfer: actors.submitTransfer },
      actions: { showToast, transferred: signals.walletChanged, mintIdempotencyKey: transferKeyMinter(newKey) },
    }),
    records: { deposits: records(actors.deposits), withdrawals: records(actors.withdrawals), transfers: records(actors.transfers), ledger: records(actors.ledger) },
    // Every ledger entry of a period as a CSV file (docs/API.md "Statements"), from /wallet/wallet-log.
    ledgerStatement: statementExport(STATEMENT_PATHS.ledger, { api, showToast }),
    operatorWithdrawals: operatorWithdrawalsMachine.provide({
      actors: {
        list: pagedListMachine.provide({ actors: { loadPage: operatorActors.fetchQueue }, actions: { showToast } }),
        approveWithdrawal: operatorActors.approveWithdrawal,
        readStepUp: createStepUpReader(operatorApi),
        failWithdrawal: operatorActors.failWithdrawal,
      },
      actions: { showToast },
    }),
    operatorHeldDeposits: operatorHeldDepositsMachine.provide({
      actors: {
        list: pagedListMachine.provide({ actors: { loadPage: operatorActors.fetchHeld }, actions: { showToast } }),
        creditHeldDeposit: operatorActors.creditHeldDeposit,
        returnHeldDeposit: operatorActors.returnHeldDeposit,
        readStepUp: createStepUpReader(operatorApi),
      },
      actions: { showToast },
    }),
    simulateDeposit: simulateDepositMachine.provide({ actors: { sendDeposit: operatorActors.sendDeposit }, actions: { showToast } }),
    /**
     * The corrections desk's input: the signed-in operator's id and whether their roles (as the
     * operator session stored them at sign-in) grant proposing and deciding. A session stored
     * before roles were sent is offered both; the server checks each call whatever the console shows.
     */
    operatorCorrectionsInput: (): CorrectionsDeskInput => {
      const operator = createOperatorStorage(store).read().operator as { id?: unknown; roles?: unknown } | undefined;
      const roles = Array.isArray(operator?.roles) ? operator.roles.filter((r): r is string => typeof r === 'string') : undefined;
      return {
        self: typeof operator?.id === 'number' ? operator.id : undefined,
        mayPropose: roles === undefined || rolesGrant(roles, 'corrections.propose'),
        mayDecide: roles === undefined || rolesGrant(roles, 'corrections.approve'),
      };
    },
    operatorCorrections: operatorCorrectionsMachine.provide({
      actors: {
        list: pagedListMachine.provide({ actors: { loadPage: corrections.fetchCorrections }, actions: { showToast } }),
        proposeCorrection: corrections.proposeCorrection,
        approveCorrection: corrections.approveCorrection,
        rejectCorrection: corrections.rejectCorrection,
      },
      actions: { showToast },
    }),
    refreshWallet: signals.walletChanged,
    // The kit's wallet-accounts slot (kit/wallet/walletAccounts.context.ts): the account page reads one account's balances through it.
    useAccountBalances: useWalletBalances,
  };
};
