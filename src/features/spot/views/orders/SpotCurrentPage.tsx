import { useTranslation } from 'react-i18next';
import { useAppFlow } from '../../../../app/views/hooks';
import { useOpenOrders, useOpenStops } from '../../spot.hooks';
import { PageTitle } from '../../../../app/ui/Panel';
import { useOrderColumns } from './orderColumns';
import { useStopColumns } from './stopColumns';
import { OrdersListPanel, PairFilter } from './OrderFilters';
import { RevokeQuestion } from './RevokeDialog';

/** /order/spot-current: open spot orders over all pairs, a pair filter, cancel after confirming. */
export function SpotCurrentPage() {
  const { t } = useTranslation();
  const { pairs } = useAppFlow();
  const orders = useOpenOrders({});
  const columns = useOrderColumns({ kind: 'open', withPair: true, onRevoke: orders.revoke, busy: orders.cancelling });
  const stops = useOpenStops({});
  const stopColumns = useStopColumns({ withPair: true, onRevoke: stops.revoke, busy: stops.cancelling });
  return (
    <>
      <PageTitle>{t('page.order.spotCurrent')}</PageTitle>
      <OrdersListPanel
        label={t('page.order.spotCurrent')}
        filters={
          <PairFilter
            pairs={pairs}
            symbol={orders.symbol}
            onChange={(symbol) => {
              orders.filter(symbol);
              stops.filter(symbol);
            }}
          />
        }
        list={{ ...orders, rows: orders.orders }}
        columns={columns}
        emptyKey="spot.orders.noOpen"
      />
      <OrdersListPanel
        label={t('spot.stops.title')}
        named
        filters={<h2 style={{ margin: 0, fontSize: 15 }}>{t('spot.stops.title')}</h2>}
        list={{ ...stops, rows: stops.stops }}
        columns={stopColumns}
        emptyKey="spot.stops.none"
        style={{ marginTop: 16 }}
      />
      <RevokeQuestion actor={stops.question} />
      <RevokeQuestion actor={orders.question} />
    </>
  );
}
