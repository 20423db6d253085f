import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { price as priceFigure } from '../../../../domain/figures';
import type { SecondsContractActorRef } from '../machines/secondsContract/secondsContract.machine';
import { CHART_BOX, liveContracts, priceChartGeometry } from './priceChartGeometry';
import { directionArrow } from './secondsFigures';
import { ChartSvg } from './secondsTrade.styles';

/** The last ~2 minutes of live prices (presentation only: what the chart draws). */
export function usePriceTrail(price: string | undefined): string[] {
  const [trail, setTrail] = useState<string[]>([]);
  useEffect(() => {
    if (price !== undefined) setTrail((t) => [...t.slice(-119), price]);
  }, [price]);
  return trail;
}

/** A line of the live price (spread over the width) with each open contract's buy price as a dashed level. */
export function PriceChart(props: { trail: string[]; cards: SecondsContractActorRef[]; places: number }) {
  const { t } = useTranslation();
  const viewBox = `0 0 ${CHART_BOX.width} ${CHART_BOX.height}`;
  const chart = priceChartGeometry(props.trail, liveContracts(props.cards));
  if (!chart) return <ChartSvg viewBox={viewBox} role="img" aria-label={t('seconds.priceChart')} />;
  // The axis and level labels are the pair's prices.
  const label = (value: string) => priceFigure(value, props.places);
  const labelX = CHART_BOX.plot + 6;
  return (
    <ChartSvg viewBox={viewBox} role="img" aria-label={t('seconds.priceChart')} preserveAspectRatio="none">
      {chart.axis.map((a) => (
        <g key={a.key}>
          <line className="grid" x1="0" x2={CHART_BOX.plot} y1={a.y} y2={a.y} />
          <text className="axis" x={labelX} y={a.y + 3}>{label(a.price)}</text>
        </g>
      ))}
      {chart.levels.map((l) => (
        <g key={l.id} className={`level ${l.direction}`}>
          <line x1="0" x2={CHART_BOX.plot} y1={l.y} y2={l.y} />
          <text x="4" y={l.y - 3}>
            #{l.id} {directionArrow(l.direction)} {label(l.price)}
          </text>
        </g>
      ))}
      <polyline className="line" points={chart.points} />
      <g className="last">
        <rect x={CHART_BOX.plot + 2} y={chart.last.y - 7} width="76" height="14" rx="2" />
        <text x={labelX} y={chart.last.y + 3}>{label(chart.last.price)}</text>
      </g>
    </ChartSvg>
  );
}
