import type { AccountBalances, WalletAccounts } from '../../kit/wallet/walletAccounts.context';
import { useActorRef } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { WalletContext } from './wallet.context';
import type { DepositHeldReason, HeldDeposit, RecordDays, WalletAccount, WalletNetwork, WithdrawalStatus } from '../../../domain/wallet';
import { isZero } from '../../../domain/walletAmounts';
import type { depositMachine } from './machines/deposit/deposit.machine';
import type { operatorWithdrawalsMachine, QueueFilter, QueuedWithdrawal } from './machines/operatorWithdrawals/operatorWithdrawals.machine';
import type { HeldFilter, operatorHeldDepositsMachine } from './machines/operatorHeldDeposits/operatorHeldDeposits.machine';
import type { SimulatedDeposit, simulateDepositMachine } from './machines/operatorWithdrawals/simulateDeposit.machine';
import type { CorrectionsDeskInput, CorrectionsExtra, CorrectionsFilter, operatorCorrectionsMachine } from './machines/operatorCorrections/operatorCorrections.machine';
import type { CorrectionProposal, CorrectionState, CorrectionView } from '../../../domain/corrections';
import type { transferMachine } from './machines/transfer/transfer.machine';
import type { walletBalancesMachine } from './machines/walletBalances/walletBalances.machine';
import type { WalletRecordsFilter, WalletRecordsInput, walletRecordsMachine } from './machines/walletRecords/walletRecords.machine';
import { useListChild, usePagedListOf } from '../../app/views/usePagedList';
import { limitsOf, type WithdrawForm, type withdrawalMachine } from './machines/withdrawal/withdrawal.machine';
import { useAppFlow } from '../../app/views/hooks';
import { useWalletAccounts } from '../../app/walletAccountList';
import { useActorFlow, signals } from '../../app/views/actorFlow';
import { withdrawalsHeldUntil } from './machines/withdrawal/withdrawalHold';
import type { statementExportMachine } from '../../app/machines/statementExport/statementExport.machine';
import { useStatementExport } from '../../app/views/useStatementExport';

export type RecordKind = 'deposits' | 'withdrawals' | 'transfers' | 'ledger';

/**
 * The wallet's flows (spec §2 /wallet), supplied with their effects in wallet/feature.tsx. Each
 * page starts its own actor; balances and record lists hear wallet-wide signals (own withdrawals
 * and transfers, pushed balance rows) through the `walletSignals` actor the feature supplies, so
 * `refreshWallet` (after any change made elsewhere) reaches whatever is on screen.
 */
export interface WalletFlows extends WalletAccounts {
  balances: typeof walletBalancesMachine;
  deposit: typeof depositMachine;
  withdrawal: typeof withdrawalMachine;
  transfer: typeof transferMachine;
  records: Record<RecordKind, typeof walletRecordsMachine>;
  ledgerStatement: typeof statementExportMachine;
  operatorWithdrawals: typeof operatorWithdrawalsMachine;
  simulateDeposit: typeof simulateDepositMachine;
  operatorHeldDeposits: typeof operatorHeldDepositsMachine;
  operatorCorrections: typeof operatorCorrectionsMachine;
  /** The corrections desk's input: who is at it and what their roles grant (wallet.flows.ts). */
  operatorCorrectionsInput: () => CorrectionsDeskInput;
  /** Tells every wallet actor on screen to read again. */
  refreshWallet: () => void;
}

const useWallet = WalletContext.use;

/** /wallet/wallet-log's statement: every ledger entry of a period as a CSV file. */
export const useLedgerStatement = () => useStatementExport(useWallet().ledgerStatement);

/** Reads the whole wallet again (e.g. after a trade elsewhere); pushed rows arrive by themselves. */
export function useRefreshWallet() {
  return useWallet().refreshWallet;
}

