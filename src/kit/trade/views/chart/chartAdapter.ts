/**
 * The one place where money becomes a float: klinecharts draws with numbers, so a candle's
 * decimal strings are converted here, for drawing only. Nothing computed from these numbers is
 * ever shown as a price; labels come from the chart's own formatter at the pair's precision.
 */
import type { KLineData, OverlayCreate, Period } from 'klinecharts';
import type { KlineInterval } from '../../../../../domain/constants';
import type { KlineBar } from '../../../../../domain/market';

export function toChartBar(bar: KlineBar): KLineData {
  return {
    timestamp: bar.time,
    open: Number(bar.open),
    high: Number(bar.high),
    low: Number(bar.low),
    close: Number(bar.close),
    volume: Number(bar.amount),
    turnover: Number(bar.vol),
  };
}

/** A price the chart marks with a dashed line and a tag on its price axis (seconds: a live contract's buy price). */
export interface ChartLevel {
  key: string;
  price: string;
  /** The axis tag's text: the price as the product shows it (klinecharts 10's simpleTag shows nothing without one). */
  label: string;
  /** Its colour: the theme's up or down. */
  color: string;
}

/** A level as a klinecharts `simpleTag` overlay: the line across and the tag on the price axis. */
export function toChartLevel(level: ChartLevel, groupId: string, textColor: string): OverlayCreate {
  return {
    name: 'simpleTag',
    groupId,
    lock: true,
    points: [{ value: Number(level.price) }],
    extendData: level.label,
    styles: {
      line: { color: level.color, style: 'dashed', dashedValue: [4, 3] },
      text: { color: textColor, backgroundColor: level.color, borderColor: level.color },
    },
  };
}

export const CHART_PERIODS: Record<KlineInterval, Period> = {
  '1min': { type: 'minute', span: 1 },
  '5min': { type: 'minute', span: 5 },
  '15min': { type: 'minute', span: 15 },
  '30min': { type: 'minute', span: 30 },
  '60min': { type: 'hour', span: 1 },
  '1day': { type: 'day', span: 1 },
  '1week': { type: 'week', span: 1 },
  '1mon': { type: 'month', span: 1 },
};
