import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Pair } from '../../../../domain/api';
import type { DepthPoint } from '../machines/orderBook/orderBook.selectors';
import { price, quantity } from '../../../../domain/figures';

/** Drawing units of the chart; the SVG stretches to its box, the labels are HTML over it. */
const W = 1000;
const H = 1000;
const TOP = 0.08; // headroom above the deeper side

const Box = styled.div`
  position: relative;
  height: 100%;
  min-height: 240px;
  font-size: 11px;
  color: ${({ theme }) => theme.color.textFaint};
  svg { position: absolute; inset: 0 0 22px 0; width: 100%; height: calc(100% - 22px); }
  .bid { fill: ${({ theme }) => theme.color.up}33; stroke: ${({ theme }) => theme.color.up}; }
  .ask { fill: ${({ theme }) => theme.color.down}33; stroke: ${({ theme }) => theme.color.down}; }
  .cursor { stroke: ${({ theme }) => theme.color.textDim}; stroke-dasharray: 4 4; }
  .axis { position: absolute; bottom: 0; left: 8px; right: 8px; display: flex; justify-content: space-between; }
  .scale { position: absolute; top: 4px; right: 8px; }
  .tip {
    position: absolute; top: 8px; padding: 4px 8px; border-radius: 4px; pointer-events: none;
    background: ${({ theme }) => theme.color.panelRaised}; border: 1px solid ${({ theme }) => theme.color.border};
    color: ${({ theme }) => theme.color.text}; white-space: nowrap;
  }
`;

/** Price and cumulative quantity as numbers: drawing only, never money. */
const num = (v: string) => Number(v);

/** One side as a closed step area from the best price outwards to `edge`. */
function sidePath(points: DepthPoint[], x: (p: number) => number, y: (t: number) => number, edge: number): string {
  if (points.length === 0) return '';
  const parts = [`M${x(num(points[0]!.price))},${H}`, `L${x(num(points[0]!.price))},${y(num(points[0]!.total))}`];
  for (let i = 1; i < points.length; i++) {
    const px = x(num(points[i]!.price));
    parts.push(`L${px},${y(num(points[i - 1]!.total))}`, `L${px},${y(num(points[i]!.total))}`);
  }
  parts.push(`L${x(edge)},${y(num(points.at(-1)!.total))}`, `L${x(edge)},${H}`, 'Z');
  return parts.join(' ');
}

/**
 * The depth chart tab of the order book: cumulative bids (left, rising as the price falls) and asks
 * (right) around the spread, over the levels the book holds, with the price under the pointer and
 * the quantity resting up to it. A pure drawing of the order-book machine's snapshot.
 */
export function DepthChart(props: { bids: DepthPoint[]; asks: DepthPoint[]; deepest: string; pair: Pair }) {
  const { t } = useTranslation();
  const { bids, asks, pair } = props;
  // Where the pointer is, as a share of the width: presentation state only.
  const [hover, setHover] = useState<number | undefined>(undefined);
  const frame = useMemo(() => {
    const bestBid = bids[0] ? num(bids[0].price) : undefined;
    const bestAsk = asks[0] ? num(asks[0].price) : undefined;
    if (bestBid === undefined && bestAsk === undefined) return undefined;
    const mid = bestBid !== undefined && bestAsk !== undefined ? (bestBid + bestAsk) / 2 : (bestBid ?? bestAsk)!;
    // Symmetric around the middle, as wide as the farther side reaches.
    const reach = Math.max(mid - (bids.length ? num(bids.at(-1)!.price) : mid), (asks.length ? num(asks.at(-1)!.price) : mid) - mid) || Math.abs(mid) * 0.01 || 1;
    const low = mid - reach;
    const high = mid + reach;
    const deepest = num(props.deepest) || 1;
    const x = (p: number) => ((p - low) / (high - low)) * W;
    const y = (v: number) => H - (v / deepest) * H * (1 - TOP);
    return { low, high, mid, x, y, bidPath: sidePath(bids, x, y, low), askPath: sidePath(asks, x, y, high) };
  }, [bids, asks, props.deepest]);

  if (!frame) return <Box data-testid="depth-chart" />;
  const pointed = hover === undefined ? undefined : frame.low + hover * (frame.high - frame.low);
  // The quantity resting from the best price up to the pointer's price, on the pointer's side.
  const under = pointed === undefined ? undefined : pointed <= frame.mid ? [...bids].reverse().find((b) => num(b.price) >= pointed) ?? undefined : [...asks].reverse().find((a) => num(a.price) <= pointed);
  const label = (p: number) => price(p.toFixed(Math.max(pair.price_precision, 0)), pair.price_precision);
  return (
    <Box
      data-testid="depth-chart"
      role="img"
      aria-label={t('trade.depthChart', { pair: `${pair.left_symbol}/${pair.right_symbol}` })}
      onMouseMove={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        setHover(Math.min(1, Math.max(0, (e.clientX - box.left) / box.width)));
      }}
      onMouseLeave={() => setHover(undefined)}
    >
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" aria-hidden>
        <path className="bid" d={frame.bidPath} vectorEffect="non-scaling-stroke" strokeWidth={1.5} />
        <path className="ask" d={frame.askPath} vectorEffect="non-scaling-stroke" strokeWidth={1.5} />
        {hover !== undefined && <line className="cursor" x1={hover * W} x2={hover * W} y1={0} y2={H} vectorEffect="non-scaling-stroke" />}
      </svg>
      <span className="scale num">{quantity(props.deepest, pair.amount_precision)}</span>
      <div className="axis num">
        <span>{label(frame.low)}</span>
        <span>{label(frame.mid)}</span>
        <span>{label(frame.high)}</span>
      </div>
      {pointed !== undefined && (
        <div className="tip num" style={hover! > 0.5 ? { right: `${(1 - hover!) * 100 + 2}%` } : { left: `${hover! * 100 + 2}%` }}>
          <div>{label(pointed)}</div>
          {under && (
            <div>
              {t('trade.depthCumulative', { currency: pair.left_symbol })}: {quantity(under.total, pair.amount_precision)}
            </div>
          )}
        </div>
      )}
    </Box>
  );
}
