import { Fragment, Suspense, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ScrollCues } from '../layout/lazyParts';

export interface Column<Row> {
  /** Translation key of the header. */
  key: string;
  align?: 'left' | 'right' | 'center';
  render?: (row: Row) => ReactNode;
  /** Header click, for sortable columns. */
  onSort?: () => void;
  sorted?: 'asc' | 'desc';
}

/** The fade at a scroller's hidden edge (ScrollCues) and its chevron: 28 and 22 px. */
const PIN_CLEARANCE = 30;

const Table = styled.table`
  th, td { padding: 7px 12px; text-align: left; white-space: nowrap; }
  th { color: ${({ theme }) => theme.color.textDim}; font-weight: 500; font-size: ${({ theme }) => theme.size.small}; border-bottom: 1px solid ${({ theme }) => theme.color.border}; }
  tbody tr:hover { background: ${({ theme }) => theme.color.hover}; }
  tbody td { border-bottom: 1px solid ${({ theme }) => theme.color.border}40; }
  .right { text-align: right; }
  .center { text-align: center; }
  th button { all: unset; cursor: pointer; }
  /* pinLast: the last column (a row's actions) stays in view at the right edge while a wide row
     scrolls under it (issue 50 M19: cut to "Cance" at 1440 px). While the table scrolls (ScrollCues
     makes its scroller a keyboard stop then), the column keeps clear of the edge's fade and the
     header's chevron, which cut "Aktionen" to "Aktione" on a phone. */
  &[data-pin-last] th:last-child,
  &[data-pin-last] td:last-child {
    position: sticky;
    right: 0;
    background: ${({ theme }) => theme.color.panel};
    box-shadow: -6px 0 6px -6px ${({ theme }) => theme.color.border};
  }
  [tabindex] > &[data-pin-last] th:last-child,
  [tabindex] > &[data-pin-last] td:last-child { padding-right: ${PIN_CLEARANCE}px; }
`;

/**
 * Wide tables scroll sideways inside their panel, never the page (a phone, a narrow window); the
 * table's own width never widens what holds it either (the frame's inline-size containment: a
 * grid track sized to its content, say). One that scrolls says so on screen and is a region the
 * keyboard can focus and scroll (ScrollCues, fetched after the first render: not in what /home
 * loads first).
 */
const Contained = styled.div`
  overflow-x: auto;
  max-width: 100%;
`;

const Empty = styled.td`
  text-align: center !important; color: ${({ theme }) => theme.color.textFaint}; padding: 36px 12px !important;
`;

/** Which row is which (React's key): `rowKey`, or without it the rows' own `id`. */
export type RowKeyProp<Row> = { rowKey: (row: Row) => string } | { rowKey?: undefined; rows: readonly { id: number | string }[] };

/**
 * A dense table with translated headers. With no rows it says so plainly in the body (an honest
 * empty state), under the real column headers of the page.
 */
export function DataTable<Row>(
  props: {
    columns: Column<Row>[];
    rows: Row[];
    emptyKey?: string;
    label?: string;
    /** Wraps a row's cells in its own <tr> (e.g. a drop target); the default is a plain <tr>. */
    renderRow?: (row: Row, cells: ReactNode) => ReactNode;
    /** The last column (a row's actions) stays in view while the rest scrolls sideways under it. */
    pinLast?: boolean;
  } & RowKeyProp<Row>,
) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  return (
    <div style={{ position: 'relative', contain: 'inline-size' }}>
    <Contained ref={scroller} data-scroller>
    <Table aria-label={props.label} data-pin-last={props.pinLast || undefined}>
      <thead>
        <tr>
          {props.columns.map((c) => (
            <th key={c.key} className={c.align ?? 'left'} aria-sort={c.sorted === 'asc' ? 'ascending' : c.sorted === 'desc' ? 'descending' : undefined}>
              {c.onSort ? (
                <button type="button" onClick={c.onSort}>
                  {t(c.key)} <span aria-hidden>{c.sorted === 'asc' ? '▲' : c.sorted === 'desc' ? '▼' : '↕'}</span>
                </button>
              ) : (
                t(c.key)
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.length === 0 ? (
          <tr>
            <Empty colSpan={props.columns.length}>
              <div className="empty">{t(props.emptyKey ?? 'common.noData')}</div>
            </Empty>
          </tr>
        ) : (
          props.rows.map((row) => {
            const key = props.rowKey ? props.rowKey(row) : (row as { id: number | string }).id;
            const cells = props.columns.map((c) => (
              <td key={c.key} className={c.align ?? 'left'}>
                {c.render ? c.render(row) : null}
              </td>
            ));
            return props.renderRow ? <Fragment key={key}>{props.renderRow(row, cells)}</Fragment> : <tr key={key}>{cells}</tr>;
          })
        )}
      </tbody>
    </Table>
    </Contained>
    <Suspense fallback={null}>
      <ScrollCues scroller={scroller} label={props.label} />
    </Suspense>
    </div>
  );
}
