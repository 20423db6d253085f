import type { TFunction } from 'i18next';
import type { UserSection } from '../../../../../domain/usersDesk';
import { DEPOSIT_STATUS_KEYS, LEDGER_KIND_KEYS, WITHDRAWAL_STATUS_KEYS } from '../../../../../domain/walletAmounts';
import type { Column } from '../../../../app/ui/DataTable';
import { DateTime } from '../../../../app/ui/DateTime';
import { accountLabelKey, type WalletAccountLink } from '../../../../app/walletAccountList';

/**
 * The columns of each section of a user's page (issue 51 §3): which of the server's fields
 * (server/products/accounts/operatorDesk/userPage.ts) it shows, under which translated header, and
 * how — an amount right-aligned in the mono font, a time through DateTime, an enum value in words.
 * Headers and words reuse the keys the user's own pages use (wallet, spot, futures, seconds, P2P,
 * ICO, sessions, API keys); usersDesk.* only names what no other page has. A field the server adds
 * shows nowhere until it is listed here; a value without words shows as it comes.
 */
export type SectionCell = string | number | boolean | null;
export type SectionRow = Record<string, SectionCell>;

interface Field {
  field: string;
  /** Translation key of the header. */
  key: string;
  as?: 'amount' | 'date' | 'code' | 'leverage' | 'period' | 'reference' | 'correction';
  /** The words of an enum value (by its text: "1", "buy"); with `list`, of each space-separated word. */
  words?: Record<string, string>;
  list?: boolean;
  /** Interpolation for the words (a deposit's confirmations). */
  vars?: (row: SectionRow) => Record<string, SectionCell>;
  /** Translation key shown for an empty value (no IP allowlist: any address). */
  empty?: string;
}

const SIDE = { buy: 'spot.side.buy', sell: 'spot.side.sell' };
const SPOT_TYPE = { limit: 'spot.type.limit', market: 'spot.type.market' };
const SPOT_STATUS = { 1: 'spot.status.waiting', 2: 'spot.status.partial', 3: 'spot.status.filled', 4: 'spot.status.cancelled' };
const STOP_STATUS = { 1: 'spot.stops.status.waiting', 2: 'spot.stops.status.triggered', 3: 'spot.stops.status.cancelled', 4: 'spot.stops.status.failed' };
const FUTURES_SIDE = { 1: 'futures.long', '-1': 'futures.short' };
const MARGIN_MODE = { cross: 'futures.cross', isolated: 'futures.isolated' };
const DIRECTION = { up: 'seconds.up', down: 'seconds.down' };
const SECONDS_STATUS = { 1: 'usersDesk.secondsStatus.open', 2: 'usersDesk.secondsStatus.settled' };
const OUTCOME = { win: 'seconds.outcome.win', loss: 'seconds.outcome.loss', draw: 'seconds.outcome.draw' };
const FIAT_STATUS = { unpaid: 'fiat.status.unpaid', paid: 'fiat.status.paid', appeal: 'fiat.status.appeal', completed: 'fiat.status.completed', cancelled: 'fiat.status.cancelled' };
const AD_STATUS = { online: 'fiat.ads.online', paused: 'fiat.ads.paused', closed: 'fiat.ads.closed' };
const SIGN_IN_RESULT = {
  success: 'loginHistory.result.success',
  wrong_password: 'loginHistory.result.wrong_password',
  locked: 'loginHistory.result.locked',
  second_step_failed: 'loginHistory.result.second_step_failed',
};
const FREQUENCY = { hourly: 'usersDesk.frequency.hourly', daily: 'usersDesk.frequency.daily', weekly: 'usersDesk.frequency.weekly', monthly: 'usersDesk.frequency.monthly' };
const PLAN_STATUS = { active: 'usersDesk.planStatus.active', paused: 'usersDesk.planStatus.paused', cancelled: 'usersDesk.planStatus.cancelled' };
const PERMISSION = { read: 'apiKeys.permission.read', trade: 'apiKeys.permission.trade', withdraw: 'apiKeys.permission.withdraw' };

const id: Field = { field: 'id', key: 'usersDesk.col.id', as: 'code' };
const pair: Field = { field: 'symbol', key: 'col.pair' };
const side: Field = { field: 'side', key: 'usersDesk.col.side', words: SIDE };
const amount = (field: string, key: string): Field => ({ field, key, as: 'amount' });
const time = (field = 'created_at', key = 'col.time'): Field => ({ field, key, as: 'date' });
const status = (words: Record<string, string>, vars?: Field['vars']): Field => ({ field: 'status', key: 'col.status', words, vars });

