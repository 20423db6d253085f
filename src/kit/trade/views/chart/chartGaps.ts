/**
 * Room kept above the highest candle for the legend (title, OHLC and MA lines, which wrap on a
 * narrow chart) and under the lowest for its low mark's label, as klinecharts' candle-pane y-axis
 * `gap` (issue 50 C5: on a phone the legend was printed over the newest candles).
 *
 * klinecharts widens the price range by `top` and `bottom` shares of it (a value of 1 or more is
 * read as pixels and divided by the pane's height). With the candles given `usable` pixels, shares
 * of legend ÷ usable and low ÷ usable leave exactly `legend` pixels above and `low` below them.
 * The pane's real height is known only once the chart is laid out (it is read again after every
 * resize); before that an estimate from the frame is used, kept under 1 so it is never read as
 * pixels of a pane that may still be 0 tall (the chart then stayed blank).
 */
export interface CandleGaps {
  top: number;
  bottom: number;
}

/** A chart narrower than this (a phone) has its legends wrap: the candle legend gets a taller band, the volume pane no averages. */
const NARROW_CHART = 600;
const narrow = (width: number) => width < NARROW_CHART;

/** The legend's height: its lines wrap into more rows on a narrow chart. */
export const legendHeight = (width: number) => (narrow(width) ? 150 : 100);
/** The volume pane's averages (klinecharts' own VOL default). */
export const VOLUME_AVERAGES = [5, 10, 20];
/**
 * The volume averages drawn in a chart `width` px wide: none on a narrow one. Their legend
 * ("VOL(5,10,20) MA5: … MA10: … MA20: … VOLUME: …") wrapped onto a second line there and was
 * printed over the volume bars, which fill their short pane to the top; "VOL VOLUME: …" fits one.
 */
export const volumeAverages = (width: number) => (narrow(width) ? [] : VOLUME_AVERAGES);

/** The low mark's label under the lowest candle. */
const LOW_LABEL = 22;
/** The candles keep at least this share of a pane too short for the legend and them both. */
const MIN_CANDLE_SHARE = 0.3;

/** The gaps for a candle pane of `paneHeight` px (measured) in a chart `width` px wide. */
export function candleGaps(width: number, paneHeight: number): CandleGaps {
  const legend = legendHeight(width);
  const usable = Math.max(paneHeight - legend - LOW_LABEL, paneHeight * MIN_CANDLE_SHARE, 1);
  // A share of 1 or more must be given as pixels (klinecharts divides it by this same height).
  const asGap = (share: number) => (share < 1 ? share : share * paneHeight);
  return { top: asGap(legend / usable), bottom: asGap(LOW_LABEL / usable) };
}

/** Before the chart is laid out: the candle pane estimated as 72 % of the frame (520 px if unknown), each share under 1. */
export function estimatedGaps(width: number, frameHeight: number): CandleGaps {
  const legend = legendHeight(width);
  const pane = Math.max(legend * 1.6, (frameHeight || 520) * 0.72);
  const usable = Math.max(pane - legend - LOW_LABEL, pane * MIN_CANDLE_SHARE);
  return { top: Math.min(0.99, legend / usable), bottom: Math.min(0.3, Math.max(0.06, LOW_LABEL / usable)) };
}

/** Where the candles' top lands under `gaps` in a pane `paneHeight` tall: the legend's band is above it. */
export function legendBand(gaps: CandleGaps, paneHeight: number): number {
  const share = (gap: number) => (gap >= 1 ? gap / paneHeight : gap);
  const top = share(gaps.top);
  return (paneHeight * top) / (1 + top + share(gaps.bottom));
}
