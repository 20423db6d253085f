/**
 * Wallet display arithmetic that src/domain/decimal.ts does not have: subtraction, division (for
 * the BTC valuation) and labels for the wire enums. Exact, on decimal strings, through BigInt.
 */
import { addDecimal, compareDecimal, isDecimalString, toFixedDecimal, trimZeros } from './decimal';
import { DepositStatus, WithdrawalStatus, type WalletAccount } from './wallet';

export function negateDecimal(value: string): string {
  if (compareDecimal(value, '0') === 0) return '0';
  return value.startsWith('-') ? value.slice(1) : `-${value}`;
}

export function subDecimal(a: string, b: string): string {
  return addDecimal(a, negateDecimal(b));
}

/** a ÷ b cut (toward zero) to `places` decimals; undefined when b is zero. */
export function divDecimal(a: string, b: string, places: number): string | undefined {
  if (compareDecimal(b, '0') === 0) return undefined;
  const scale = (v: string) => (v.split('.')[1] ?? '').length;
  const units = (v: string) => BigInt(v.replace('.', ''));
  // a = ua / 10^sa, b = ub / 10^sb  →  a / b = ua * 10^sb / (ub * 10^sa)
  const numerator = units(a) * 10n ** BigInt(scale(b) + places);
  const denominator = units(b) * 10n ** BigInt(scale(a));
  const quotient = numerator / denominator;
  const negative = quotient < 0n;
  const digits = (negative ? -quotient : quotient).toString().padStart(places + 1, '0');
  const text = places > 0 ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

export const isZero = (value: string) => isDecimalString(value) && compareDecimal(value, '0') === 0;

/** An amount for a table cell: at most `places` decimals (cut, never rounded up), trailing zeros dropped. */
export function formatAmount(value: string, places = 8): string {
  return isDecimalString(value) ? trimZeros(toFixedDecimal(value, places, 'down')) : value;
}

/** Account names reuse the wallet menu's labels. */
export const ACCOUNT_LABEL_KEYS: Record<WalletAccount, string> = {
  spot: 'menu.wallet.spot',
  contract: 'menu.wallet.contract',
  sec_contract: 'menu.wallet.secContract',
  legal: 'menu.wallet.legal',
  ico: 'menu.wallet.ico',
};

export const DEPOSIT_STATUS_KEYS: Record<DepositStatus, string> = {
  [DepositStatus.pending]: 'wallet.deposit.status.pending',
  [DepositStatus.confirming]: 'wallet.deposit.status.confirming',
  [DepositStatus.success]: 'wallet.deposit.status.success',
};

export const WITHDRAWAL_STATUS_KEYS: Record<WithdrawalStatus, string> = {
  [WithdrawalStatus.notDisbursed]: 'wallet.withdraw.status.notDisbursed',
  [WithdrawalStatus.pendingConfirmation]: 'wallet.withdraw.status.pendingConfirmation',
  [WithdrawalStatus.completed]: 'wallet.withdraw.status.completed',
  [WithdrawalStatus.failed]: 'wallet.withdraw.status.failed',
  [WithdrawalStatus.cancelled]: 'wallet.withdraw.status.cancelled',
};

/** The ledger kinds of LedgerRecord.kind; an unknown kind is shown as sent. */
export const LEDGER_KIND_KEYS: Record<string, string> = {
  deposit: 'wallet.kind.deposit',
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
};
