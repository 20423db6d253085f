/**
 * The one place where the treasury's money becomes a float: klinecharts draws with numbers, so each
 * day's exact figure is converted here, for drawing only. Every number shown as text (the table,
 * the CSV) is the exact decimal string. The chart library arrives with this module, which the desk
 * fetches lazily: neither is on the site's pages.
 */
import { dispose, init, type Chart, type DeepPartial, type KLineData, type Styles } from 'klinecharts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { useTheme } from 'styled-components';
import type { Theme } from '../../../app/theme';
import type { ChartPoint } from '../machines/treasuryDesk/treasuryDesk.selectors';

const Frame = styled.div`
  height: 260px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
`;

/** A day's figure as one flat bar of the area line (open = high = low = close). */
const toBar = (p: ChartPoint): KLineData => {
  const value = Number(p.value);
  return { timestamp: p.day, open: value, high: value, low: value, close: value };
};

function styles(theme: Theme, dayTitle: string, valueTitle: string): DeepPartial<Styles> {
  const { color, font } = theme;
  const text = { color: color.textDim, family: font.body, size: 11 };
  const line = { color: color.border, size: 1 };
  const crossText = { color: color.text, backgroundColor: color.panelRaised, borderColor: color.border, family: font.body, size: 11 };
  return {
    grid: { horizontal: { color: `${color.border}99`, style: 'dashed', dashedValue: [2, 3] }, vertical: { show: false } },
    candle: {
      type: 'area',
      area: { lineColor: color.accent, lineSize: 2, backgroundColor: [{ offset: 0, color: `${color.accent}05` }, { offset: 1, color: `${color.accent}40` }] },
      priceMark: { high: { show: false }, low: { show: false }, last: { show: false } },
      tooltip: {
        title: { show: false },
        legend: { color: color.textDim, family: font.body, size: 11, template: [{ title: `${dayTitle}: `, value: '{time}' }, { title: `${valueTitle}: `, value: '{close}' }] },
      },
    },
    xAxis: { axisLine: line, tickLine: line, tickText: text },
    yAxis: { axisLine: line, tickLine: line, tickText: text },
    crosshair: { horizontal: { line: { color: color.textFaint }, text: crossText }, vertical: { line: { color: color.textFaint }, text: crossText } },
  };
}

/** One figure per day as an area line (klinecharts, the trade page's chart library). */
export function SeriesChart(props: { points: ChartPoint[]; label: string; precision: number }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const bars = useRef<KLineData[]>(props.points.map(toBar));
  bars.current = props.points.map(toBar);
  // What is drawn, as one value: a render with the same figures (the desk re-rendering for the balance sheet) redraws nothing.
  const drawn = props.points.map((p) => `${p.day}:${p.value}`).join(',');

  // effect: klinecharts draws into this DOM node, which exists only after the commit.
  useEffect(() => {
    const element = host.current!;
    const created = init(element, { styles: styles(theme, t('treasury.chart.day'), t('treasury.chart.value')) });
    if (!created) return;
    chart.current = created;
    created.setSymbol({ ticker: props.label, pricePrecision: props.precision, volumePrecision: 0 });
    created.setPeriod({ type: 'day', span: 1 });
    created.setDataLoader({ getBars: ({ callback }) => callback(bars.current, { forward: false, backward: false }) });
    return () => {
      dispose(element);
      chart.current = null;
    };
    // Created once: the desk keys this component by figure, range and currency; new points go through the effect below.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- created once (see above); the later effects pass new figures, texts and theme
  }, []);

  // effect: the widget holds its own data and styles, outside React's tree; new points or a theme or language change are told to it.
  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.setStyles(styles(theme, t('treasury.chart.day'), t('treasury.chart.value')));
    c.resetData();
    // The whole range across the width (the price axis takes about 90 px), not the library's default bar width.
    const width = host.current?.clientWidth ?? 0;
    if (width > 0 && bars.current.length > 0) {
      c.setOffsetRightDistance(12);
      c.setBarSpace(Math.max(1, (width - 90) / (bars.current.length + 1)));
    }
  }, [drawn, theme, t]);

  return <Frame ref={host} role="img" aria-label={props.label} data-testid="treasury-chart" />;
}
