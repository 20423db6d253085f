import { useTranslation } from 'react-i18next';
import type { Pair } from '../../../../../domain/api';
import type { RecordDays } from '../../../../../domain/wallet';
import { useAppFlow } from '../../../../app/views/hooks';
import { useFillsStatement, useOrderHistory, useStopHistory } from '../../spot.hooks';
import { StatementExport } from '../../../../app/ui/StatementExport';
import { useStopColumns } from './stopColumns';
import { PageTitle } from '../../../../app/ui/Panel';
import { useOrderColumns } from './orderColumns';
import { DaysFilter } from '../../../../app/ui/RecordFilters';
import { OrdersListPanel, PairFilter } from './OrderFilters';

/** A history list's filters: the day presets and the pair. */
function HistoryFilters(props: { pairs: Pair[]; list: { days: RecordDays; setDays: (days: RecordDays) => void; symbol: string | undefined; filter: (symbol: string | undefined) => void } }) {
  const { list } = props;
  return (
    <>
      <DaysFilter days={list.days} onChange={list.setDays} />
      <PairFilter pairs={props.pairs} symbol={list.symbol} onChange={list.filter} />
    </>
  );
}

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
  const statement = useFillsStatement();
  return (
    <>
      <PageTitle>{t('page.order.spotHistory')}</PageTitle>
      <StatementExport what={t('statement.spotFills')} {...statement} />
      <OrdersListPanel
        label={t('page.order.spotHistory')}
        filters={<HistoryFilters pairs={pairs} list={history} />}
        list={{ ...history, rows: history.orders }}
        columns={columns}
        emptyKey="spot.orders.noHistory"
      />
      <h2 style={{ margin: '16px 0 8px', fontSize: 16 }}>{t('spot.stops.history')}</h2>
      <OrdersListPanel
        label={t('spot.stops.history')}
        named
        filters={<HistoryFilters pairs={pairs} list={stops} />}
        list={{ ...stops, rows: stops.stops }}
        columns={stopColumns}
        emptyKey="spot.stops.noHistory"
      />
    </>
  );
}
