/**
 * Wire types of the wallet calls (docs/API.md, "Wallet"), shared by the server and the browser.
 * Amounts are exact decimal strings; times are epoch milliseconds.
 */

import type { WalletAccount } from './walletAccounts';

export { IDEMPOTENCY_HEADER, type WalletAccount } from './walletAccounts';

/** Record filters of spec §9: the last 3, 7 or 30 days. */
export const RECORD_DAYS = [3, 7, 30] as const;
export type RecordDays = (typeof RECORD_DAYS)[number];
export const RECORD_PAGE_SIZE = 10;

/** Every list call answers one page of rows and the total matching the filter. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/** Filter of every record list call. `page` is 1-based. */
export interface RecordQuery {
  days: RecordDays;
  page: number;
  size?: number;
  currency?: string;
}

/** A balance as stored; the private user channel pushes these after every change. */
export interface BalanceRow {
  currency: string;
  account: WalletAccount;
  available: string;
  frozen: string;
}

export interface WalletBalance extends BalanceRow {
  /** Value of available + frozen in USDT, at the pair's last price (the currency list price before any trade). */
  valuation_usdt: string;
}

export interface AccountSummary {
  account: WalletAccount;
  valuation_usdt: string;
}

/** POST /api/wallet/overview. The browser converts USDT to the pricing currency and to BTC. */
export interface WalletOverview {
  accounts: AccountSummary[];
  total_usdt: string;
  /**
   * Today (since 00:00 UTC): equity now − equity at the day's open − net value in from outside since
   * (deposits, withdrawals, P2P releases). Equity counts every account with its frozen funds and the
   * futures positions' margin and unrealised PnL.
   */
  today_pnl_usdt: string;
  /** When the day's opening equity was taken: 00:00 UTC, or later when no server ran then (the P&L is since this time). */
  today_pnl_since_ms: number;
  /** Last BTC_USDT price, for the BTC valuation. */
  btc_usdt: string;
}

/** A currency's network (chain) with its limits; spec §9 says these are displayed. */
export interface WalletNetwork {
  currency: string;
  network: string;
  deposit_min: string;
  withdraw_min: string;
  withdraw_fee: string;
  /** Taken from each deposit on this network: the deposit credits its quantity less this fee (0: free). */
  deposit_fee: string;
  /** Confirmations a deposit needs before it is credited. */
  confirmations: number;
  deposit_enabled: boolean;
  withdraw_enabled: boolean;
  /** The currency's announced delisting (issue 52 §1): deposits are closed, withdrawals open until `delist_at` (epoch ms). Absent when none. */
  delisting?: CurrencyDelistingNotice;
}

/** A currency being delisted, as the wallet pages show it. */
export interface CurrencyDelistingNotice {
  /** Epoch ms: withdrawals close and the currency leaves the lists. */
  delist_at: number;
  reason: string;
}

export interface DepositAddress {
  currency: string;
  network: string;
  address: string;
  deposit_min: string;
  deposit_fee: string;
}

/**
 * Deposit status (spec §4): pending → confirming → success. Held (issue 52 §1): arrived on the chain
 * but not credited — below the network's minimum, or for a delisted currency — kept with its reason,
 * never silently lost. A finance operator resolves it (docs/OPERATOR.md "Held deposits"): credits a
 * below-minimum one (→ success, as a confirmed deposit is credited) or returns it on the chain to an
 * address they type (→ returned, status 5; nothing was ever credited, so no balance moves).
 */
export const DepositStatus = { pending: 1, confirming: 2, success: 3, held: 4, returned: 5 } as const;
export const DEPOSIT_HELD_REASONS = ['below_minimum', 'delisted'] as const;
export type DepositHeldReason = (typeof DEPOSIT_HELD_REASONS)[number];
export type DepositStatus = (typeof DepositStatus)[keyof typeof DepositStatus];

export interface DepositRecord {
  id: number;
  currency: string;
  network: string;
  address: string;
  quantity: string;
  tx_hash: string;
  confirmations: number;
  confirmations_required: number;
  status: DepositStatus;
  /** The network's deposit fee when the chain reported it, taken from the credit ("0" when free, and for a held deposit). */
  fee: string;
  /** Why a held deposit (status 4) was not credited; kept once an operator resolved it (3 or 5); null otherwise. */
  held_reason: DepositHeldReason | null;
  created_at: number;
}

/**
 * Withdrawal status (spec §4): not disbursed → pending confirmation → completed; or release failed
 * (the operator refused it or the chain did; funds returned), or cancelled by the user while still
 * not disbursed (funds returned).
 */
/**
 * Pushed on the private channel after a deposit's or a withdrawal's status changed (the operator
 * approved or refused it, the chain confirmed it, the user cancelled it), so the lists on screen
 * follow without a reload. `notice`: the commit also wrote a notification for the bell.
 */
export interface WalletStreamMessage {
  channel: 'user';
  kind: 'wallet';
  record: 'deposit' | 'withdrawal';
  id: number;
  status: number;
  notice?: boolean;
}

export const WithdrawalStatus = { notDisbursed: 1, pendingConfirmation: 2, completed: 3, failed: 4, cancelled: 5 } as const;
export type WithdrawalStatus = (typeof WithdrawalStatus)[keyof typeof WithdrawalStatus];

