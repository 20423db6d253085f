import { useTranslation } from 'react-i18next';
import { useAppFlow } from '../../../../app/views/hooks';
import { useOrderHistory } from '../../spot.hooks';
import { PageTitle } from '../../../../app/ui/Panel';
import { useOrderColumns } from './orderColumns';
import { DaysFilter } from '../../../../app/ui/RecordFilters';
import { OrdersListPanel, PairFilter } from './OrderFilters';

/** /order/spot-history: finished spot orders, the 3/7/30-day presets, a pair filter and paging. */
export function SpotHistoryPage() {
  const { t } = useTranslation();
  const { pairs } = useAppFlow();
  const history = useOrderHistory({});
  const columns = useOrderColumns({ kind: 'history', withPair: true });
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
    </>
  );
}
