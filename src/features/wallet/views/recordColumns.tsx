import type { TFunction } from 'i18next';
import { DepositStatus, WithdrawalStatus, type DepositRecord, type LedgerRecord, type TransferRecord, type WithdrawalRecord } from '../../../../domain/wallet';
import { DEPOSIT_HELD_REASON_KEYS, DEPOSIT_STATUS_KEYS, LEDGER_KIND_KEYS, WITHDRAWAL_STATUS_KEYS } from '../../../../domain/walletAmounts';
import { compareDecimal } from '../../../../domain/decimal';
import { money, signedMoney, tone } from '../../../../domain/figures';
import { Badge } from '../../../app/ui/Badge';
import { Button } from '../../../app/ui/Button';
import type { Column } from '../../../app/ui/DataTable';
import { DateTime } from '../../../app/ui/DateTime';
import { accountLabelKey, type WalletAccountLink } from '../../../app/walletAccountList';

/** Table columns of the wallet's records, shared by the record pages and the deposit/withdrawal pages. */

const time = <R extends { created_at: number }>(): Column<R> => ({ key: 'col.time', render: (r) => <DateTime className="dim num" at={r.created_at} /> });
const currency = <R extends { currency: string }>(): Column<R> => ({ key: 'col.currency', render: (r) => <b>{r.currency}</b> });
/** An amount of the row's currency (money, domain/figures.ts); a ledger change with its sign and colour. */
const amount = <R extends { currency: string }>(key: string, pick: (r: R) => string, signed = false): Column<R> => ({
  key,
  align: 'right',
  render: (r) => {
    const v = pick(r);
    return <span className={`num ${signed ? tone(v) : ''}`}>{signed ? signedMoney(v, r.currency) : money(v, r.currency)}</span>;
  },
});
const address = <R extends { address: string }>(): Column<R> => ({
  key: 'col.address',
  render: (r) => (
    <code title={r.address}>{r.address.length > 22 ? `${r.address.slice(0, 10)}…${r.address.slice(-8)}` : r.address}</code>
  ),
});

/** What a deposit's and a withdrawal's rows both show before their status: when, what, how much, its fee, and where on which chain. */
const onChainColumns = <R extends DepositRecord | WithdrawalRecord>(): Column<R>[] => [
  time(),
  currency(),
  amount('col.quantity', (r) => r.quantity),
  amount('col.fee', (r) => r.fee),
  { key: 'col.network', render: (r) => r.network },
  address(),
];

export function depositStatus(t: TFunction, r: DepositRecord) {
  if (r.status === DepositStatus.success) return <Badge $tone="up">{t(DEPOSIT_STATUS_KEYS[r.status])}</Badge>;
  // Held: arrived, not credited (below the minimum, or its currency is being delisted); the reason says which.
  if (r.status === DepositStatus.held) {
    const why = r.held_reason ? t(DEPOSIT_HELD_REASON_KEYS[r.held_reason]) : '';
    return (
      <span title={why}>
        <Badge $tone="down">{t(DEPOSIT_STATUS_KEYS[r.status])}</Badge>
        {why && <span className="dim"> · {why}</span>}
      </span>
    );
  }
  // Returned on the chain by a finance operator (it was held, never credited).
  if (r.status === DepositStatus.returned) return <Badge $tone="dim">{t(DEPOSIT_STATUS_KEYS[r.status])}</Badge>;
  if (r.status === DepositStatus.confirming)
    return <Badge $tone="warn">{t(DEPOSIT_STATUS_KEYS[r.status], { n: r.confirmations, total: r.confirmations_required })}</Badge>;
  // Seen, not yet confirmed: how many confirmations of those it needs (a real chain's first one takes minutes).
  return (
    <span>
      <Badge>{t(DEPOSIT_STATUS_KEYS[DepositStatus.pending])}</Badge>
      <span className="dim"> · {t('wallet.deposit.confirmationsOf', { n: r.confirmations, count: r.confirmations_required })}</span>
    </span>
  );
}

const WITHDRAWAL_TONE: Record<WithdrawalStatus, 'up' | 'down' | 'warn' | 'dim'> = { 1: 'warn', 2: 'warn', 3: 'up', 4: 'down', 5: 'dim' };

