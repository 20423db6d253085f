import { useTranslation } from 'react-i18next';
import { useAppFlow } from '../../../../app/views/hooks';
import { useOrderHistory } from '../../spot.hooks';
import { DataTable } from '../../../../app/ui/DataTable';
import { PageTitle, Panel } from '../../../../app/ui/Panel';
import { useOrderColumns } from './orderColumns';
import { DaysFilter, ListStatus } from '../../../../app/ui/RecordFilters';
import { FilterBar, PairFilter, PanelPager } from './OrderFilters';

/** /order/spot-history: finished spot orders, the 3/7/30-day presets, a pair filter and paging. */
export function SpotHistoryPage() {
  const { t } = useTranslation();
  const { pairs } = useAppFlow();
  const history = useOrderHistory({});
  const columns = useOrderColumns({ kind: 'history', withPair: true });
  return (
    <>
      <PageTitle>{t('page.order.spotHistory')}</PageTitle>
      <Panel>
        <FilterBar>
          <DaysFilter days={history.days} onChange={history.setDays} />
          <PairFilter pairs={pairs} symbol={history.symbol} onChange={history.filter} />
          <span className="spacer" />
          <ListStatus loading={history.loading} failed={history.loadFailed} onRetry={history.retry} />
        </FilterBar>
        <div style={{ overflowX: 'auto' }}>
          <DataTable columns={columns} rows={history.orders} rowKey={(o) => String(o.id)} label={t('page.order.spotHistory')} emptyKey="spot.orders.noHistory" />
        </div>
        <PanelPager page={history.page} size={history.size} total={history.total} onPage={history.goToPage} />
      </Panel>
    </>
  );
}
