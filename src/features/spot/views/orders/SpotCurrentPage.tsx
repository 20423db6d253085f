import { useTranslation } from 'react-i18next';
import { useAppFlow } from '../../../../app/views/hooks';
import { useOpenOrders, useOpenStops } from '../../spot.hooks';
import { Button } from '../../../../app/ui/Button';
import { DataTable } from '../../../../app/ui/DataTable';
import { PageTitle, Panel } from '../../../../app/ui/Panel';
import { useOrderColumns } from './orderColumns';
import { useStopColumns } from './stopColumns';
import { FilterBar, PairFilter, PanelPager } from './OrderFilters';
import { RevokeDialog, RevokeQuestion } from './RevokeDialog';

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
      <Panel>
        <FilterBar>
          <PairFilter
            pairs={pairs}
            symbol={orders.symbol}
            onChange={(symbol) => {
              orders.filter(symbol);
              stops.filter(symbol);
            }}
          />
          <span className="spacer" />
          {orders.loading && <span role="status">{t('common.loading')}</span>}
          {orders.loadFailed && (
            <Button type="button" $small $variant="ghost" onClick={orders.retry}>
              {t('common.retry')}
            </Button>
          )}
        </FilterBar>
        <div style={{ overflowX: 'auto' }}>
          <DataTable columns={columns} rows={orders.orders} rowKey={(o) => String(o.id)} label={t('page.order.spotCurrent')} emptyKey="spot.orders.noOpen" />
        </div>
        <PanelPager page={orders.page} size={orders.size} total={orders.total} onPage={orders.goToPage} />
      </Panel>
      <Panel aria-label={t('spot.stops.title')} style={{ marginTop: 16 }}>
        <FilterBar>
          <h2 style={{ margin: 0, fontSize: 15 }}>{t('spot.stops.title')}</h2>
          <span className="spacer" />
          {stops.loadFailed && (
            <Button type="button" $small $variant="ghost" onClick={stops.retry}>
              {t('common.retry')}
            </Button>
          )}
        </FilterBar>
        <div style={{ overflowX: 'auto' }}>
          <DataTable columns={stopColumns} rows={stops.stops} rowKey={(s) => String(s.id)} label={t('spot.stops.title')} emptyKey="spot.stops.none" />
        </div>
        <PanelPager page={stops.page} size={stops.size} total={stops.total} onPage={stops.goToPage} />
      </Panel>
      {(stops.confirming || stops.cancelling) && <RevokeDialog busy={stops.cancelling} onConfirm={stops.confirm} onCancel={stops.dismiss} />}
      <RevokeQuestion actor={orders.question} />
    </>
  );
}