export const SECTION_FIELDS: Record<UserSection, Field[]> = {
  spot_orders: [
    id, pair, side, { field: 'type', key: 'col.type', words: SPOT_TYPE }, amount('price', 'col.price'), amount('quantity', 'col.quantity'),
    amount('filled', 'col.dealt'), amount('frozen', 'col.frozen'), status(SPOT_STATUS), time(),
  ],
  spot_stops: [
    id, pair, side, amount('trigger_price', 'col.triggerPrice'), amount('price', 'col.price'), amount('quantity', 'col.quantity'),
    amount('frozen', 'col.frozen'), status(STOP_STATUS), time(),
  ],
  futures_positions: [
    pair, { field: 'side', key: 'col.direction', words: FUTURES_SIDE }, amount('quantity', 'col.quantity'), amount('cost', 'futures.form.cost'),
    amount('margin', 'col.margin'), { field: 'margin_mode', key: 'futures.leverage.mode', words: MARGIN_MODE }, { field: 'leverage', key: 'col.leverage', as: 'leverage' },
    amount('realised', 'futures.detail.realised'), time('updated_at', 'usersDesk.col.updated'),
  ],
  seconds_contracts: [
    id, pair, { field: 'direction', key: 'col.direction', words: DIRECTION }, { field: 'period_s', key: 'seconds.col.period', as: 'period' },
    amount('stake', 'usersDesk.col.stake'), status(SECONDS_STATUS), { field: 'outcome', key: 'col.outcome', words: OUTCOME }, amount('profit', 'col.profit'), time(),
  ],
  p2p_orders: [
    id, { field: 'order_no', key: 'col.orderNo', as: 'code' }, side, { field: 'crypto', key: 'deal.crypto' }, { field: 'fiat', key: 'menu.order.fiat' },
    amount('quantity', 'col.quantity'), amount('amount', 'fiat.col.amount'), status(FIAT_STATUS), time(),
  ],
  p2p_ads: [
    id, side, { field: 'crypto', key: 'deal.crypto' }, { field: 'fiat', key: 'menu.order.fiat' }, amount('total', 'col.total'), amount('remaining', 'usersDesk.col.remaining'),
    status(AD_STATUS), time(),
  ],
  ico_subscriptions: [
    { field: 'project_id', key: 'usersDesk.col.project', as: 'code' }, { field: 'symbol', key: 'col.currency' }, amount('quantity', 'col.subscribed'), amount('paid', 'col.paid'),
    amount('allocated', 'usersDesk.col.allocated'), amount('refund', 'ico.refund'), time(),
  ],
  recurring_plans: [
    id, pair, amount('amount', 'usersDesk.col.amountEach'), { field: 'frequency', key: 'usersDesk.col.frequency', words: FREQUENCY }, status(PLAN_STATUS),
    { field: 'runs', key: 'usersDesk.col.runs' }, { field: 'failures_in_a_row', key: 'usersDesk.col.failures' }, amount('spent', 'usersDesk.col.spent'),
    amount('bought', 'usersDesk.col.bought'), time('next_run_at', 'usersDesk.col.nextRun'), time(),
  ],
  deposits: [
    id, { field: 'currency', key: 'col.currency' }, { field: 'network', key: 'col.network' }, amount('quantity', 'col.quantity'), { field: 'tx_hash', key: 'usersDesk.col.txHash', as: 'code' },
    status(DEPOSIT_STATUS_KEYS, (r) => ({ n: r.confirmations ?? null, total: r.confirmations_required ?? null })), time(),
  ],
  withdrawals: [
    id, { field: 'currency', key: 'col.currency' }, { field: 'network', key: 'col.network' }, { field: 'address', key: 'col.address', as: 'code' },
    amount('quantity', 'col.quantity'), amount('fee', 'col.fee'), status(WITHDRAWAL_STATUS_KEYS), time(),
  ],
  // The user's balance changes, as their own Wallet → ledger lists them; the reference is what caused each (an order, a correction…).
  ledger: [
    id, { field: 'kind', key: 'col.type', words: LEDGER_KIND_KEYS }, { field: 'account', key: 'col.account', as: 'code' }, { field: 'currency', key: 'col.currency' },
    amount('available_change', 'col.change'), amount('frozen_change', 'usersDesk.col.frozenChange'), amount('available_after', 'col.balanceAfter'),
    { field: 'ref_type', key: 'usersDesk.col.reference', as: 'reference' }, { field: 'correction_reason', key: 'usersDesk.col.correction', as: 'correction' }, time(),
  ],
  sign_ins: [time('at'), { field: 'ip', key: 'sessions.col.ip', as: 'code' }, { field: 'user_agent', key: 'sessions.col.device' }, { field: 'result', key: 'loginHistory.col.result', words: SIGN_IN_RESULT }],
  sessions: [
    id, { field: 'ip', key: 'sessions.col.ip', as: 'code' }, { field: 'user_agent', key: 'sessions.col.device' }, time('created_at', 'sessions.col.firstSeen'),
    time('last_seen_at', 'sessions.col.lastSeen'), time('expires_at', 'usersDesk.col.expires'),
  ],
  devices: [{ field: 'device', key: 'sessions.col.device', as: 'code' }, time('first_seen_at', 'usersDesk.col.firstSeen'), time('last_seen_at', 'sessions.col.lastSeen')],
  api_keys: [
    id, { field: 'label', key: 'apiKeys.col.label' }, { field: 'permissions', key: 'apiKeys.col.permissions', words: PERMISSION, list: true },
    { field: 'ip_allowlist', key: 'apiKeys.col.ips', as: 'code', empty: 'apiKeys.anyAddress' }, time('created_at', 'apiKeys.col.created'),
    { ...time('last_used_at', 'apiKeys.col.lastUsed'), empty: 'apiKeys.never' }, time('revoked_at', 'usersDesk.col.revoked'),
  ],
};

