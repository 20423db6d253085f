import type { DeepPartial, Styles } from 'klinecharts';
import type { Theme } from '../../../../app/theme';

/** klinecharts styles from the app theme, so the chart matches the dark and light pages. */
export function chartStyles(theme: Theme): DeepPartial<Styles> {
  const { color, font } = theme;
  const text = { color: color.textDim, family: font.body, size: 11 };
  const line = { color: `${color.border}`, size: 1 };
  const crossText = { color: color.text, backgroundColor: color.panelRaised, borderColor: color.border, family: font.body, size: 11 };
  return {
    grid: {
      horizontal: { color: `${color.border}99`, style: 'dashed', dashedValue: [2, 3] },
      vertical: { color: `${color.border}99`, style: 'dashed', dashedValue: [2, 3] },
    },
    candle: {
      bar: {
        upColor: color.up,
        downColor: color.down,
        noChangeColor: color.textDim,
        upBorderColor: color.up,
        downBorderColor: color.down,
        noChangeBorderColor: color.textDim,
        upWickColor: color.up,
        downWickColor: color.down,
        noChangeWickColor: color.textDim,
      },
      priceMark: {
        high: { color: color.textDim, textFamily: font.body },
        low: { color: color.textDim, textFamily: font.body },
        last: {
          upColor: color.up,
          downColor: color.down,
          noChangeColor: color.textDim,
          text: { family: font.body, size: 11 },
        },
      },
      tooltip: {
        title: { color: color.text, family: font.body, size: 12, template: '{ticker}' },
        legend: { color: color.textDim, family: font.body, size: 11 },
      },
    },
    indicator: {
      ohlc: { upColor: `${color.up}aa`, downColor: `${color.down}aa`, noChangeColor: color.textDim },
      bars: [{ upColor: `${color.up}99`, downColor: `${color.down}99`, noChangeColor: color.textDim }],
      lines: [{ color: '#f0b90b' }, { color: '#3d9bff' }, { color: '#c86bfa' }, { color: '#38c7c7' }, { color: '#ff8a4c' }],
      tooltip: { title: { color: color.textDim, family: font.body, size: 11 }, legend: { color: color.textDim, family: font.body, size: 11 } },
      lastValueMark: { show: false },
    },
    xAxis: { axisLine: line, tickLine: line, tickText: text },
    yAxis: { axisLine: line, tickLine: line, tickText: text },
    separator: { color: color.border, activeBackgroundColor: `${color.accent}33` },
    crosshair: {
      horizontal: { line: { color: color.textFaint }, text: crossText },
      vertical: { line: { color: color.textFaint }, text: crossText },
    },
  };
}
