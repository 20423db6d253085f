import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Pair } from '../../../../domain/api';
import type { OrderBookActorRef } from '../../machines/orderBook/orderBook.machine';
import { depthChartView, depthView, groupingSteps, stepLabel, type DepthRow } from '../../machines/orderBook/orderBook.selectors';
import { Panel, PanelHeader } from '../../../../app/ui/Panel';
import { fixed } from './format';
import { DepthChart } from './DepthChart';
import { FeedStatus } from './FeedStatus';
import { useOrderBook } from '../../markets.hooks';

/** The panel's two views and their labels. */
const VIEW_LABELS = { book: 'trade.bookView.book', depth: 'trade.bookView.depth' } as const;

/** Levels shown per side. */
const DEPTH = 15;

const Book = styled.div<{ $stale: boolean }>`
  font-size: 12px;
  opacity: ${({ $stale }) => ($stale ? 0.55 : 1)};
  transition: opacity 0.2s;
`;

const Row = styled.div<{ $pickable?: boolean }>`
  position: relative;
  cursor: ${({ $pickable }) => ($pickable ? 'pointer' : 'default')};
  display: grid;
  grid-template-columns: 1fr 1fr 1fr;
  padding: 0 12px;
  height: 20px;
  align-items: center;
  span { position: relative; z-index: 1; text-align: right; }
  span:first-child { text-align: left; }
  .bar { position: absolute; top: 1px; bottom: 1px; right: 0; z-index: 0; }
  &.ask .bar { background: ${({ theme }) => theme.color.down}26; }
  &.bid .bar { background: ${({ theme }) => theme.color.up}26; }
  &:hover { background: ${({ theme }) => theme.color.hover}; }
`;

const Head = styled(Row)`
  color: ${({ theme }) => theme.color.textFaint};
  font-size: 11px;
  &:hover { background: none; }
`;

const Side = styled.div<{ $asks?: boolean }>`
  display: flex;
  flex-direction: ${({ $asks }) => ($asks ? 'column-reverse' : 'column')};
  height: ${DEPTH * 20}px;
  overflow: hidden;
  justify-content: flex-start;
`;

const Middle = styled.div`
  display: flex;
  align-items: baseline;
  gap: 10px;
  padding: 6px 12px;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  .last { font-size: 17px; font-weight: 700; }
  small { color: ${({ theme }) => theme.color.textDim}; }
  .spread { margin-left: auto; color: ${({ theme }) => theme.color.textFaint}; font-size: 11px; }
`;

const Grouping = styled.select`
  margin-left: auto;
  background: ${({ theme }) => theme.color.panelRaised};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 4px;
  padding: 2px 4px;
  font-size: 12px;
`;

const Views = styled.div`
  display: flex;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 4px;
  overflow: hidden;
  button {
    padding: 2px 8px;
    font-size: 12px;
    color: ${({ theme }) => theme.color.textDim};
    background: none;
    border: 0;
    cursor: pointer;
  }
  button[aria-selected='true'] {
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.panelRaised};
  }
`;

/** The depth chart takes the book's own height, so switching views does not move the page. */
const ChartArea = styled.div`
  height: ${DEPTH * 20 * 2 + 20 + 38}px;
  padding: 8px 0 4px;
`;

const Empty = styled.div`
  padding: 20px 12px;
  text-align: center;
  color: ${({ theme }) => theme.color.textFaint};
`;

type LevelProps = { row: DepthRow; side: 'ask' | 'bid'; pair: Pair; onPick?: (price: string) => void };

/**
 * One price level. Re-rendered only when what it shows changes (its quantity, cumulative total or
 * depth bar, or the pair's precision): a delta on one level leaves the others' rows alone, although
 * depthView builds new row objects every update.
 */
const Level = memo(
  LevelRow,
  (a: LevelProps, b: LevelProps) =>
    a.row.price === b.row.price &&
    a.row.quantity === b.row.quantity &&
    a.row.total === b.row.total &&
    a.row.share === b.row.share &&
    a.side === b.side &&
    a.onPick === b.onPick &&
    a.pair.price_precision === b.pair.price_precision &&
    a.pair.amount_precision === b.pair.amount_precision,
);