export interface WithdrawalRecord {
  id: number;
  currency: string;
  network: string;
  address: string;
  /** What leaves the platform; the fee is taken on top of it. */
  quantity: string;
  fee: string;
  tx_hash: string | null;
  status: WithdrawalStatus;
  /** Reason given by the operator for a failed release. */
  reason: string | null;
  created_at: number;
  updated_at: number;
}

/** POST /api/wallet/withdraw body (sent with an Idempotency-Key header). */
export interface WithdrawRequest {
  currency: string;
  network: string;
  address: string;
  quantity: string;
  funds_password: string;
  /** With 2FA on: the authenticator's code or a recovery code (docs/API.md "Two-factor authentication"). */
  totp_code?: string;
}

/** POST /api/wallet/withdraw_quota: the 24-hour withdrawal limit from KYC status (config name_check), in USDT. */
export interface WithdrawQuota {
  currency: string;
  limit_usdt: string;
  used_usdt: string;
  /** What may still be withdrawn now, in the currency itself (0 when the limit is used up). */
  remaining: string;
  available: string;
  verified: boolean;
  /** Allowlist mode on: withdrawals go only to saved addresses once usable (issue 35; said at the address, issue 50 M16). */
  allowlist?: boolean;
  /** 2FA on: the withdrawal takes its code, and the form asks for it as required, not "if 2FA is on" (issue 50 C8). */
  two_factor?: boolean;
  /** The decimal places the currency's amounts are counted in (its listing's precision, 0 to 8). */
  places?: number;
  /**
   * Until when (epoch ms) a recent security change (2FA turned on, a password reset) holds every
   * withdrawal; 0 when none does. The form says so before the funds password is asked for.
   */
  withdrawals_locked_until?: number;
  /**
   * False when the currency has no USDT price yet (listed, never traded against USDT): nothing of it
   * can be counted against the 24-hour limit, so none of it is withdrawable (`remaining` 0), and the
   * form says why. Absent from an older server.
   */
  priced?: boolean;
}

/** POST /api/wallet/transfer body (sent with an Idempotency-Key header). Internal transfers carry no fee. */
export interface TransferRequest {
  currency: string;
  from: WalletAccount;
  to: WalletAccount;
  quantity: string;
}

export interface TransferRecord {
  id: number;
  currency: string;
  from: WalletAccount;
  to: WalletAccount;
  quantity: string;
  created_at: number;
}

/** One ledger entry (spec §3 wallet flow), for /wallet/wallet-log. */
export interface LedgerRecord {
  id: number;
  currency: string;
  account: WalletAccount;
  /** deposit, deposit_fee, withdraw_freeze, withdraw_unfreeze, withdraw_out, withdraw_fee, transfer_out, transfer_in, order_freeze, order_unfreeze, trade_pay, trade_receive, trade_fee */
  kind: string;
  /** Available change and the available balance before and after it. */
  quantity: string;
  before: string;
  after: string;
  frozen_change: string;
  ref_type: string;
  ref_id: number | null;
  created_at: number;
  /** What the user should read beside the entry: a balance correction's reason (issue 51 §4); null otherwise. */
  note?: string | null;
}

export const WALLET_PATHS = {
  overview: '/api/wallet/overview',
  balances: '/api/wallet/balances',
  networks: '/api/wallet/networks',
  depositAddress: '/api/wallet/deposit_address',
  deposits: '/api/wallet/deposits',
  withdrawQuota: '/api/wallet/withdraw_quota',
  withdraw: '/api/wallet/withdraw',
  /** The withdrawal's security step: the funds password checked (and counted) before the confirmation. */
  checkFundsPassword: '/api/wallet/funds_password_check',
  withdrawals: '/api/wallet/withdrawals',
  cancelWithdrawal: '/api/wallet/withdraw_cancel',
  transfer: '/api/wallet/transfer',
  transfers: '/api/wallet/transfers',
  ledger: '/api/wallet/ledger',
  /** Operator (operator token): withdrawals waiting, approve, fail; simulated chain deposits. */
  operatorWithdrawals: '/api/operator/withdrawals',
  operatorApproveWithdrawal: '/api/operator/withdrawal_approve',
  operatorFailWithdrawal: '/api/operator/withdrawal_fail',
  /** Operator (operator token): held deposits (status 4), credit one (below the minimum only), return one on the chain. */
  operatorHeldDeposits: '/api/operator/held_deposits',
  operatorCreditHeldDeposit: '/api/operator/held_deposit_credit',
  operatorReturnHeldDeposit: '/api/operator/held_deposit_return',
  simulateDeposit: '/api/chain/simulate_deposit',
} as const;

/** A held deposit as the operator's desk lists it: whose it is and why it was not credited. */
export interface HeldDeposit {
  id: number;
  user_id: number;
  account: string;
  currency: string;
  network: string;
  quantity: string;
  tx_hash: string;
  held_reason: DepositHeldReason;
  created_at: number;
}

/** What a credited or returned held deposit became (the desk's answer, and the audit row's `after`). */
export interface HeldDepositResolution {
  id: number;
  status: DepositStatus;
  /** Credited: the deposit fee taken and what the user keeps. */
  fee?: string;
  credited?: string;
  /** Returned: where to and the return's transaction hash. */
  return_address?: string;
  return_tx_hash?: string;
}

