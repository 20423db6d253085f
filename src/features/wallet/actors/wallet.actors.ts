import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { UserStreamEvent } from '../../../app/actors/userStream.actor';
import {
  WALLET_PATHS,
  type BalanceRow,
  type DepositAddress,
  type DepositRecord,
  type HeldDeposit,
  type HeldDepositResolution,
  type LedgerRecord,
  type Page,
  type RecordQuery,
  type TransferRecord,
  type WalletAccount,
  type WalletBalance,
  type WalletNetwork,
  type WalletOverview,
  type WithdrawalRecord,
  type WithdrawQuota,
} from '../../../../domain/wallet';
import type { QueuedWithdrawal, QueueFilter } from '../machines/operatorWithdrawals/operatorWithdrawals.machine';
import type { SimulatedDeposit } from '../machines/operatorWithdrawals/simulateDeposit.machine';
import type { HeldFilter } from '../machines/operatorHeldDeposits/operatorHeldDeposits.machine';
import type { SubmitTransferInput } from '../machines/transfer/transfer.machine';
import type { WalletSnapshot } from '../machines/walletBalances/walletBalances.machine';
import type { RecordRow, WalletRecordsFilter } from '../machines/walletRecords/walletRecords.machine';
import { pageLoader } from '../../../app/machines/pagedList/pagedList.machine';
import type { SubmitWithdrawalInput } from '../machines/withdrawal/withdrawal.machine';
import type { ApiClient } from '../../../services/api';

/** A record list call as the shared paged list's `loadPage` (the filter's days and currency, the page). */
const pageOf = <T extends RecordRow>(api: ApiClient, path: string, extra: object = {}) =>
  pageLoader<WalletRecordsFilter, T>(({ filter, page, size }, signal) => api.post<Page<T>>(path, { ...filter, page, size, ...extra } satisfies RecordQuery, signal));

/** The user's wallet calls (docs/API.md "Wallet"), over the user's API client. */
export function createWalletActors(api: ApiClient) {
  const balances = (account: WalletAccount, signal: AbortSignal) => api.post<WalletBalance[]>(WALLET_PATHS.balances, { account }, signal);
  const networks = fromPromise<WalletNetwork[], { currency: string }>(({ input, signal }) => api.post(WALLET_PATHS.networks, input, signal));
  return {
    fetchWallet: fromPromise<WalletSnapshot, { account: WalletAccount | undefined }>(async ({ input, signal }) => {
      const [overview, rows] = await Promise.all([
        api.post<WalletOverview>(WALLET_PATHS.overview, {}, signal),
        input.account ? balances(input.account, signal) : Promise.resolve([]),
      ]);
      return { overview, balances: rows };
    }),
    fetchNetworks: networks,
    fetchAddress: fromPromise<DepositAddress, { currency: string; network: string }>(({ input, signal }) => api.post(WALLET_PATHS.depositAddress, input, signal)),
    fetchQuota: fromPromise<WithdrawQuota, { currency: string }>(({ input, signal }) => api.post(WALLET_PATHS.withdrawQuota, input, signal)),
    submitWithdrawal: fromPromise<WithdrawalRecord, SubmitWithdrawalInput>(({ input, signal }) => api.post(WALLET_PATHS.withdraw, input.request, signal, undefined, input.idempotencyKey)),
    checkFundsPassword: fromPromise<unknown, { password: string }>(({ input, signal }) => api.post(WALLET_PATHS.checkFundsPassword, { funds_password: input.password }, signal)),
    cancelWithdrawal: fromPromise<unknown, { id: number }>(({ input, signal }) => api.post(WALLET_PATHS.cancelWithdrawal, input, signal)),
    /** The transfer form's "available": the source account's row of that currency, 0 when it has none. */
    fetchAvailable: fromPromise<string, { currency: string; account: WalletAccount }>(async ({ input, signal }) => {
      const rows = await balances(input.account, signal);
      return rows.find((r) => r.currency === input.currency)?.available ?? '0';
    }),
    submitTransfer: fromPromise<TransferRecord, SubmitTransferInput>(({ input, signal }) => api.post(WALLET_PATHS.transfer, input.request, signal, undefined, input.idempotencyKey)),
    deposits: pageOf<DepositRecord>(api, WALLET_PATHS.deposits),
    withdrawals: pageOf<WithdrawalRecord>(api, WALLET_PATHS.withdrawals),
    transfers: pageOf<TransferRecord>(api, WALLET_PATHS.transfers),
    ledger: pageOf<LedgerRecord>(api, WALLET_PATHS.ledger),
  };
}

