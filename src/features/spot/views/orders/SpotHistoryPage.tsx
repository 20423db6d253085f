import { useTranslation } from 'react-i18next';
import { useAppFlow } from '../../../../app/views/hooks';
import { useOrderHistory, useStopHistory } from '../../spot.hooks';
import { useStopColumns } from './stopColumns';
import { PageTitle } from '../../../../app/ui/Panel';
import { useOrderColumns } from './orderColumns';
import { DaysFilter } from '../../../../app/ui/RecordFilters';
import { OrdersListPanel, PairFilter } from './OrderFilters';

/**
 * /order/spot-history: finished spot orders, the 3/7/30-day presets, a pair filter and paging; below
 * them the stop orders that are over — cancelled, failed, or triggered with their order finished
 * (issue 50 M11), each with the order it placed or its OCO's limit leg.
 */
export function SpotHistoryPage() {
  const { t } = useTranslation();
  const { pairs } = useAppFlow();
  const history = useOrderHistory({});
  const columns = useOrderColumns({ kind: 'history', withPair: true });
  const stops = useStopHistory({});
  const stopColumns = useStopColumns({ withPair: true });
  return (
    <>
      <PageTitle>{t('page.order.spotHistory')}</PageTitle>
      <OrdersListPanel
        label={t('page.order.spotHistory')}
        filters={
          <>
            <DaysFilter days={history.days} onChange={history.setDays} />
            <PairFilter pairs={pairs} symbol={history.symbol} onChange={history.filter} />
          </>
        }
        list={{ ...history, rows: history.orders }}
        columns={columns}
        emptyKey="spot.orders.noHistory"
      />
      <h2 style={{ margin: '16px 0 8px', fontSize: 16 }}>{t('spot.stops.history')}</h2>
      <OrdersListPanel
        label={t('spot.stops.history')}
        named
        filters={
          <>
            <DaysFilter days={stops.days} onChange={stops.setDays} />
            <PairFilter pairs={pairs} symbol={stops.symbol} onChange={stops.filter} />
          </>
        }
        list={{ ...stops, rows: stops.stops }}
        columns={stopColumns}
        emptyKey="spot.stops.noHistory"
      />
    </>
  );
}
