import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { WalletContext } from './wallet.context';
import type { RecordDays, WalletAccount, WithdrawalStatus } from '../../../domain/wallet';
import { isZero } from '../../../domain/walletAmounts';
import type { depositMachine } from './machines/deposit/deposit.machine';
import type { operatorWithdrawalsMachine, QueueFilter, QueuedWithdrawal } from './machines/operatorWithdrawals/operatorWithdrawals.machine';
import type { SimulatedDeposit, simulateDepositMachine } from './machines/operatorWithdrawals/simulateDeposit.machine';
import type { transferMachine } from './machines/transfer/transfer.machine';
import type { walletBalancesMachine } from './machines/walletBalances/walletBalances.machine';
import type { WalletRecordsFilter, WalletRecordsInput, walletRecordsMachine } from './machines/walletRecords/walletRecords.machine';
import { useListChild, usePagedListOf } from '../../app/views/usePagedList';
import { limitsOf, type WithdrawForm, type withdrawalMachine } from './machines/withdrawal/withdrawal.machine';
import { useAppFlow } from '../../app/views/hooks';

export type RecordKind = 'deposits' | 'withdrawals' | 'transfers' | 'ledger';

/**
 * The wallet's flows (spec §2 /wallet), supplied with their effects in wallet/feature.tsx. Each
 * page starts its own actor; balances and record lists hear wallet-wide signals (own withdrawals
 * and transfers, pushed balance rows) through the `walletSignals` actor the feature supplies, so
 * `refreshWallet` (after any change made elsewhere) reaches whatever is on screen.
 */
export interface WalletFlows {
  balances: typeof walletBalancesMachine;
  deposit: typeof depositMachine;
  withdrawal: typeof withdrawalMachine;
  transfer: typeof transferMachine;
  records: Record<RecordKind, typeof walletRecordsMachine>;
  operatorWithdrawals: typeof operatorWithdrawalsMachine;
  simulateDeposit: typeof simulateDepositMachine;
  /** Tells every wallet actor on screen to read again. */
  refreshWallet: () => void;
}

const useWallet = WalletContext.use;

/** Reads the whole wallet again (e.g. after a trade elsewhere); pushed rows arrive by themselves. */
export function useRefreshWallet() {
  return useWallet().refreshWallet;
}

