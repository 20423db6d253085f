import { useTranslation } from 'react-i18next';
import { formatPercent, groupThousands, toFixedDecimal, trimZeros } from '../../../domain/decimal';
import type { FuturesAction } from '../../../domain/futures/api';
import { FuturesOrderStatus } from '../../../domain/futures/orderStatus';

const STATUS_KEYS: Record<number, string> = {
  [FuturesOrderStatus.entrusted]: 'futures.status.entrusted',
  [FuturesOrderStatus.submitted]: 'futures.status.submitted',
  [FuturesOrderStatus.partiallyTraded]: 'futures.status.partiallyTraded',
  [FuturesOrderStatus.allTraded]: 'futures.status.allTraded',
  [FuturesOrderStatus.cancelling]: 'futures.status.cancelling',
  [FuturesOrderStatus.cancelled]: 'futures.status.cancelled',
  [FuturesOrderStatus.invalid]: 'futures.status.invalid',
};

export function StatusText(props: { status: number }) {
  const { t } = useTranslation();
  return <>{t(STATUS_KEYS[props.status] ?? 'futures.status.invalid')}</>;
}

const ACTION_KEYS: Record<FuturesAction, string> = {
  open_long: 'futures.action.open_long',
  open_short: 'futures.action.open_short',
  close_long: 'futures.action.close_long',
  close_short: 'futures.action.close_short',
};

export function ActionText(props: { action: FuturesAction }) {
  const { t } = useTranslation();
  const opening = props.action.startsWith('open');
  const long = props.action.endsWith('long');
  return <span className={long === opening ? 'up' : 'down'}>{t(ACTION_KEYS[props.action])}</span>;
}

/** A signed USDT figure, green above zero and red below. */
export function Signed(props: { value: string }) {
  const negative = props.value.startsWith('-');
  return <span className={`num ${negative ? 'down' : props.value !== '0' ? 'up' : ''}`}>{negative || props.value === '0' ? props.value : `+${props.value}`}</span>;
}

/** A fraction as a signed percentage with 2 decimals (§9), or a dash. */
export const percent = (fraction: string | null | undefined) => (fraction === null || fraction === undefined ? '—' : formatPercent(fraction));

/** A ratio (never negative) as a percentage with 2 decimals and no sign, or a dash. */
export const ratioPercent = (fraction: string | null | undefined) => percent(fraction).replace(/^\+/, '');

/** Prices and amounts cut for display (the wire keeps up to 18 places), grouped by thousands ("96,030.5"). */
export const cut = (value: string, places = 4): string => groupThousands(trimZeros(toFixedDecimal(value, places, 'down')));

/** A wire quantity as it is, grouped by thousands. */
export const qty = (value: string): string => groupThousands(value);