/** A deposit's row leads as a withdrawal's does: what, how much and where it stands (a phone shows the first three), then the rest. */
export function depositColumns(t: TFunction): Column<DepositRecord>[] {
  const [when, what, quantity, ...rest] = onChainColumns<DepositRecord>();
  return [what!, quantity!, { key: 'col.status', render: (r) => depositStatus(t, r) }, when!, ...rest];
}

/**
 * A withdrawal's row leads with what the trader looks for, how much and where it stands (a phone
 * shows its first three columns), then the rest; a cancellable one's Cancel is the last column,
 * which its table keeps in view (`pinLast`).
 */
export function withdrawalColumns(t: TFunction, onCancel?: (id: number) => void): Column<WithdrawalRecord>[] {
  const [when, what, quantity, ...rest] = onChainColumns<WithdrawalRecord>();
  const columns: Column<WithdrawalRecord>[] = [
    what!,
    quantity!,
    {
      key: 'col.status',
      render: (r) => (
        <span title={r.reason ?? undefined}>
          <Badge $tone={WITHDRAWAL_TONE[r.status]}>{t(WITHDRAWAL_STATUS_KEYS[r.status])}</Badge>
          {r.reason && <span className="dim"> · {r.reason}</span>}
        </span>
      ),
    },
    when!,
    ...rest,
  ];
  if (!onCancel) return columns;
  return [
    ...columns,
    {
      key: 'col.actions',
      align: 'right',
      render: (r) =>
        r.status === WithdrawalStatus.notDisbursed ? (
          <Button type="button" $variant="ghost" $small onClick={() => onCancel(r.id)}>
            {t('wallet.withdraw.cancel')}
          </Button>
        ) : null,
    },
  ];
}

/** An account's name as the wallet menu's entry has it (the products declare them: app/walletAccountList.ts). */
function accountText(t: TFunction, accounts: readonly WalletAccountLink[], account: string): string {
  const key = accountLabelKey(accounts, account);
  return key ? t(key) : account;
}

export function transferColumns(t: TFunction, accounts: readonly WalletAccountLink[]): Column<TransferRecord>[] {
  return [
    time(),
    currency(),
    { key: 'col.from', render: (r) => accountText(t, accounts, r.from) },
    { key: 'col.to', render: (r) => accountText(t, accounts, r.to) },
    amount('col.quantity', (r) => r.quantity),
  ];
}

/** A ledger row leads with its kind, currency and change (a phone's first screen), then when, where and the balances around it. */
export function ledgerColumns(t: TFunction, accounts: readonly WalletAccountLink[]): Column<LedgerRecord>[] {
  const [type, account, coin, before, change, after] = ledgerFields(t, accounts);
  return [type!, coin!, change!, time(), account!, before!, after!];
}

function ledgerFields(t: TFunction, accounts: readonly WalletAccountLink[]): Column<LedgerRecord>[] {
  return [
    {
      key: 'col.type',
      render: (r) => (
        <>
          {LEDGER_KIND_KEYS[r.kind] ? t(LEDGER_KIND_KEYS[r.kind]!) : r.kind}
          {/* A balance correction's reason (issue 51 §4). */}
          {r.note && <div className="dim">{r.note}</div>}
        </>
      ),
    },
    { key: 'col.account', render: (r) => accountText(t, accounts, r.account) },
    currency(),
    amount('col.balanceBefore', (r) => r.before),
    {
      // What the entry moved, signed (the balances before and after are beside it).
      key: 'col.change',
      align: 'right',
      // A move of frozen funds only (a withdrawal's fee leaving the freeze, a P2P release, an ICO
      // allocation) changes nothing available: show the frozen amount that moved, marked as
      // such, not "0.00" (issue 50 M18).
      render: (r) => {
        const frozenOnly = compareDecimal(r.quantity, '0') === 0 && compareDecimal(r.frozen_change, '0') !== 0;
        const v = frozenOnly ? r.frozen_change : r.quantity;
        return (
          <span className={`num ${tone(v)}`}>
            {signedMoney(v, r.currency)}
            {frozenOnly && <span className="dim"> {t('col.frozen')}</span>}
          </span>
        );
      },
    },
    amount('col.balanceAfter', (r) => r.after),
  ];
}
