import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Pair } from '../../../../domain/api';
import { KLINE_INTERVALS, type KlineInterval } from '../../../../domain/constants';
import type { KlineActorRef } from '../machines/kline/kline.machine';
import { Panel, PanelHeader } from '../../../app/ui/Panel';
import { PressedChoice } from '../../../app/ui/Segmented';
import { PHONE } from '../../../app/theme';
import type { ChartLevel } from './chart/chartAdapter';
import { Frame, Overlay } from './chart/chartFrame';

/**
 * The chart and its library (klinecharts, ≈50 KB gzip) in a chunk of their own, so the trade page's
 * price, book and trades do not wait for them: on Fast 3G the library was the last of the page's
 * scripts to arrive (issue 55). The route's HTML names the chunk beside the page's
 * (scripts/vite/routePreloads.ts), so it is fetched from the start all the same. Asked for when
 * this module runs, not at the chart's first render: a page prefetched on idle brings its chart
 * along, as it did when the chart was imported statically.
 */
const chartModule = import('./chart/KlineChart');
// A failed fetch is the lazy chart's to report (when drawn); not an unhandled rejection before that.
chartModule.catch(() => undefined);
const KlineChart = lazy(async () => ({ default: (await chartModule).KlineChart }));

const INTERVAL_KEYS: Record<KlineInterval, string> = {
  '1min': 'trade.interval.1min',
  '5min': 'trade.interval.5min',
  '15min': 'trade.interval.15min',
  '30min': 'trade.interval.30min',
  '60min': 'trade.interval.60min',
  '1day': 'trade.interval.1day',
  '1week': 'trade.interval.1week',
  '1mon': 'trade.interval.1mon',
};

const Column = styled(Panel)`
  display: flex;
  flex-direction: column;
  min-height: 0;
`;

// A phone's taps want 32 px, not the 21 px of the words.
const Intervals = styled.div`
  display: flex;
  gap: 2px;
  button {
    all: unset;
    cursor: pointer;
    padding: 2px 8px;
    border-radius: 3px;
    font-size: 12px;
    color: ${({ theme }) => theme.color.textDim};
    &:hover { color: ${({ theme }) => theme.color.text}; }
    &[aria-pressed='true'] { color: ${({ theme }) => theme.color.accent}; background: ${({ theme }) => theme.color.hover}; font-weight: 600; }
    &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; }
  }
  ${PHONE} { flex-wrap: wrap; button { display: inline-flex; align-items: center; min-height: 32px; box-sizing: border-box; padding: 2px 6px; } }
`;

const Indicators = styled.span`
  font-size: 11px;
  color: ${({ theme }) => theme.color.textFaint};
  letter-spacing: 0.3px;
  ${PHONE} { display: none; }
`;

/** The candle chart with the spec's eight intervals; a click reloads the chart for that interval. */
export function ChartPanel(props: { klineRef: KlineActorRef; pair: Pair; interval: KlineInterval; onInterval: (i: KlineInterval) => void; className?: string; label?: string; levels?: ChartLevel[] }) {
  const { t } = useTranslation();
  return (
    <Column className={props.className}>
      <PanelHeader>
        <PressedChoice frame={Intervals} role="group" label={t('trade.intervals')} value={props.interval} options={KLINE_INTERVALS.map((i) => [i, t(INTERVAL_KEYS[i])] as const)} onChoose={(i) => props.onInterval(i)} />
        <Indicators aria-label={t('trade.indicators')}>MA(7,25,99) · VOL</Indicators>
      </PanelHeader>
      {/* Until the chart's chunk has come: the chart's box with its loading note, so nothing moves. */}
      <Suspense
        fallback={
          <Frame>
            <Overlay>{t('trade.chartLoading')}</Overlay>
          </Frame>
        }
      >
        <KlineChart key={props.klineRef.id + props.klineRef.sessionId} klineRef={props.klineRef} pair={props.pair} label={props.label} levels={props.levels} />
      </Suspense>
    </Column>
  );
}
