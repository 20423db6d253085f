import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { TREASURY_DAYS, TREASURY_SERIES, isoDay, type TreasuryPoint, type TreasurySeries } from '../../../../domain/treasury';
import { LEDGER_KIND_KEYS } from '../../../../domain/walletAmounts';
import { Button } from '../../../app/ui/Button';
import { DataTable } from '../../../app/ui/DataTable';
import { DeskHead } from '../../../app/ui/DeskDialog';
import { Muted } from '../../../app/ui/Panel';
import { RetryAlert } from '../../../app/ui/RetryButton';
import { PressedChoice } from '../../../app/ui/Segmented';
import { chartPoints, currenciesOf, seriesDownload, shownCurrency, tableRows } from '../machines/treasuryDesk/treasuryDesk.selectors';
import { useTreasuryDesk } from '../treasury.hooks';
import { BalanceSheetPanel } from './BalanceSheetPanel';
import { PART_KEYS, SERIES_TEXTS } from './treasuryTexts';

// The chart library comes with the chart, after the desk's own chunk: the figures' table shows meanwhile.
const SeriesChart = lazy(() => import('./SeriesChart').then((m) => ({ default: m.SeriesChart })));

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  align-items: center;
  margin: 10px 0;
`;

const ChartHolder = styled.div`
  min-height: 260px;
  margin-bottom: 12px;
`;

const Download = styled.a`
  font-size: 12px;
  color: ${({ theme }) => theme.color.accent};
`;

/** Decimal places a chart's axis needs for these figures (at most 8). */
const precisionOf = (values: string[]) => Math.min(8, Math.max(0, ...values.map((v) => (v.split('.')[1] ?? '').length)));

/**
 * /operator, "Treasury" (finance; an auditor reads it too): one figure at a time — fee income by
 * product, the insurance fund by contract, the seconds house's result, P2P escrow, ICO funds,
 * operator corrections, deposits and withdrawals — charted per day over 30 or 90 days in one
 * currency, with the ledger's numbers behind it and a CSV of the whole series; below, user
 * liabilities against holdings.
 */
export function TreasuryDesk() {
  const { t } = useTranslation();
  const desk = useTreasuryDesk();
  const currency = shownCurrency(desk.data, desk.currency);
  return (
    <section aria-label={t('treasury.title')}>
      <DeskHead>
        <h2>{t('treasury.title')}</h2>
        <Button type="button" $variant="ghost" $small onClick={desk.reload} disabled={desk.loading && desk.sheetLoading}>
          {t('treasury.reload')}
        </Button>
      </DeskHead>
      <Muted style={{ margin: '6px 0 0' }}>{t('treasury.intro')}</Muted>
      <Controls>
        <PressedChoice role="group" label={t('treasury.figure')} value={desk.series} options={TREASURY_SERIES.map((s) => [s, t(SERIES_TEXTS[s].label)] as const)} onChoose={desk.pick} />
        <PressedChoice role="group" label={t('treasury.range')} value={String(desk.days)} options={TREASURY_DAYS.map((d) => [String(d), t('treasury.days', { days: d })] as const)} onChoose={(d) => desk.range(Number(d) as (typeof TREASURY_DAYS)[number])} />
      </Controls>
      <Muted>{t(SERIES_TEXTS[desk.series].help)}</Muted>
      <RetryAlert failed={desk.failed} onRetry={desk.reload} />
      {desk.data && desk.data.name === desk.series ? <SeriesView series={desk.data} currency={currency} onCurrency={desk.chooseCurrency} /> : !desk.failed && <Muted>{t('common.loading')}</Muted>}
      <BalanceSheetPanel sheet={desk.sheet} loading={desk.sheetLoading} failed={desk.sheetFailed} onRetry={desk.reload} />
    </section>
  );
}

function SeriesView(props: { series: TreasurySeries; currency: string | undefined; onCurrency: (currency: string) => void }) {
  const { t } = useTranslation();
  const { series, currency } = props;
  const currencies = currenciesOf(series);
  const download = seriesDownload(series);
  const figure = t(SERIES_TEXTS[series.name].label);
  const points = currency === undefined ? [] : chartPoints(series, currency);
  const label = currency === undefined ? figure : t('treasury.chartLabel', { figure, currency });
  return (
    <>
      <Controls>
        {currencies.length > 0 && currency !== undefined && <PressedChoice role="group" label={t('treasury.currency')} value={currency} options={currencies.map((c) => [c, c] as const)} onChoose={props.onCurrency} />}
        <Download href={download.href} download={download.name}>
          {t('treasury.exportCsv')}
        </Download>
      </Controls>
      {currency !== undefined && (
        <ChartHolder>
          <Suspense fallback={<Muted>{t('common.loading')}</Muted>}>
            <SeriesChart key={`${series.name}/${series.days}/${currency}`} points={points} label={label} precision={precisionOf(points.map((p) => p.value))} />
          </Suspense>
        </ChartHolder>
      )}
      {currency !== undefined && series.opening[currency] !== undefined && <Muted>{t('treasury.opening', { amount: series.opening[currency], currency, day: isoDay(series.from) })}</Muted>}
      <DataTable<TreasuryPoint>
        label={label}
        rows={currency === undefined ? [] : tableRows(series, currency)}
        rowKey={(p) => `${p.day}/${p.currency}/${p.key}/${p.kind}/${p.amount.startsWith('-') ? 'out' : 'in'}`}
        emptyKey="treasury.empty"
        columns={[
          { key: 'treasury.col.day', render: (p) => isoDay(p.day) },
          { key: 'treasury.col.part', render: (p) => (PART_KEYS[p.key] ? t(PART_KEYS[p.key]!) : p.key.replace('_', '/')) },
          { key: 'treasury.col.kind', render: (p) => (LEDGER_KIND_KEYS[p.kind] ? t(LEDGER_KIND_KEYS[p.kind]!) : p.kind) },
          { key: 'treasury.col.amount', align: 'right', render: (p) => `${p.amount} ${p.currency}` },
        ]}
      />
    </>
  );
}
