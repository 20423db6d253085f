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
  /** A class on the column's header and cells, for the page's own rules (/home hides two in a narrow table). */
  className?: string;
}

const cellClass = (c: Column<never>) => `${c.align ?? 'left'}${c.className ? ` ${c.className}` : ''}`;

/** The chevron at a scrolling table's end (ScrollCues: 22 px from the edge) and the 28 px the header's text keeps clear of the edge. */
const PIN_CLEARANCE = 30;

/** The pinned column's cells (not the empty state's one cell across the table), `within` a scroller's state. */
const pinned = (within = '') => `${within} &[data-pin-last] th:last-child, ${within} &[data-pin-last] td:last-child:not([colspan])`;

/**
 * pinLast: the last column (a row's actions) stays in view at the right edge while a wide row
 * scrolls under it (issue 50 M19: cut to "Cance" at 1440 px), on an opaque background (the row's
 * hover too). It takes no more width than it needs, since what it takes it covers of the column
 * before it (a phone lost that column's end: "Not disburse", "Fi"): ScrollCues fades no pinned
 * edge (it would fade the column), so only the header keeps clear of the chevron there (it cut
 * "Aktionen" to "Aktione" on a phone), and the gap on its left is narrower (its edge sets it off).
 * Its edge, a line and a shadow over what passes under it, shows only while something does
 * (ScrollCues marks the scroller data-more-end): none when the table fits or is scrolled to its end.
 * No comments inside the CSS: a template's text ships as written.
 */
const Table = styled.table`
  th, td { padding: 7px 12px; text-align: left; white-space: nowrap; }
  th { color: ${({ theme }) => theme.color.textDim}; font-weight: 500; font-size: ${({ theme }) => theme.size.small}; border-bottom: 1px solid ${({ theme }) => theme.color.border}; }
  tbody tr:hover { background: ${({ theme }) => theme.color.hover}; }
  tbody td { border-bottom: 1px solid ${({ theme }) => theme.color.border}40; }
  .right { text-align: right; }
  .center { text-align: center; }
  th button { all: unset; cursor: pointer; }
  ${pinned()} {
    position: sticky;
    right: 0;
    padding-left: 8px;
    background: ${({ theme }) => theme.color.panel};
  }
  &[data-pin-last] tbody tr:hover td:last-child { background: ${({ theme }) => theme.color.hover}; }
  [tabindex] > &[data-pin-last] th:last-child { padding-right: ${PIN_CLEARANCE}px; }
  ${pinned('[data-more-end] >')} {
    box-shadow: inset 1px 0 0 ${({ theme }) => theme.color.border}, -8px 0 8px -8px ${({ theme }) => theme.color.overlay};
  }
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
            <th key={c.key} className={cellClass(c)} aria-sort={c.sorted === 'asc' ? 'ascending' : c.sorted === 'desc' ? 'descending' : undefined}>
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
              <td key={c.key} className={cellClass(c)}>
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
      <ScrollCues scroller={scroller} label={props.label} pinnedEnd={props.pinLast} />
    </Suspense>
    </div>
  );
}
