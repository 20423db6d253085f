/**
 * The one place where money becomes a float: klinecharts draws with numbers, so a candle's
 * decimal strings are converted here, for drawing only. Nothing computed from these numbers is
 * ever shown as a price; labels come from the chart's own formatter at the pair's precision.
 */
import type { KLineData, Period } from 'klinecharts';
import type { KlineInterval } from '../../../../../../domain/constants';
import type { KlineBar } from '../../../../../../domain/market';

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