/** The operator's wallet calls, over the operator's own API client. */
export function createOperatorWalletActors(api: ApiClient) {
  return {
    /** A page of the queue (the shared paged list's `loadPage`). */
    fetchQueue: pageLoader<QueueFilter, QueuedWithdrawal>(({ filter, page, size }, signal) => api.post<Page<QueuedWithdrawal>>(WALLET_PATHS.operatorWithdrawals, { status: filter.status, page, size }, signal)),
    approveWithdrawal: fromPromise<unknown, { id: number; code?: string }>(({ input, signal }) => api.post(WALLET_PATHS.operatorApproveWithdrawal, input, signal)),
    failWithdrawal: fromPromise<unknown, { id: number; reason: string }>(({ input, signal }) => api.post(WALLET_PATHS.operatorFailWithdrawal, input, signal)),
    sendDeposit: fromPromise<unknown, SimulatedDeposit>(({ input, signal }) => api.post(WALLET_PATHS.simulateDeposit, input, signal)),
    /** A page of held deposits (the held deposits desk's paged list), and their credit or return with the operator's 2FA code. */
    fetchHeld: pageLoader<HeldFilter, HeldDeposit>(({ page, size }, signal) => api.post<Page<HeldDeposit>>(WALLET_PATHS.operatorHeldDeposits, { page, size }, signal)),
    creditHeldDeposit: fromPromise<HeldDepositResolution, { id: number; code?: string }>(({ input, signal }) => api.post(WALLET_PATHS.operatorCreditHeldDeposit, input, signal)),
    returnHeldDeposit: fromPromise<HeldDepositResolution, { id: number; address: string; code?: string }>(({ input, signal }) => api.post(WALLET_PATHS.operatorReturnHeldDeposit, input, signal)),
  };
}

export type WalletSignal = { type: 'wallet.changed' } | { type: 'balance.changed'; rows: BalanceRow[] } | { type: 'records.pushed' };

/**
 * The wallet's in-page signals: each balances or records actor on screen invokes `actor`, and
 * hears what is published while it lives (its subscription ends with it). The composition root
 * publishes `wallet.changed` after the user's own withdrawal, transfer or cancel; the private user
 * channel publishes `balance.changed` with the pushed rows (`publishBalances`) and `records.pushed`
 * when a deposit or withdrawal of the user has a new status (`publishRecords`: the operator approved
 * it, the chain confirmed it).
 */
export function createWalletSignals() {
  const listeners = new Set<(signal: WalletSignal) => void>();
  const publish = (signal: WalletSignal) => listeners.forEach((listener) => listener(signal));
  return {
    publish,
    walletChanged: () => publish({ type: 'wallet.changed' }),
    publishBalances: (rows: BalanceRow[]) => publish({ type: 'balance.changed', rows }),
    /** From the private channel: a `wallet` message (a deposit's or withdrawal's new status). */
    publishRecords: (event: UserStreamEvent) => {
      // After a reconnect a push may have been missed: the lists read themselves again too.
      if ((event.type === 'stream.product' && event.kind === 'wallet') || event.type === 'stream.resync') publish({ type: 'records.pushed' });
    },
    actor: fromCallback<EventObject>(({ sendBack }) => {
      const listener = (signal: WalletSignal) => sendBack(signal);
      listeners.add(listener);
      return () => void listeners.delete(listener);
    }),
  };
}
export type WalletSignals = ReturnType<typeof createWalletSignals>;
