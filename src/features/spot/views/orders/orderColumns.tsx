import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SpotOrder } from '../../../../../domain/spotOrders';
import { Button } from '../../../../app/ui/Button';
import type { Column } from '../../../../app/ui/DataTable';
import { dateTime, EntrustPrice, OrderTypeLabel, pairLabel, SideLabel, StatusWithReason, useOrderFigures } from './orderLabels';

/**
 * The columns of the spot order tables (trade page panel, /order pages). `withPair` adds the pair
 * (lists over all pairs); `onRevoke` adds the cancel button of open orders; `detailLinks` links
 * the time to the order's detail page.
 */
export function useOrderColumns(options: { kind: 'open' | 'history'; withPair: boolean; onRevoke?: (id: number) => void; busy?: boolean; compact?: boolean }): Column<SpotOrder>[] {
  const { t, i18n } = useTranslation();
  const f = useOrderFigures();
  const columns: Array<Column<SpotOrder> | false> = [
    {
      key: 'col.time',
      render: (o) => (
        // Styled as a link (issue 50 C2): it is the row's only way to the order's detail.
        <Link to={`/order/spot-detail/${o.id}`} className="num" title={t('spot.detail.open')} style={{ color: 'inherit', textDecoration: 'underline', textDecorationStyle: 'dotted', textUnderlineOffset: 3 }}>
          {dateTime(o.created_at, i18n.language)}
        </Link>
      ),
    },
    options.withPair && { key: 'col.pair', render: (o) => pairLabel(o.symbol) },
    { key: 'col.direction', render: (o) => <SideLabel side={o.side} /> },
    { key: 'col.type', render: (o) => <OrderTypeLabel order={o} /> },
    { key: 'col.price', align: 'right', render: (o) => <EntrustPrice order={o} /> },
    options.kind === 'open'
      ? { key: 'col.quantity', align: 'right', render: (o) => <span className="num">{o.quantity === '0' ? '—' : f.quantity(o.symbol, o.quantity)}</span> }
      : { key: 'col.avgPrice', align: 'right', render: (o) => <span className="num">{o.avg_price === '0' ? '—' : f.price(o.symbol, o.avg_price)}</span> },
    { key: 'col.dealt', align: 'right', render: (o) => <span className="num">{f.quantity(o.symbol, o.filled)}</span> },
    // The trade page's panel (`compact`) leaves the order's total to the /order pages, so its
    // Actions column fits beside the chart's width at 1440 px (issue 50 M19).
    !options.compact && { key: 'spot.col.entrustTotal', align: 'right', render: (o) => <span className="num">{f.total(o.symbol, o.amount)}</span> },
    options.kind === 'history' && { key: 'col.fee', align: 'right', render: (o) => <span className="num">{`${f.fee(o.fee, o.fee_currency)} ${o.fee_currency}`}</span> },
    { key: 'col.status', render: (o) => <StatusWithReason order={o} /> },
    options.onRevoke !== undefined && {
      key: 'col.actions',
      align: 'right',
      render: (o) => (
        <Button type="button" $small $variant="ghost" disabled={options.busy} onClick={() => options.onRevoke!(o.id)}>
          {t('spot.orders.revoke')}
        </Button>
      ),
    },
  ];
  return columns.filter((c): c is Column<SpotOrder> => c !== false);
}