const MISSING = '—';

/** One field's cell. */
function render(t: TFunction, f: Field, row: SectionRow) {
  const value = row[f.field] ?? null;
  if (value === null || value === '' || (f.as === 'date' && value === 0)) return f.empty ? t(f.empty) : MISSING;
  if (f.words) {
    const words = f.words;
    const vars = f.vars?.(row) ?? {};
    const say = (v: string) => (words[v] ? t(words[v], vars) : v);
    return f.list ? String(value).split(' ').filter(Boolean).map(say).join(', ') : say(String(value));
  }
  switch (f.as) {
    case 'date':
      return typeof value === 'number' ? <DateTime at={value} /> : String(value);
    case 'amount':
      return <span className="num">{String(value)}</span>;
    case 'code':
      return <code>{String(value)}</code>;
    case 'leverage':
      return <span className="num">{`${String(value)}×`}</span>;
    case 'reference':
      return <code>{row.ref_id === null || row.ref_id === undefined ? String(value) : `${String(value)} #${String(row.ref_id)}`}</code>;
    case 'period':
      return t('seconds.periodSeconds', { seconds: value });
    case 'correction':
      return <CorrectionNote t={t} row={row} reason={String(value)} />;
    default:
      return typeof value === 'boolean' ? t(value ? 'usersDesk.yes' : 'usersDesk.no') : String(value);
  }
}

/** A balance correction's entry: its reason (the user reads it too), its reference, and the two operators of its four eyes. */
function CorrectionNote({ t, row, reason }: { t: TFunction; row: SectionRow; reason: string }) {
  const text = (field: string) => (row[field] === null || row[field] === undefined || row[field] === '' ? MISSING : String(row[field]));
  // Wrapped within a column of its own width, so the row's time stays in view beside a long reason.
  return (
    <span style={{ display: 'block', minWidth: 200, maxWidth: 320, whiteSpace: 'normal' }}>
      {reason}
      {row.correction_reference ? <small style={{ display: 'block' }}>{t('usersDesk.correction.reference', { reference: text('correction_reference') })}</small> : null}
      <small style={{ display: 'block' }}>{t('usersDesk.correction.by', { proposer: text('correction_proposed_by'), approver: text('correction_approved_by') })}</small>
    </span>
  );
}

/** A section's DataTable columns. */
export function sectionColumns(t: TFunction, name: UserSection): Column<SectionRow>[] {
  return SECTION_FIELDS[name].map((f) => ({ key: f.key, align: f.as === 'amount' || f.as === 'leverage' ? 'right' : 'left', render: (row) => render(t, f, row) }));
}

/** An account's name in words ("spot": Spot account), as the wallet names it (the products' wallet menu entries). */
export function accountName(t: TFunction, accounts: readonly WalletAccountLink[], account: string): string {
  const key = accountLabelKey(accounts, account);
  return key ? t(key) : account;
}
