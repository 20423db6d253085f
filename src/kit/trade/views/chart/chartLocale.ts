import { registerLocale, type Chart } from 'klinecharts';
import type { TFunction } from 'i18next';

/** Languages that write a full-width colon after a label. */
const FULL_WIDTH_COLON = new Set(['ja_JP', 'zh_TW']);

/**
 * Registers the chart's tooltip labels in the app language and returns the locale name to use.
 * The period words stay empty: the tooltip title shows the pair only (chartStyles), and the
 * chosen interval is on the buttons above the chart.
 */
export function registerChartLocale(lang: string, t: TFunction): string {
  const name = `openex-${lang}`;
  const colon = FULL_WIDTH_COLON.has(lang) ? '：' : ': ';
  const label = (key: string) => `${t(key)}${colon}`;
  registerLocale(name, {
    time: label('chart.time'),
    open: label('chart.open'),
    high: label('chart.high'),
    low: label('chart.low'),
    close: label('chart.close'),
    volume: label('chart.volume'),
    change: label('chart.change'),
    turnover: label('chart.turnover'),
    second: '',
    minute: '',
    hour: '',
    day: '',
    week: '',
    month: '',
    year: '',
  });
  return name;
}

/**
 * The volume pane's legend ("VOLUME: 0.06354"): the widget writes its bars' title in English, not
 * through its locale; here in the app language ("Объём: 0,06354").
 */
export function localiseVolumeLegend(chart: Chart, lang: string, t: TFunction): void {
  const colon = FULL_WIDTH_COLON.has(lang) ? '：' : ': ';
  const vol = chart.getIndicators({ paneId: 'vol_pane', name: 'VOL' })[0];
  if (!vol) return;
  chart.overrideIndicator({ name: 'VOL', paneId: 'vol_pane', figures: vol.figures.map((f) => (f.key === 'volume' ? { ...f, title: `${t('chart.volume')}${colon}` } : f)) });
}
