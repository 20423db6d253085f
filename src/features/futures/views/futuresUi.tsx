import { useTranslation } from 'react-i18next';
import { Button } from '../../../app/ui/Button';
import type { Column } from '../../../app/ui/DataTable';
import { signedMoney } from '../../../../domain/figures';
import type { FuturesAction } from '../../../../domain/futures/api';
import { FuturesOrderStatus } from '../../../../domain/futures/orderStatus';

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

/** A profit or loss in its asset (signed money, domain/figures.ts), green above zero and red below. */
export function Signed(props: { value: string | null | undefined; asset: string }) {
  const text = signedMoney(props.value, props.asset);
  return <span className={`num ${text.startsWith('+') ? 'up' : text.startsWith('-') ? 'down' : ''}`}>{text}</span>;
}

function CancelButton(props: { onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Button type="button" $small $variant="ghost" onClick={props.onCancel}>
      {t('common.cancel')}
    </Button>
  );
}

/** An open order's or a waiting plan's Cancel (the trade page and the orders centre): `onCancel` asks first. */
export function cancelColumn<Row extends { id: number }>(onCancel: (id: number) => void): Column<Row> {
  return { key: 'col.actions', align: 'right', render: (row) => <CancelButton onCancel={() => onCancel(row.id)} /> };
}
