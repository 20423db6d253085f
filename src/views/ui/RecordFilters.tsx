import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { RECORD_DAYS, type RecordDays } from '../../domain/wallet';

/**
 * Segmented buttons: one bordered strip, the chosen segment filled with the accent. Used by the
 * record presets and pager here, and by tabs and network choices elsewhere. One strip reads as one
 * choice in both themes, where separate buttons made the presets look like unrelated actions.
 */
export const Segmented = styled.div`
  display: inline-flex;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  overflow: hidden;
  button {
    all: unset;
    cursor: pointer;
    padding: 4px 12px;
    font-size: 12px;
    white-space: nowrap;
    color: ${({ theme }) => theme.color.textDim};
    &:not(:last-child) { border-right: 1px solid ${({ theme }) => theme.color.border}; }
    &:hover { color: ${({ theme }) => theme.color.text}; background: ${({ theme }) => theme.color.hover}; }
    &[aria-pressed='true'], &[aria-selected='true'] { color: ${({ theme }) => theme.color.accentText}; background: ${({ theme }) => theme.color.accent}; font-weight: 600; }
    &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; outline-offset: -2px; }
    &:disabled { opacity: 0.5; cursor: not-allowed; background: transparent; }
  }
`;

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

const PagerRow = styled.nav`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: 10px;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textDim};
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
      <span className="num">{t('records.pager.summary', { page: props.page, pages, total: props.total })}</span>
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