/** /wallet and /wallet/{account}: the overview, and the account's balances. */
export function useWalletBalances(account?: WalletAccount): AccountBalances {
  const { balances, ...flow } = useActorFlow(
    useActorRef(useWallet().balances, { input: { account } }),
    {
      balances: (s) => s.context.balances,
      overview: (s) => s.context.overview,
      loading: (s) => s.matches('loading'),
      failed: (s) => s.matches('failed'),
      hideZero: (s) => s.context.hideZero,
    },
    {
      refresh: () => ({ type: 'balances.refresh' }),
      setHideZero: (hide: boolean) => ({ type: 'balances.hideZero', hide }),
    },
  );
  const { hideZero } = flow;
  const rows = useMemo(() => (hideZero ? balances.filter((b) => !(isZero(b.available) && isZero(b.frozen))) : balances), [balances, hideZero]);
  return { ...flow, rows };
}

type CurrencyPageSnapshot = { context: { currency: string | undefined; networks: WalletNetwork[]; network: string | undefined }; matches(state: 'choosing' | 'closed'): boolean };

/** What the deposit and withdrawal pages both read: the currency and its networks, and whether a currency is still to be chosen or closed. */
const currencyPageReads = {
  currency: (s: CurrencyPageSnapshot) => s.context.currency,
  networks: (s: CurrencyPageSnapshot) => s.context.networks,
  network: (s: CurrencyPageSnapshot) => s.context.network,
  choosing: (s: CurrencyPageSnapshot) => s.matches('choosing'),
  closed: (s: CurrencyPageSnapshot) => s.matches('closed'),
};

/** /wallet/recharge/{currency?}. */
export function useDepositFlow(currency: string | undefined) {
  const { currencies } = useAppFlow();
  return useActorFlow(
    useActorRef(useWallet().deposit, { input: { currency, currencies } }),
    {
      ...currencyPageReads,
      address: (s) => s.context.address,
      loading: (s) => s.matches('loadingNetworks') || s.matches('loadingAddress'),
      failed: (s) => s.matches('networksFailed') || s.matches('addressFailed'),
      ready: (s) => s.matches('ready'),
      copying: (s) => s.matches({ ready: 'copying' }),
    },
    {
      chooseCurrency: (symbol: string) => ({ type: 'deposit.currency', currency: symbol }),
      chooseNetwork: (network: string) => ({ type: 'deposit.network', network }),
      ...signals('deposit', ['copy', 'retry']),
    },
  );
}

/** /wallet/cash/{currency?}. */
export function useWithdrawalFlow(currency: string | undefined) {
  const { currencies } = useAppFlow();
  const flow = useActorFlow(
    useActorRef(useWallet().withdrawal, { input: { currency, currencies } }),
    {
      ...currencyPageReads,
      quota: (s) => s.context.quota,
      heldUntil: (s) => withdrawalsHeldUntil(s.context.quota),
      book: (s) => s.context.book,
      form: (s) => s.context.form,
      loading: (s) => s.matches('loading'),
      loadFailed: (s) => s.matches('loadFailed'),
      editing: (s) => s.matches('editing') || s.matches('securityCheck') || s.matches('confirming') || s.matches('submitting'),
      securityCheck: (s) => s.matches('securityCheck'),
      checkingPassword: (s) => s.matches({ securityCheck: 'verifying' }),
      confirming: (s) => s.matches('confirming'),
      submitting: (s) => s.matches('submitting'),
      done: (s) => s.matches('done'),
      refusal: (s) => s.context.refusal,
      passwordRefusal: (s) => s.context.passwordRefusal,
    },
    {
      chooseCurrency: (symbol: string) => ({ type: 'withdraw.currency', currency: symbol }),
      chooseNetwork: (name: string) => ({ type: 'withdraw.network', network: name }),
      submit: (form: WithdrawForm) => ({ type: 'withdraw.submit', form }),
      enterPassword: (password: string, totpCode?: string) => ({ type: 'withdraw.password', password, ...(totpCode ? { totpCode } : {}) }),
      ...signals('withdraw', ['confirm', 'back', 'retry', 'again']),
    },
  );
  const { networks, network, quota, book, currency: chosen } = flow;
  const limits = useMemo(() => limitsOf({ networks, network, quota, book, currency: chosen }, Date.now()), [networks, network, quota, book, chosen]);
  return { ...flow, limits };
}

