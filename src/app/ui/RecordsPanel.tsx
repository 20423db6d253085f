import type { ReactNode } from 'react';
import { DataTable, type Column } from './DataTable';
import { PageTitle, Panel, PanelBody } from './Panel';
import { TitleRow } from './TitledPanel';
import { RecordListEnd, type PagedList } from './RecordFilters';

/** A paged list as its hook gives it: the page's rows (typed by the page) and whether it is loading. */
export interface PagedRecords extends PagedList {
  rows: readonly unknown[];
  loading: boolean;
}

/** A row told apart by its `id` (a page given no `rowKey`). */
const rowId = (row: unknown) => String((row as { id: number | string }).id);

/**
 * A page that is one paged record list (orders, records): the title with what goes beside it (a
 * link, the day presets), the caller's filters, the table named by the title ("loading" while the
 * first page is read, else `emptyKey`), then the list's foot (retry, pager).
 */
export function RecordsPanel<Row>(props: {
  title: string;
  beside?: ReactNode;
  wrap?: boolean;
  filters?: ReactNode;
  list: PagedRecords;
  /** Without it, the rows' own `id`. */
  rowKey?: (row: Row) => string;
  emptyKey: string;
  columns: Column<Row>[];
}) {
  const { list } = props;
  const title = <PageTitle>{props.title}</PageTitle>;
  return (
    <Panel>
      <PanelBody>
        {props.beside ? (
          <TitleRow $wrap={props.wrap}>
            {title}
            {props.beside}
          </TitleRow>
        ) : (
          title
        )}
        {props.filters}
        <DataTable<Row> label={props.title} rows={list.rows as Row[]} rowKey={props.rowKey ?? rowId} emptyKey={list.loading ? 'common.loading' : props.emptyKey} columns={props.columns} />
        <RecordListEnd list={list} />
      </PanelBody>
    </Panel>
  );
}