function LevelRow(props: LevelProps) {
  const { row, pair, onPick } = props;
  return (
    <Row className={props.side} role="row" $pickable={onPick !== undefined} onClick={onPick && (() => onPick(row.price))}>
      <div className="bar" style={{ width: `${(row.share * 100).toFixed(2)}%` }} aria-hidden />
      <span role="cell" className={`num ${props.side === 'ask' ? 'down' : 'up'}`}>
        {fixed(row.price, pair.price_precision)}
      </span>
      <span role="cell" className="num">
        {fixed(row.quantity, pair.amount_precision)}
      </span>
      <span role="cell" className="num">
        {fixed(row.total, pair.amount_precision)}
      </span>
    </Row>
  );
}

/**
 * The order book: asks above (best ask nearest the middle), the last price and spread in the
 * middle, bids below; each row's bar shows the cumulative depth up to it.
 */
export function OrderBookPanel(props: {
  bookRef: OrderBookActorRef;
  pair: Pair;
  last: { price: string; side: 'buy' | 'sell' | undefined } | undefined;
  lastInFiat: string | undefined;
  className?: string;
  /** A click on a level hands its price to the order form (signed-in spot trading). */
  onPick?: (price: string) => void;
}) {
  const { t } = useTranslation();
  const { status, book } = useOrderBook(props.bookRef);
  const { pair } = props;
  // The price step levels are grouped by (its decimals); undefined: the pair's own tick. Presentation only.
  const [grouping, setGrouping] = useState<number | undefined>(undefined);
  const steps = groupingSteps(pair.price_precision);
  // Book rows or the depth chart: presentation only, like the grouping.
  const [shown, setShown] = useState<'book' | 'depth'>('book');
  const view = useMemo(() => depthView(book, DEPTH, grouping), [book, grouping]);
  const chart = useMemo(() => (shown === 'depth' ? depthChartView(book) : undefined), [book, shown]);
  return (
    <Panel className={props.className}>
      <PanelHeader>
        <h2>{t('trade.orderBook')}</h2>
        <Views role="tablist" aria-label={t('trade.bookView.label')}>
          {(['book', 'depth'] as const).map((v) => (
            <button key={v} type="button" role="tab" aria-selected={shown === v} onClick={() => setShown(v)}>
              {t(VIEW_LABELS[v])}
            </button>
          ))}
        </Views>
        <Grouping
          hidden={shown === 'depth'}
          aria-label={t('trade.grouping')}
          value={String(grouping ?? pair.price_precision)}
          onChange={(e) => {
            const places = Number(e.target.value);
            setGrouping(places === pair.price_precision ? undefined : places);
          }}
        >
          {steps.map((places) => (
            <option key={places} value={places}>
              {stepLabel(places)}
            </option>
          ))}
        </Grouping>
        <FeedStatus status={status} />
      </PanelHeader>
      {chart && (
        <ChartArea>
          <DepthChart bids={chart.bids} asks={chart.asks} deepest={chart.deepest} pair={pair} />
        </ChartArea>
      )}
      <Book hidden={shown === 'depth'} $stale={status !== 'live'} role="table" aria-label={t('trade.orderBook')} data-testid="order-book" data-status={status}>
        <Head role="row">
          <span role="columnheader">{t('trade.priceIn', { currency: pair.right_symbol })}</span>
          <span role="columnheader">{t('trade.amountIn', { currency: pair.left_symbol })}</span>
          <span role="columnheader">{t('trade.total')}</span>
        </Head>
        <Side $asks role="rowgroup" aria-label={t('trade.asks')} data-testid="book-asks">
          {view.asks.map((row) => (
            <Level key={row.price} row={row} side="ask" pair={pair} onPick={props.onPick} />
          ))}
        </Side>
        <Middle>
          <span className={`last num ${props.last?.side === 'sell' ? 'down' : 'up'}`} data-testid="book-last">
            {props.last ? fixed(props.last.price, pair.price_precision) : '—'}
          </span>
          {props.lastInFiat && <small className="num">≈ {props.lastInFiat}</small>}
          {view.spread !== undefined && (
            <span className="spread num">
              {t('trade.spread')} {fixed(view.spread, pair.price_precision)}
            </span>
          )}
        </Middle>
        <Side role="rowgroup" aria-label={t('trade.bids')} data-testid="book-bids">
          {view.bids.map((row) => (
            <Level key={row.price} row={row} side="bid" pair={pair} onPick={props.onPick} />
          ))}
          {status === 'live' && view.bids.length === 0 && view.asks.length === 0 && <Empty>{t('trade.noOrders')}</Empty>}
        </Side>
      </Book>
    </Panel>
  );
}
