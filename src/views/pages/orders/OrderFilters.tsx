import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Pair } from '../../../domain/api';
import { RECORD_DAYS, type RecordDays } from '../../../domain/wallet';
import { Button } from '../../ui/Button';

export const FilterBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  padding: 10px 14px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  select {
    background: ${({ theme }) => theme.color.panelRaised};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius};
    padding: 4px 8px;
  }
  label { display: flex; align-items: center; gap: 6px; color: ${({ theme }) => theme.color.textDim}; }
  .spacer { flex: 1; }
`;

const DAY_KEYS: Record<RecordDays, string> = { 3: 'spot.filter.days3', 7: 'spot.filter.days7', 30: 'spot.filter.days30' };

/** Spec §9 presets: the last 3, 7 or 30 days. */
export function DaysFilter(props: { days: RecordDays; onChange: (days: RecordDays) => void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('spot.filter.period')} style={{ display: 'flex', gap: 4 }}>
      {RECORD_DAYS.map((d) => (
        <Button key={d} type="button" $small $variant={d === props.days ? 'primary' : 'ghost'} aria-pressed={d === props.days} onClick={() => props.onChange(d)}>
          {t(DAY_KEYS[d])}
        </Button>
      ))}
    </div>
  );
}

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

const PagerBar = styled.nav`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: 10px;
  padding: 8px 14px;
  color: ${({ theme }) => theme.color.textDim};
  font-size: 12px;
`;

export function Pager(props: { page: number; size: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(props.total / props.size));
  if (props.total <= props.size && props.page === 1) return null;
  return (
    <PagerBar aria-label={t('spot.pager.label')}>
      <Button type="button" $small $variant="ghost" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        {t('spot.pager.previous')}
      </Button>
      <span className="num">{t('spot.pager.position', { page: props.page, pages })}</span>
      <Button type="button" $small $variant="ghost" disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)}>
        {t('spot.pager.next')}
      </Button>
    </PagerBar>
  );
}
