import type { DeepPartial, Styles } from 'klinecharts';
import type { Theme } from '../../../../app/theme';

/**
 * The moving averages' lines, whose legend ("MA7: 96,264.90") is 11 px text in the line's colour.
 * The dark panel's bright ones were 1.8–3.0:1 on white (the gold 1.8:1); the light theme's are the
 * same hues, darker: 4.9–6.0:1 on white.
 */
const LINES: Record<Theme['name'], string[]> = {
  dark: ['#f0b90b', '#3d9bff', '#c86bfa', '#38c7c7', '#ff8a4c'],
  light: ['#8a6500', '#1d6ed8', '#8e36c7', '#0b7a7e', '#ad4c0c'],
};

/**
 * How much of up / down the volume bars keep (their legend, "VOLUME: 0.58654", is in the bar's
 * colour): 60 % reads on the dark panel; on white it was 2.4:1 and 2.7:1, so the light theme's are solid (5.7:1, 5.8:1).
 */
const BAR_ALPHA: Record<Theme['name'], { bars: string; ohlc: string }> = { dark: { bars: '99', ohlc: 'aa' }, light: { bars: '', ohlc: '' } };

/** klinecharts styles from the app theme, so the chart matches the dark and light pages. */
export function chartStyles(theme: Theme): DeepPartial<Styles> {
  const { color, font } = theme;
  const alpha = BAR_ALPHA[theme.name];
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
      ohlc: { upColor: `${color.up}${alpha.ohlc}`, downColor: `${color.down}${alpha.ohlc}`, noChangeColor: color.textDim },
      bars: [{ upColor: `${color.up}${alpha.bars}`, downColor: `${color.down}${alpha.bars}`, noChangeColor: color.textDim }],
      lines: LINES[theme.name].map((line) => ({ color: line })),
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
