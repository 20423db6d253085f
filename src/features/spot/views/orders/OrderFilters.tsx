import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Pair } from '../../../../../domain/api';
import { DataTable, type Column } from '../../../../app/ui/DataTable';
import { Panel } from '../../../../app/ui/Panel';
import { ListStatus, Pager } from '../../../../app/ui/RecordFilters';

export const FilterBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  padding: 10px 14px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  select {
    background: ${({ theme }) => theme.color.panelRaised};
    border: 1px solid ${({ theme }) => theme.color.fieldBorder};
    border-radius: ${({ theme }) => theme.radius};
    padding: 4px 8px;
  }
  label { display: flex; align-items: center; gap: 6px; color: ${({ theme }) => theme.color.textDim}; }
  .spacer { flex: 1; }
`;

/** All pairs, or one tradable pair. */
export function PairFilter(props: { pairs: Pair[]; symbol: string | undefined; onChange: (symbol: string | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <label>
      {t('col.pair')}
      <select value={props.symbol ?? ''} onChange={(e) => props.onChange(e.target.value || undefined)}>
        <option value="">{t('spot.filter.allPairs')}</option>
        {props.pairs
          .filter((p) => p.trade_status === 1)
          .map((p) => {
            const symbol = `${p.left_symbol}_${p.right_symbol}`;
            return (
              <option key={symbol} value={symbol}>
                {p.left_symbol}/{p.right_symbol}
              </option>
            );
          })}
      </select>
    </label>
  );
}

/** The shared record pager (src/app/ui/RecordFilters.tsx) at the foot of an orders panel. */
export const PanelPager = styled(Pager)`
  padding: 8px 14px;
`;

/** A page of one of the lists as its hook gives it (open orders, waiting stops, history). */
export interface OrdersPage<Row> {
  rows: Row[];
  page: number;
  size: number;
  total: number;
  loading?: boolean;
  loadFailed: boolean;
  goToPage: (page: number) => void;
  retry: () => void;
}

/**
 * One list of /order/spot-current and spot-history: its filter bar (the caller's filters, then
 * "Loading…" or Retry at the end), the table named `label` and the pager at its foot.
 */
export function OrdersListPanel<Row extends { id: number }>(props: {
  label: string;
  filters: ReactNode;
  list: OrdersPage<Row>;
  columns: Column<Row>[];
  emptyKey: string;
  named?: boolean;
  style?: CSSProperties;
}) {
  const { list } = props;
  return (
    <Panel aria-label={props.named ? props.label : undefined} style={props.style}>
      <FilterBar>
        {props.filters}
        <span className="spacer" />
        <ListStatus loading={list.loading ?? false} failed={list.loadFailed} onRetry={list.retry} />
      </FilterBar>
      <div style={{ overflowX: 'auto' }}>
        <DataTable columns={props.columns} rows={list.rows} rowKey={(row) => String(row.id)} label={props.label} emptyKey={props.emptyKey} />
      </div>
      <PanelPager page={list.page} size={list.size} total={list.total} onPage={list.goToPage} />
    </Panel>
  );
}