/** /wallet and /wallet/{account}: the overview, and the account's balances. */
export function useWalletBalances(account?: WalletAccount) {
  const actor = useActorRef(useWallet().balances, { input: { account } });
  const balances = useSelector(actor, (s) => s.context.balances);
  const hideZero = useSelector(actor, (s) => s.context.hideZero);
  const state = {
    overview: useSelector(actor, (s) => s.context.overview),
    loading: useSelector(actor, (s) => s.matches('loading')),
    failed: useSelector(actor, (s) => s.matches('failed')),
    hideZero,
    rows: useMemo(() => (hideZero ? balances.filter((b) => !(isZero(b.available) && isZero(b.frozen))) : balances), [balances, hideZero]),
  };
  const send = useMemo(
    () => ({
      refresh: () => actor.send({ type: 'balances.refresh' }),
      setHideZero: (hide: boolean) => actor.send({ type: 'balances.hideZero', hide }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

/** /wallet/recharge/{currency?}. */
export function useDepositFlow(currency: string | undefined) {
  const { currencies } = useAppFlow();
  const actor = useActorRef(useWallet().deposit, { input: { currency, currencies } });
  const state = {
    currency: useSelector(actor, (s) => s.context.currency),
    networks: useSelector(actor, (s) => s.context.networks),
    network: useSelector(actor, (s) => s.context.network),
    address: useSelector(actor, (s) => s.context.address),
    choosing: useSelector(actor, (s) => s.matches('choosing')),
    closed: useSelector(actor, (s) => s.matches('closed')),
    loading: useSelector(actor, (s) => s.matches('loadingNetworks') || s.matches('loadingAddress')),
    failed: useSelector(actor, (s) => s.matches('networksFailed') || s.matches('addressFailed')),
    ready: useSelector(actor, (s) => s.matches('ready')),
    copying: useSelector(actor, (s) => s.matches({ ready: 'copying' })),
  };
  const send = useMemo(
    () => ({
      chooseCurrency: (symbol: string) => actor.send({ type: 'deposit.currency', currency: symbol }),
      chooseNetwork: (network: string) => actor.send({ type: 'deposit.network', network }),
      copy: () => actor.send({ type: 'deposit.copy' }),
      retry: () => actor.send({ type: 'deposit.retry' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

/** /wallet/cash/{currency?}. */
export function useWithdrawalFlow(currency: string | undefined) {
  const { currencies } = useAppFlow();
  const actor = useActorRef(useWallet().withdrawal, { input: { currency, currencies } });
  const networks = useSelector(actor, (s) => s.context.networks);
  const network = useSelector(actor, (s) => s.context.network);
  const quota = useSelector(actor, (s) => s.context.quota);
  const state = {
    currency: useSelector(actor, (s) => s.context.currency),
    networks,
    network,
    quota,
    limits: useMemo(() => limitsOf({ networks, network, quota }), [networks, network, quota]),
    book: useSelector(actor, (s) => s.context.book),
    form: useSelector(actor, (s) => s.context.form),
    choosing: useSelector(actor, (s) => s.matches('choosing')),
    closed: useSelector(actor, (s) => s.matches('closed')),
    loading: useSelector(actor, (s) => s.matches('loading')),
    loadFailed: useSelector(actor, (s) => s.matches('loadFailed')),
    editing: useSelector(actor, (s) => ['editing', 'securityCheck', 'confirming', 'submitting'].some((v) => s.matches(v as never))),
    securityCheck: useSelector(actor, (s) => s.matches('securityCheck')),
    checkingPassword: useSelector(actor, (s) => s.matches({ securityCheck: 'verifying' })),
    confirming: useSelector(actor, (s) => s.matches('confirming')),
    submitting: useSelector(actor, (s) => s.matches('submitting')),
    done: useSelector(actor, (s) => s.matches('done')),
    refusal: useSelector(actor, (s) => s.context.refusal),
  };
  const send = useMemo(
    () => ({
      chooseCurrency: (symbol: string) => actor.send({ type: 'withdraw.currency', currency: symbol }),
      chooseNetwork: (name: string) => actor.send({ type: 'withdraw.network', network: name }),
      submit: (form: WithdrawForm) => actor.send({ type: 'withdraw.submit', form }),
      enterPassword: (password: string, totpCode?: string) => actor.send({ type: 'withdraw.password', password, ...(totpCode ? { totpCode } : {}) }),
      confirm: () => actor.send({ type: 'withdraw.confirm' }),
      back: () => actor.send({ type: 'withdraw.back' }),
      retry: () => actor.send({ type: 'withdraw.retry' }),
      again: () => actor.send({ type: 'withdraw.again' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

/** /wallet/transfer. */
export function useTransferFlow(initial: { currency?: string; from?: WalletAccount }) {
  const { currencies } = useAppFlow();
  const actor = useActorRef(useWallet().transfer, { input: { currencies: currencies.map((c) => c.symbol), currency: initial.currency, from: initial.from } });
  const state = {
    currency: useSelector(actor, (s) => s.context.currency),
    from: useSelector(actor, (s) => s.context.from),
    to: useSelector(actor, (s) => s.context.to),
    available: useSelector(actor, (s) => s.context.available),
    completed: useSelector(actor, (s) => s.context.completed),
    loadingAvailable: useSelector(actor, (s) => s.matches({ form: 'loadingAvailable' })),
    availableFailed: useSelector(actor, (s) => s.matches({ form: 'availableFailed' })),
    submitting: useSelector(actor, (s) => s.matches('submitting') || s.matches('preparing')),
    /** The anti-double-submit window after a transfer: the button is pending, then re-enabled. */
    cooling: useSelector(actor, (s) => s.context.cooling),
  };
  const send = useMemo(
    () => ({
      chooseCurrency: (symbol: string) => actor.send({ type: 'transfer.currency', currency: symbol }),
      chooseFrom: (account: WalletAccount) => actor.send({ type: 'transfer.from', account }),
      chooseTo: (account: WalletAccount) => actor.send({ type: 'transfer.to', account }),
      swap: () => actor.send({ type: 'transfer.swap' }),
      submit: (quantity: string) => actor.send({ type: 'transfer.submit', quantity }),
      retry: () => actor.send({ type: 'transfer.retry' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

/** One paged record list with the 3/7/30-day presets. */
export function useWalletRecords<Row>(kind: RecordKind, input: WalletRecordsInput = {}) {
  const actor = useActorRef(useWallet().records[kind], { input });
  // The rows: the machine's `list` child, the shared paged list.
  const list = usePagedListOf(useListChild<WalletRecordsFilter, Row>(actor));
  const { rows, total, page, loading, failed } = list;
  const state = {
    rows, total, page, loading, failed, days: list.filter.days,
    confirming: useSelector(actor, (s) => s.matches('confirming')),
    acting: useSelector(actor, (s) => s.matches('acting')),
  };
  const send = useMemo(
    () => ({
      setDays: (days: RecordDays) => list.setFilter({ days }),
      setPage: list.setPage,
      reload: list.reload,
      act: (id: number) => actor.send({ type: 'records.act', id }),
      confirm: () => actor.send({ type: 'records.confirm' }),
      cancel: () => actor.send({ type: 'records.cancel' }),
    }),
    [actor, list.setFilter, list.setPage, list.reload],
  );
  return { ...state, ...send };
}

/** /operator: the withdrawal queue. */
export function useOperatorWithdrawals() {
  const actor = useActorRef(useWallet().operatorWithdrawals);
  // The queue: the machine's `list` child, the shared paged list.
  const queue = usePagedListOf(useListChild<QueueFilter, QueuedWithdrawal>(actor));
  const target = useSelector(actor, (s) => s.context.target);
  const { rows, total, page, loading, failed } = queue;
  const state = {
    list: rows, total, page, loading, failed, status: queue.filter.status,
    confirmingApprove: useSelector(actor, (s) => s.matches('confirmingApprove')),
    confirmingFail: useSelector(actor, (s) => s.matches('confirmingFail')),
    deciding: useSelector(actor, (s) => s.matches('approving') || s.matches('failing')),
    target: rows.find((w) => w.id === target),
  };
  const send = useMemo(
    () => ({
      setStatus: (status: WithdrawalStatus | undefined) => queue.setFilter({ status }),
      setPage: queue.setPage,
      reload: queue.reload,
      approve: (id: number) => actor.send({ type: 'queue.approve', id }),
      fail: (id: number) => actor.send({ type: 'queue.fail', id }),
      confirm: (reason?: string) => actor.send({ type: 'queue.confirm', reason }),
      cancel: () => actor.send({ type: 'queue.cancel' }),
    }),
    [actor, queue.setFilter, queue.setPage, queue.reload],
  );
  return { ...state, ...send };
}

/** /operator: the simulated chain's "send test deposit". */
export function useSimulateDeposit() {
  const actor = useActorRef(useWallet().simulateDeposit);
  const state = {
    sending: useSelector(actor, (s) => s.matches('sending')),
    sent: useSelector(actor, (s) => s.context.sent),
  };
  const send = useMemo(() => ({ send: (deposit: SimulatedDeposit) => actor.send({ type: 'chain.send', deposit }) }), [actor]);
  return { ...state, ...send };
}
