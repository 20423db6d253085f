import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Pair } from '../../../../domain/api';
import type { OrderBookActorRef } from '../machines/orderBook/orderBook.machine';
import { groupingSteps, stepText } from '../machines/orderBook/grouping';
import { currentNumberStyle } from '../../../../domain/localeFormat';
import { Panel, PanelHeader } from '../../../app/ui/Panel';
import { PHONE } from '../../../app/theme';
import { BookFrame, BookLevels, DEPTH, useBookLabels } from './BookLevels';
import { DepthChart } from './DepthChart';
import { FeedStatus } from './FeedStatus';
import { useDepthChart, useOrderBook } from '../trade.hooks';

/** The panel's two views and their labels. */
const VIEW_LABELS = { book: 'trade.bookView.book', depth: 'trade.bookView.depth' } as const;

const Grouping = styled.select`
  margin-left: auto;
  background: ${({ theme }) => theme.color.panelRaised};
  border: 1px solid ${({ theme }) => theme.color.fieldBorder};
  border-radius: 4px;
  padding: 2px 4px;
  font-size: 12px;
  ${PHONE} { min-height: 32px; }
`;

const Views = styled.div`
  display: flex;
  flex: none;
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
    ${PHONE} { min-height: 32px; }
  }
  button[aria-selected='true'] {
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.panelRaised};
  }
`;

/**
 * The book's column is narrow on a desktop: where the title, the two views and the grouping do not
 * fit on one line (French: "Carnet d'ordres", "Carnet", "Profondeur"), the grouping goes to a second
 * line rather than the views' labels being cut off.
 */
const BookHeader = styled(PanelHeader)`
  flex-wrap: wrap;
  row-gap: 8px;
`;

/** The depth chart takes the book's own height, so switching views does not move the page. */
const ChartArea = styled.div`
  height: ${DEPTH * 20 * 2 + 20 + 38}px;
  padding: 8px 0 4px;
`;

/** The depth chart tab: follows the book only while it is shown. */
function DepthChartTab(props: { bookRef: OrderBookActorRef; pair: Pair }) {
  const chart = useDepthChart(props.bookRef);
  return <DepthChart bids={chart.bids} asks={chart.asks} deepest={chart.deepest} pair={props.pair} />;
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
  const labels = useBookLabels();
  // Status and grouping only: this part of the panel does not follow the book's updates, BookLevels does.
  const { status, grouping, group } = useOrderBook(props.bookRef);
  const { pair } = props;
  const steps = groupingSteps(pair.price_precision);
  // Book rows or the depth chart: presentation only.
  const [shown, setShown] = useState<'book' | 'depth'>('book');
  return (
    <Panel className={props.className}>
      <BookHeader>
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
            group(places === pair.price_precision ? undefined : places);
          }}
        >
          {steps.map((places) => (
            <option key={places} value={places}>
              {stepText(places, currentNumberStyle())}
            </option>
          ))}
        </Grouping>
        <FeedStatus status={status} />
      </BookHeader>
      {shown === 'depth' && (
        <ChartArea>
          <DepthChartTab bookRef={props.bookRef} pair={pair} />
        </ChartArea>
      )}
      <BookFrame
        hidden={shown === 'depth'}
        $stale={status !== 'live'}
        data-pickable={props.onPick !== undefined}
        role="table"
        aria-label={t('trade.orderBook')}
        data-testid="order-book"
        data-status={status}
      >
        <div className="head" role="row">
          <span role="columnheader">{t('trade.priceIn', { currency: pair.right_symbol })}</span>
          <span role="columnheader">{t('trade.amountIn', { currency: pair.left_symbol })}</span>
          <span role="columnheader">{t('trade.total')}</span>
        </div>
        {shown === 'book' && (
          <BookLevels bookRef={props.bookRef} pair={pair} labels={labels} live={status === 'live'} last={props.last} lastInFiat={props.lastInFiat} onPick={props.onPick} />
        )}
      </BookFrame>
    </Panel>
  );
}