/** /wallet/transfer. */
export function useTransferFlow(initial: { currency?: string; from?: WalletAccount; to?: WalletAccount }) {
  const { currencies } = useAppFlow();
  const accounts = useWalletAccounts().map((a) => a.account);
  return useActorFlow(
    useActorRef(useWallet().transfer, { input: { currencies: currencies.map((c) => c.symbol), accounts, currency: initial.currency, from: initial.from, to: initial.to } }),
    {
      currency: (s) => s.context.currency,
      from: (s) => s.context.from,
      to: (s) => s.context.to,
      available: (s) => s.context.available,
      completed: (s) => s.context.completed,
      loadingAvailable: (s) => s.matches({ form: 'loadingAvailable' }),
      availableFailed: (s) => s.matches({ form: 'availableFailed' }),
      submitting: (s) => s.matches('submitting') || s.matches('preparing'),
      /** The anti-double-submit window after a transfer: the button is pending, then re-enabled. */
      cooling: (s) => s.context.cooling,
    },
    {
      chooseCurrency: (symbol: string) => ({ type: 'transfer.currency', currency: symbol }),
      chooseFrom: (account: WalletAccount) => ({ type: 'transfer.from', account }),
      chooseTo: (account: WalletAccount) => ({ type: 'transfer.to', account }),
      ...signals('transfer', ['swap', 'retry']),
      submit: (quantity: string) => ({ type: 'transfer.submit', quantity }),
    },
  );
}

/**
 * One paged record list with the 3/7/30-day presets; `question` is the row action's confirmation
 * (the machine's `actOnRow` child, the shared confirm-then-act) for `ConfirmActDialog`.
 */
export function useWalletRecords<Row>(kind: RecordKind, input: WalletRecordsInput = {}) {
  const actor = useActorRef(useWallet().records[kind], { input });
  // The rows: the machine's `list` child, the shared paged list.
  const { rows, total, page, loading, failed, filter, setFilter, setPage, reload } = usePagedListOf(useListChild<WalletRecordsFilter, Row>(actor));
  const setDays = useCallback((days: RecordDays) => setFilter({ days }), [setFilter]);
  const flow = useActorFlow(actor, { question: (s) => s.children.actOnRow }, { act: (id: number) => ({ type: 'records.act', id }) });
  return { rows, total, page, loading, failed, days: filter.days, setDays, setPage, reload, ...flow };
}

/**
 * /operator: the withdrawal queue. `approveQuestion` is the approval's confirmation (the shared
 * confirm-then-act child) for `ConfirmActDialog`; a failure is asked with its reason (`confirmingFail`).
 */
export function useOperatorWithdrawals() {
  const actor = useActorRef(useWallet().operatorWithdrawals);
  // The queue: the machine's `list` child, the shared paged list.
  const { rows, total, page, loading, failed, filter, setFilter, setPage, reload } = usePagedListOf(useListChild<QueueFilter, QueuedWithdrawal>(actor));
  const setStatus = useCallback((status: WithdrawalStatus | undefined) => setFilter({ status }), [setFilter]);
  const { target, ...flow } = useActorFlow(
    actor,
    {
      confirmingApprove: (s) => s.matches('confirmingApprove') || s.matches('approving'),
      // The dialog stays while the failure is sent, so a refusal is said under the reason still typed.
      confirmingFail: (s) => s.matches('confirmingFail') || s.matches('failing'),
      deciding: (s) => s.matches('failing') || s.matches('approving'),
      refusal: (s) => s.context.refusal,
      /** While the session is stepped up the approval's code field is optional (until then). */
      stepUpUntil: (s) => s.context.stepUpUntil,
      target: (s) => s.context.target,
    },
    {
      approve: (id: number) => ({ type: 'queue.approve', id }),
      fail: (id: number) => ({ type: 'queue.fail', id }),
      confirm: (reason?: string) => ({ type: 'queue.confirm', reason }),
      confirmApprove: (code: string) => ({ type: 'queue.confirm', code }),
      cancel: () => ({ type: 'queue.cancel' }),
    },
  );
  return { list: rows, total, page, loading, failed, status: filter.status, setStatus, setPage, reload, ...flow, target: rows.find((w) => w.id === target) };
}

