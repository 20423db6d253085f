import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SpotOrder } from '../../../../../domain/spotOrders';
import { MISSING } from '../../../../../domain/figures';
import { isZero } from '../../../../../domain/walletAmounts';
import { Button } from '../../../../app/ui/Button';
import type { Column } from '../../../../app/ui/DataTable';
import { dateTime, EntrustPrice, OrderTypeLabel, pairLabel, SideLabel, StatusWithReason, useOrderFigures } from './orderLabels';

/**
 * The columns of the spot order tables (trade page panel, /order pages). `withPair` adds the pair
 * (lists over all pairs); `onRevoke` adds the cancel button of open orders; the time links to the
 * order's detail page. `compact` (the trade page's panel) leads with the side, prices, quantities
 * and status, and puts the type and time after them.
 */
export function useOrderColumns(options: { kind: 'open' | 'history'; withPair: boolean; onRevoke?: (id: number) => void; busy?: boolean; compact?: boolean }): Column<SpotOrder>[] {
  const { t, i18n } = useTranslation();
  const f = useOrderFigures();
  const time: Column<SpotOrder> = {
    key: 'col.time',
    render: (o) => (
      // Styled as a link (issue 50 C2): it is the row's only way to the order's detail.
      <Link to={`/order/spot-detail/${o.id}`} className="num" title={t('spot.detail.open')} style={{ color: 'inherit', textDecoration: 'underline', textDecorationStyle: 'dotted', textUnderlineOffset: 3 }}>
        {dateTime(o.created_at, i18n.language)}
      </Link>
    ),
  };
  const type: Column<SpotOrder> = { key: 'col.type', render: (o) => <OrderTypeLabel order={o} /> };
  // What tells one order from another: the trade page's panel (`compact`) leads with them, so a
  // phone's first screen of the row is not the time, side and type alone, alike on every row.
  const identity: Array<Column<SpotOrder> | false> = [
    { key: 'col.direction', render: (o) => <SideLabel side={o.side} /> },
    { key: 'col.price', align: 'right', render: (o) => <EntrustPrice order={o} /> },
    options.kind === 'open'
      ? { key: 'col.quantity', align: 'right', render: (o) => <span className="num">{o.quantity === '0' ? MISSING : f.quantity(o.symbol, o.quantity)}</span> }
      : { key: 'col.avgPrice', align: 'right', render: (o) => <span className="num">{o.avg_price === '0' ? MISSING : f.price(o.symbol, o.avg_price)}</span> },
    { key: 'col.dealt', align: 'right', render: (o) => <span className="num">{f.quantity(o.symbol, o.filled)}</span> },
  ];
  const status: Column<SpotOrder> = { key: 'col.status', render: (o) => <StatusWithReason order={o} /> };
  const columns: Array<Column<SpotOrder> | false> = [
    ...(options.compact ? [...identity, status, type, time] : [time, options.withPair && { key: 'col.pair', render: (o: SpotOrder) => pairLabel(o.symbol) }, identity[0]!, type, ...identity.slice(1)]),
    // The trade page's panel (`compact`) leaves the order's total to the /order pages, so its
    // Actions column fits beside the chart's width at 1440 px (issue 50 M19). A market sell is
    // placed by quantity: it entrusted no total ("—", not "0.00").
    !options.compact && { key: 'spot.col.entrustTotal', align: 'right', render: (o) => <span className="num">{isZero(o.amount) ? MISSING : f.total(o.symbol, o.amount)}</span> },
    // Nothing filled, no fee: "—" as the average price beside it, not "0 BTC".
    options.kind === 'history' && { key: 'col.fee', align: 'right', render: (o) => <span className="num">{isZero(o.filled) ? MISSING : `${f.listFee(o.fee, o.fee_currency)} ${o.fee_currency}`}</span> },
    !options.compact && status,
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
