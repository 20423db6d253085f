/**
 * Wallet helpers over domain/decimal.ts: zero checks, amounts as form fields take them, and
 * labels for the wire enums (figures on screen: domain/figures.ts).
 */
import { compareDecimal, divDecimal, groupThousands, isDecimalString, toFixedDecimal, trimZeros } from './decimal';
import { DepositStatus, WithdrawalStatus, type DepositHeldReason, type WalletOverview } from './wallet';

export const isZero = (value: string) => isDecimalString(value) && compareDecimal(value, '0') === 0;

/** The wallet overview's figures: the total in BTC (while BTC has a price), and today's PnL with its sign. */
export function overviewFigures(overview: WalletOverview): { totalBtc: string | undefined; pnl: string; pnlSign: -1 | 0 | 1 } {
  const totalBtc = compareDecimal(overview.btc_usdt, '0') > 0 ? divDecimal(overview.total_usdt, overview.btc_usdt, 8) : undefined;
  const pnl = overview.today_pnl_usdt;
  return { totalBtc, pnl, pnlSign: compareDecimal(pnl, '0') };
}

/**
 * An amount as a form field takes it: at most `places` decimals (cut, never rounded up), trailing
 * zeros dropped, not grouped ("16157.53925"; the transfer form's "All" fills the quantity with it).
 */
export function amountInput(value: string, places = 8): string {
  return isDecimalString(value) ? trimZeros(toFixedDecimal(value, places, 'down')) : value;
}

/**
 * amountInput's digits grouped by thousands ("16,157.53925").
 * @deprecated Views show amounts with `money` (domain/figures.ts: fixed places per asset); this
 * stays only while tests/e2e/hardening.spec.ts imports it.
 */
export function formatAmount(value: string, places = 8): string {
  return groupThousands(amountInput(value, places));
}

export const DEPOSIT_STATUS_KEYS: Record<DepositStatus, string> = {
  [DepositStatus.pending]: 'wallet.deposit.status.pending',
  [DepositStatus.confirming]: 'wallet.deposit.status.confirming',
  [DepositStatus.success]: 'wallet.deposit.status.success',
  [DepositStatus.held]: 'wallet.deposit.status.held',
  [DepositStatus.returned]: 'wallet.deposit.status.returned',
};

/** Why a held deposit was not credited, as the deposit history says it. */
export const DEPOSIT_HELD_REASON_KEYS: Record<DepositHeldReason, string> = {
  below_minimum: 'wallet.deposit.held.belowMinimum',
  delisted: 'wallet.deposit.held.delisted',
};

export const WITHDRAWAL_STATUS_KEYS: Record<WithdrawalStatus, string> = {
  [WithdrawalStatus.notDisbursed]: 'wallet.withdraw.status.notDisbursed',
  [WithdrawalStatus.pendingConfirmation]: 'wallet.withdraw.status.pendingConfirmation',
  [WithdrawalStatus.completed]: 'wallet.withdraw.status.completed',
  [WithdrawalStatus.failed]: 'wallet.withdraw.status.failed',
  [WithdrawalStatus.cancelled]: 'wallet.withdraw.status.cancelled',
};

/** The ledger kinds of LedgerRecord.kind, each with its label in 9 languages; `npm run i18n:check` fails on a kind the server writes without one. */
export const LEDGER_KIND_KEYS: Record<string, string> = {
  deposit: 'wallet.kind.deposit',
  deposit_fee: 'wallet.kind.depositFee',
  withdraw_freeze: 'wallet.kind.withdrawFreeze',
  withdraw_unfreeze: 'wallet.kind.withdrawUnfreeze',
  withdraw_out: 'wallet.kind.withdrawOut',
  withdraw_fee: 'wallet.kind.withdrawFee',
  transfer_out: 'wallet.kind.transferOut',
  transfer_in: 'wallet.kind.transferIn',
  order_freeze: 'wallet.kind.orderFreeze',
  order_unfreeze: 'wallet.kind.orderUnfreeze',
  trade_pay: 'wallet.kind.tradePay',
  trade_receive: 'wallet.kind.tradeReceive',
  trade_fee: 'wallet.kind.tradeFee',
  seconds_freeze: 'wallet.kind.secondsFreeze',
  seconds_settle: 'wallet.kind.secondsSettle',
  // Every kind the server writes (npm run i18n:check reads them from the server's sources, issue 37 §3).
  fee_income: 'wallet.kind.feeIncome',
  // A maker's rebate (a negative maker rate, issue 52 §2) and the fee account's payment of it.
  trade_rebate: 'wallet.kind.tradeRebate',
  fee_rebate: 'wallet.kind.feeRebate',
  fiat_ad_freeze: 'wallet.kind.fiatAdFreeze',
  fiat_ad_unfreeze: 'wallet.kind.fiatAdUnfreeze',
  fiat_escrow: 'wallet.kind.fiatEscrow',
  fiat_escrow_return: 'wallet.kind.fiatEscrowReturn',
  fiat_receive: 'wallet.kind.fiatReceive',
  fiat_release: 'wallet.kind.fiatRelease',
  funding: 'wallet.kind.funding',
  futures_fee: 'wallet.kind.futuresFee',
  futures_hold_release: 'wallet.kind.futuresHoldRelease',
  futures_margin: 'wallet.kind.futuresMargin',
  futures_margin_release: 'wallet.kind.futuresMarginRelease',
  futures_order_hold: 'wallet.kind.futuresOrderHold',
  futures_realised_pnl: 'wallet.kind.futuresRealisedPnl',
  ico_allocation: 'wallet.kind.icoAllocation',
  ico_proceeds: 'wallet.kind.icoProceeds',
  ico_settle: 'wallet.kind.icoSettle',
  ico_subscribe: 'wallet.kind.icoSubscribe',
  ico_thaw: 'wallet.kind.icoThaw',
  insurance_cover: 'wallet.kind.insuranceCover',
  liquidation_fee: 'wallet.kind.liquidationFee',
  liquidation_surplus: 'wallet.kind.liquidationSurplus',
  stop_freeze: 'wallet.kind.stopFreeze',
  stop_unfreeze: 'wallet.kind.stopUnfreeze',
  // Balance corrections approved by a second operator (issue 51 §4); the entry carries the reason.
  correction_credit: 'wallet.kind.correctionCredit',
  correction_debit: 'wallet.kind.correctionDebit',
};
