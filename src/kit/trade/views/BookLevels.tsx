import { useCallback, useMemo, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Pair } from '../../../../domain/api';
import type { BookRow, BookRows } from '../machines/orderBook/bookRows';
import type { OrderBookActorRef } from '../machines/orderBook/orderBook.machine';
import { useBookMiddle, useBookRowsFeed } from '../trade.hooks';
import { createBookSideWriter, type BookSideWriter } from './bookSideWriter';
import { price } from '../../../../domain/figures';

/**
 * The depth bar's width, registered as a number that is not inherited: a row's new --share then
 * restyles that row alone, not its three cells too.
 */
if (typeof CSS !== 'undefined' && typeof CSS.registerProperty === 'function') {
  try {
    CSS.registerProperty({ name: '--share', syntax: '<number>', inherits: false, initialValue: '0' });
  } catch {
    // Already registered (a module reloaded in development): the first registration stands.
  }
}

/** Levels shown per side. */
export const DEPTH = 15;
const ROW = 20;

/**
 * The book's table and every rule its rows need. The rows redraw up to 60 times a second and are
 * plain elements written by bookSideWriter.ts, styled from here; what changes per row besides its
 * text (the depth bar) is one CSS variable, --share, drawn as the row's background.
 */
// A row lays out and paints alone: a changed figure or bar never reflows its neighbours.
// Asks are stacked from the bottom up, so the best ask sits next to the middle and DOM order stays best first.
export const BookFrame = styled.div<{ $stale: boolean }>`
  font-size: 12px;
  opacity: ${({ $stale }) => ($stale ? 0.55 : 1)};
  transition: opacity 0.2s;
  .head,
  .level {
    display: flex;
    align-items: center;
    height: ${ROW}px;
    padding: 0 12px;
  }
  .head > span,
  .level > span {
    flex: 1 1 0;
    min-width: 0;
    text-align: right;
    white-space: nowrap;
  }
  .head > span:first-child,
  .level > span:first-child {
    text-align: left;
  }
  .head {
    color: ${({ theme }) => theme.color.textFaint};
    font-size: 11px;
  }
  .level {
    contain: strict;
    font-variant-numeric: tabular-nums;
    background-image: linear-gradient(var(--bar), var(--bar));
    background-repeat: no-repeat;
    background-position: right center;
    background-size: calc(var(--share, 0) * 100%) ${ROW - 2}px;
  }
  .level:hover {
    background-color: ${({ theme }) => theme.color.hover};
  }
  &[data-pickable='true'] .level {
    cursor: pointer;
  }
  .side {
    height: ${DEPTH * ROW}px;
    overflow: hidden;
    contain: strict;
  }
  .rows {
    display: flex;
    flex-direction: column;
  }
  .side.asks {
    display: flex;
    flex-direction: column;
    justify-content: flex-end;
    --bar: ${({ theme }) => theme.color.down}26;
  }
  .asks .rows {
    flex-direction: column-reverse;
  }
  .side.bids {
    --bar: ${({ theme }) => theme.color.up}26;
  }
  .asks .level > span:first-child {
    color: ${({ theme }) => theme.color.down};
  }
  .bids .level > span:first-child {
    color: ${({ theme }) => theme.color.up};
  }
  .middle {
    display: flex;
    align-items: baseline;
    gap: 10px;
    padding: 6px 12px;
    border-top: 1px solid ${({ theme }) => theme.color.border};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    font-variant-numeric: tabular-nums;
  }
  .middle .last {
    font-size: 17px;
    font-weight: 700;
  }
  .middle small {
    color: ${({ theme }) => theme.color.textDim};
  }
  .middle .spread {
    margin-left: auto;
    color: ${({ theme }) => theme.color.textFaint};
    font-size: 11px;
  }
  .empty {
    padding: 20px 12px;
    text-align: center;
    color: ${({ theme }) => theme.color.textFaint};
  }
`;

/** One click handler per side rather than per row: the clicked row's slot names its level. */
function pickedLevel(event: MouseEvent<HTMLDivElement>, side: readonly BookRow[] | undefined): BookRow | undefined {
  const row = (event.target as Element).closest('.level');
  return row && side ? side[Array.prototype.indexOf.call(event.currentTarget.children, row)] : undefined;
}

/** The book's words, translated by the panel (whose renders are rare) rather than at every update. */
export function useBookLabels() {
  const { t } = useTranslation();
  return useMemo(() => ({ asks: t('trade.asks'), bids: t('trade.bids'), spread: t('trade.spread'), noOrders: t('trade.noOrders') }), [t]);
}

/**
 * Asks, the middle (last price and spread) and bids: the only part of the panel that follows every
 * book update. React renders the two rowgroups once; their rows are the writers'
 * (bookSideWriter.ts), fed from the machine by useBookRowsFeed, so React neither renders, diffs nor
 * replaces them. React renders the middle line, which changes only with the spread.
 */
export function BookLevels(props: {
  bookRef: OrderBookActorRef;
  pair: Pair;
  labels: ReturnType<typeof useBookLabels>;
  live: boolean;
  last: { price: string; side: 'buy' | 'sell' | undefined } | undefined;
  lastInFiat: string | undefined;
  onPick?: (price: string) => void;
}) {
  const { pair, onPick, labels } = props;
  const { i18n } = useTranslation();
  const asksHost = useRef<HTMLDivElement>(null);
  const bidsHost = useRef<HTMLDivElement>(null);
  const writers = useRef<{ asks: BookSideWriter; bids: BookSideWriter } | undefined>(undefined);
  /** The rows last drawn, for the click handlers. */
  const drawn = useRef<BookRows | undefined>(undefined);
  const draw = useCallback((rows: BookRows) => {
    writers.current ??= { asks: createBookSideWriter(asksHost.current!), bids: createBookSideWriter(bidsHost.current!) };
    writers.current.asks.write(rows.asks);
    writers.current.bids.write(rows.bids);
    drawn.current = rows;
  }, []);
  useBookRowsFeed(props.bookRef, DEPTH, pair.price_precision, pair.amount_precision, draw, i18n.language);
  const { spreadText, empty } = useBookMiddle(props.bookRef, pair.price_precision);
  const pick = (side: 'asks' | 'bids') =>
    onPick &&
    ((event: MouseEvent<HTMLDivElement>) => {
      const level = pickedLevel(event, drawn.current?.[side]);
      if (level) onPick(level.price);
    });
  return (
    <>
      <div className="side asks">
        <div ref={asksHost} className="rows" onClick={pick('asks')} role="rowgroup" aria-label={labels.asks} data-testid="book-asks" />
      </div>
      <div className="middle">
        <span className={`last num ${props.last?.side === 'sell' ? 'down' : 'up'}`} data-testid="book-last">
          {price(props.last?.price, pair.price_precision)}
        </span>
        {props.lastInFiat && <small>≈ {props.lastInFiat}</small>}
        {spreadText !== undefined && (
          <span className="spread">
            {labels.spread} {price(spreadText, pair.price_precision)}
          </span>
        )}
      </div>
      <div className="side bids">
        <div ref={bidsHost} className="rows" onClick={pick('bids')} role="rowgroup" aria-label={labels.bids} data-testid="book-bids" />
        {props.live && empty && <div className="empty">{labels.noOrders}</div>}
      </div>
    </>
  );
}
