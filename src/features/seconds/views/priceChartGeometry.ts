/**
 * The live price chart's geometry, pure. Prices stay decimal strings: the axis and level labels are
 * the prices themselves (the views format them through domain/figures.ts); only the SVG coordinates
 * are floats, since that is what the chart draws on.
 */
import { addDecimal, compareDecimal, divDecimal, isDecimalString } from '../../../../domain/decimal';
import type { SecondsContract, SecondsDirection } from '../../../../domain/seconds';
import type { SecondsContractActorRef } from '../machines/secondsContract/secondsContract.machine';

/** The SVG's box, and the width the line takes (the rest holds the axis labels). */
export const CHART_BOX = { width: 640, height: 260, plot: 560 } as const;
const TOP = 15;
const BOTTOM = 245;

export interface PriceChartGeometry {
  /** Grid lines at the highest, middle and lowest price. */
  axis: Array<{ key: 'max' | 'mid' | 'min'; y: number; price: string }>;
  /** Each live contract's buy price. */
  levels: Array<{ id: number; direction: SecondsDirection; y: number; price: string }>;
  /** The polyline's points. */
  points: string;
  /** The latest price, labelled at the right edge. */
  last: { y: number; price: string };
}

/** The desk's contracts still live (counting down or awaiting their result): the chart's levels. */
export function liveContracts(cards: SecondsContractActorRef[]): SecondsContract[] {
  return cards
    .map((c) => c.getSnapshot())
    .filter((s) => s.matches('live') && s.context.contract)
    .map((s) => s.context.contract!);
}

const highest = (values: string[]) => values.reduce((a, b) => (compareDecimal(a, b) >= 0 ? a : b));
const lowest = (values: string[]) => values.reduce((a, b) => (compareDecimal(a, b) <= 0 ? a : b));

/** The trail of prices spread over the width, scaled with the contracts' levels; undefined below two prices. */
export function priceChartGeometry(trail: string[], contracts: SecondsContract[]): PriceChartGeometry | undefined {
  const prices = trail.filter(isDecimalString);
  if (prices.length < 2) return undefined;
  const levels = contracts.filter((c) => isDecimalString(c.buy_price));
  const values = [...prices, ...levels.map((c) => c.buy_price)];
  const max = highest(values);
  const min = lowest(values);
  // Half of a sum is exact at one place more than the sum has; 18 covers any price.
  const mid = divDecimal(addDecimal(max, min), '2', 18);
  const top = Number(max);
  const bottom = Number(min);
  const span = top - bottom || top * 0.0001 || 1;
  const y = (v: string) => BOTTOM - ((Number(v) - bottom) / span) * (BOTTOM - TOP);
  const x = (i: number) => (i / (prices.length - 1)) * CHART_BOX.plot;
  const last = prices.at(-1)!;
  return {
    axis: [
      { key: 'max', y: y(max), price: max },
      { key: 'mid', y: y(mid), price: mid },
      { key: 'min', y: y(min), price: min },
    ],
    levels: levels.map((c) => ({ id: c.id, direction: c.direction, y: y(c.buy_price), price: c.buy_price })),
    points: prices.map((p, i) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(' '),
    last: { y: y(last), price: last },
  };
}
