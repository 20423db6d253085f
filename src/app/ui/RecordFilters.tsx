import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { RECORD_DAYS, type RecordDays } from '../../../domain/wallet';
import { RetryAlert, RetryButton } from './RetryButton';
import { Segmented } from './Segmented';

/** The spec §9 presets of every record list (orders, wallet records): the last 3, 7 or 30 days. */
export function DaysFilter(props: { days: RecordDays; onChange: (days: RecordDays) => void }) {
  const { t } = useTranslation();
  return (
    <Segmented role="group" aria-label={t('records.period')}>
      {RECORD_DAYS.map((d) => (
        <button key={d} type="button" aria-pressed={props.days === d} onClick={() => props.onChange(d)}>
          {t('records.lastDays', { days: d })}
        </button>
      ))}
    </Segmented>
  );
}

// The buttons keep their width and wrap under the summary when the row is too narrow (a 390-px
// phone in French cut "Suivant" at the card's edge): the summary gives way, never the buttons.
const PagerRow = styled.nav`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: center;
  gap: 6px 10px;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textDim};
  .summary { font-variant-numeric: tabular-nums; flex: 0 1 auto; min-width: 0; }
  > :last-child { flex: none; }
`;

/**
 * "Page 2 of 5 · 43 records" with previous and next. Nothing at all for an empty first page: the
 * table already says there are no records. `size` is the page size the list was asked for.
 */
export function Pager(props: { page: number; size: number; total: number; onPage: (page: number) => void; className?: string }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(props.total / props.size));
  if (props.total === 0 && props.page <= 1) return null;
  return (
    <PagerRow aria-label={t('records.pager.label')} className={props.className}>
      <span className="summary">{t('records.pager.summary', { page: props.page, pages, count: props.total })}</span>
      <Segmented>
        <button type="button" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
          {t('records.pager.previous')}
        </button>
        <button type="button" disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)}>
          {t('records.pager.next')}
        </button>
      </Segmented>
    </PagerRow>
  );
}

/** What a paged record list shows, as its hook gives it, for the list's foot. */
export interface PagedList {
  failed: boolean;
  retry: () => void;
  page: number;
  size: number;
  total: number;
  setPage: (page: number) => void;
}

/** The foot of a paged record list: its load failure with Retry, then the pager. */
export function RecordListEnd(props: { list: PagedList }) {
  const { list } = props;
  return (
    <>
      <RetryAlert failed={list.failed} onRetry={list.retry} />
      <Pager page={list.page} size={list.size} total={list.total} onPage={list.setPage} />
    </>
  );
}

/** A filter bar's note on its list: "Loading…" while a page is read, Retry when reading failed. */
export function ListStatus(props: { loading: boolean; failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {props.loading && <span role="status">{t('common.loading')}</span>}
      {props.failed && <RetryButton small onRetry={props.onRetry} />}
    </>
  );
}