/**
 * /operator, "Held deposits" (finance): the held deposits (the machine's `list` child), and the
 * credit (2FA code) or return (address and 2FA code) dialog of one, with the server's `refusal` in place
 * and `stepUpUntil`, until when the code may be left empty.
 */
export function useOperatorHeldDeposits() {
  const actor = useActorRef(useWallet().operatorHeldDeposits);
  const { rows, total, page, size, loading, failed, setPage, reload } = usePagedListOf(useListChild<HeldFilter, HeldDeposit>(actor));
  const { target, ...flow } = useActorFlow(
    actor,
    {
      crediting: (s) => s.matches('crediting'),
      returning: (s) => s.matches('returning'),
      sending: (s) => s.matches({ crediting: 'sending' }) || s.matches({ returning: 'sending' }),
      code: (s) => s.context.code,
      address: (s) => s.context.address,
      refusal: (s) => s.context.refusal,
      /** While the session is stepped up the dialog's code field is optional (until then). */
      stepUpUntil: (s) => s.context.stepUpUntil,
      target: (s) => s.context.target,
    },
    {
      credit: (id: number, reason: DepositHeldReason) => ({ type: 'held.credit', id, reason }),
      giveBack: (id: number) => ({ type: 'held.return', id }),
      edit: (field: 'code' | 'address', value: string) => ({ type: 'held.edit', field, value }),
      ...signals('held', ['submit', 'close']),
    },
  );
  return { list: rows, total, page, size, loading, failed, setPage, reload, ...flow, target: rows.find((d) => d.id === target) };
}

/** /operator: the simulated chain's "send test deposit". */
export function useSimulateDeposit() {
  return useActorFlow(
    useActorRef(useWallet().simulateDeposit),
    { sending: (s) => s.matches('sending'), sent: (s) => s.context.sent },
    { send: (deposit: SimulatedDeposit) => ({ type: 'chain.send', deposit }) },
  );
}

/**
 * /operator, "Balance corrections" (finance): the list under its state filter with the corrections
 * account beside it (the machine's `list` child), the proposal form, and the approval (2FA code) and
 * rejection (reason) dialogs of one proposal, each with the server's `refusal` in place.
 */
export function useOperatorCorrections() {
  const flows = useWallet();
  const actor = useActorRef(flows.operatorCorrections, { input: flows.operatorCorrectionsInput() });
  const { rows, total, page, size, loading, failed, filter, extra, setFilter, setPage, reload } = usePagedListOf(useListChild<CorrectionsFilter, CorrectionView, CorrectionsExtra>(actor));
  const setState = useCallback((state: CorrectionState | undefined) => setFilter({ state }), [setFilter]);
  const { target, ...flow } = useActorFlow(
    actor,
    {
      proposing: (s) => s.matches('proposing'),
      approving: (s) => s.matches('approving'),
      rejecting: (s) => s.matches('rejecting'),
      sending: (s) => s.matches({ proposing: 'sending' }) || s.matches({ approving: 'sending' }) || s.matches({ rejecting: 'sending' }),
      refusal: (s) => s.context.refusal,
      proposed: (s) => s.context.proposed,
      target: (s) => s.context.target,
      self: (s) => s.context.self,
      mayPropose: (s) => s.context.mayPropose,
      mayDecide: (s) => s.context.mayDecide,
    },
    {
      ...signals('corrections', ['propose', 'close']),
      submitProposal: (fields: CorrectionProposal) => ({ type: 'corrections.submitProposal', fields }),
      approve: (id: number) => ({ type: 'corrections.approve', id }),
      reject: (id: number) => ({ type: 'corrections.reject', id }),
      submitApproval: (code: string) => ({ type: 'corrections.submitApproval', code }),
      submitRejection: (reason: string) => ({ type: 'corrections.submitRejection', reason }),
    },
  );
  return { list: rows, total, page, size, loading, failed, state: filter.state, account: extra ?? [], setState, setPage, reload, ...flow, target: rows.find((c) => c.id === target) };
}
