import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SpotStopStatus, type SpotStop } from '../../../../../domain/spotOrders';
import { Badge } from '../../../../app/ui/Badge';
import { Button } from '../../../../app/ui/Button';
import type { Column } from '../../../../app/ui/DataTable';
import { dateTime, pairLabel, SideLabel, useOrderFigures } from './orderLabels';

/** Literal keys (the i18n check looks for each as written). */
const STOP_STATUS_KEYS: Record<SpotStopStatus, string> = {
  [SpotStopStatus.waiting]: 'spot.stops.status.waiting',
  [SpotStopStatus.triggered]: 'spot.stops.status.triggered',
  [SpotStopStatus.cancelled]: 'spot.stops.status.cancelled',
  [SpotStopStatus.failed]: 'spot.stops.status.failed',
};

/**
 * The columns of the waiting stop orders (trade page panel, /order/spot-current): the trigger,
 * the limit price its order will have, the quantity, Stop-limit or OCO (with its take-profit leg's
 * order number, which the open orders list shows), the status and the cancel button.
 */
export function useStopColumns(options: { withPair: boolean; onRevoke?: (id: number) => void; busy?: boolean }): Column<SpotStop>[] {
  const { t, i18n } = useTranslation();
  const f = useOrderFigures();
  const columns: Array<Column<SpotStop> | false> = [
    { key: 'col.time', render: (s) => <span className="num">{dateTime(s.created_at, i18n.language)}</span> },
    options.withPair && { key: 'col.pair', render: (s) => pairLabel(s.symbol) },
    { key: 'col.direction', render: (s) => <SideLabel side={s.side} /> },
    {
      key: 'col.type',
      render: (s) =>
        s.oco_order_id !== null ? (
          <span title={t('spot.stops.ocoLeg', { id: s.oco_order_id })}>
            <Badge>{t('spot.type.oco')}</Badge>
          </span>
        ) : (
          t('spot.type.stopLimit')
        ),
    },
    { key: 'spot.stops.col.trigger', align: 'right', render: (s) => <span className="num" data-testid="stop-trigger">{f.price(s.symbol, s.trigger_price)}</span> },
    { key: 'spot.stops.col.limitPrice', align: 'right', render: (s) => <span className="num">{f.price(s.symbol, s.price)}</span> },
    { key: 'col.quantity', align: 'right', render: (s) => <span className="num">{f.quantity(s.symbol, s.quantity)}</span> },
    { key: 'col.status', render: (s) => <Badge $tone={s.status === SpotStopStatus.waiting ? 'warn' : 'dim'}>{t(STOP_STATUS_KEYS[s.status])}</Badge> },
    // The history (no cancel, issue 50 M11): the order the stop placed, or the OCO's limit leg, each a link to its detail.
    options.onRevoke === undefined && {
      key: 'spot.stops.col.order',
      render: (s) => {
        const id = s.order_id ?? s.oco_order_id;
        return id === null ? '—' : <Link to={`/order/spot-detail/${id}`}>#{id}</Link>;
      },
    },
    options.onRevoke !== undefined && {
      key: 'col.actions',
      align: 'right',
      render: (s) =>
        s.status === SpotStopStatus.waiting ? (
          <Button type="button" $small $variant="ghost" disabled={options.busy} onClick={() => options.onRevoke!(s.id)}>
            {t('spot.orders.revoke')}
          </Button>
        ) : null,
    },
  ];
  return columns.filter((c): c is Column<SpotStop> => c !== false);
}
