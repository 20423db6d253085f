import { useLayoutEffect, useMemo, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Pair } from '../../../../domain/api';
import type { BookRow } from '../../machines/orderBook/bookRows';
import type { OrderBookActorRef } from '../../machines/orderBook/orderBook.machine';
import { useBookRows } from '../../markets.hooks';
import { createBookSideWriter, type BookSideWriter } from './bookSideWriter';
import { fixed } from './format';

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
    /* A row lays out and paints alone: a changed figure or bar never reflows its neighbours. */
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
  /* Asks are stacked from the bottom up, so the best ask sits next to the middle and DOM order stays best first. */
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

/**
 * One side's rowgroup. React renders the element; its rows are the writer's (bookSideWriter.ts),
 * written once the render is committed: React never sees them, so it neither diffs nor replaces them.
 */
function BookSide(props: { rows: BookRow[]; side: 'asks' | 'bids'; label: string; onPick: ((price: string) => void) | undefined }) {
  const host = useRef<HTMLDivElement>(null);
  const writer = useRef<BookSideWriter | undefined>(undefined);
  useLayoutEffect(() => {
    writer.current ??= createBookSideWriter(host.current!);
    writer.current.write(props.rows);
  }, [props.rows]);
  return <div ref={host} className="rows" onClick={picker(props.rows, props.onPick)} role="rowgroup" aria-label={props.label} data-testid={`book-${props.side}`} />;
}

/** One click handler per side rather than per row: the clicked row's slot names its level. */
function picker(side: BookRow[], onPick: ((price: string) => void) | undefined) {
  if (!onPick) return undefined;
  return (event: MouseEvent<HTMLDivElement>) => {
    const row = (event.target as Element).closest('.level');
    const level = row ? side[Array.prototype.indexOf.call(event.currentTarget.children, row)] : undefined;
    if (level) onPick(level.price);
  };
}

/** The book's words, translated by the panel (whose renders are rare) rather than at every update. */
export function useBookLabels() {
  const { t } = useTranslation();
  return useMemo(() => ({ asks: t('trade.asks'), bids: t('trade.bids'), spread: t('trade.spread'), noOrders: t('trade.noOrders') }), [t]);
}

/**
 * Asks, the middle (last price and spread) and bids: the only part of the panel that follows every
 * book update.
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
  const rows = useBookRows(props.bookRef, DEPTH, pair.price_precision, pair.amount_precision);
  return (
    <>
      <div className="side asks">
        <BookSide rows={rows.asks} side="asks" label={labels.asks} onPick={onPick} />
      </div>
      <div className="middle">
        <span className={`last num ${props.last?.side === 'sell' ? 'down' : 'up'}`} data-testid="book-last">
          {props.last ? fixed(props.last.price, pair.price_precision) : '—'}
        </span>
        {props.lastInFiat && <small>≈ {props.lastInFiat}</small>}
        {rows.spreadText !== undefined && (
          <span className="spread">
            {labels.spread} {rows.spreadText}
          </span>
        )}
      </div>
      <div className="side bids">
        <BookSide rows={rows.bids} side="bids" label={labels.bids} onPick={onPick} />
        {props.live && rows.bids.length === 0 && rows.asks.length === 0 && <div className="empty">{labels.noOrders}</div>}
      </div>
    </>
  );
}
