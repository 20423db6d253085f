import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Pair } from '../../../../domain/api';
import { KLINE_INTERVALS, type KlineInterval } from '../../../../domain/constants';
import type { KlineActorRef } from '../machines/kline/kline.machine';
import { Panel, PanelHeader } from '../../../app/ui/Panel';
import { PressedChoice } from '../../../app/ui/Segmented';
import { PHONE } from '../../../app/theme';
import { KlineChart } from './chart/KlineChart';
import type { ChartLevel } from './chart/chartAdapter';

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
  ${PHONE} { flex-wrap: wrap; button { padding: 2px 6px; } }
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
      <KlineChart key={props.klineRef.id + props.klineRef.sessionId} klineRef={props.klineRef} pair={props.pair} label={props.label} levels={props.levels} />
    </Column>
  );
}
