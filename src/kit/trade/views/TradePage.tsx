import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { spotTickChannel, type Pair } from '../../../../domain/api';
import { priceInUsdt } from '../../../../domain/marketFigures';
import type { LastPrice, LastPriceSource } from '../../../app/machines/lastPrice/lastPrice';
import type { KlineActorRef } from '../machines/kline/kline.machine';
import type { LatestTradesActorRef } from '../machines/latestTrades/latestTrades.machine';
import type { OrderBookActorRef } from '../machines/orderBook/orderBook.machine';
import { useAppFlow, useFiat, useQuoteUsdtPrice, useSessionFlow, useTicker } from '../../../app/views/hooks';
import { PHONE } from '../../../app/theme';
import { Button } from '../../../app/ui/Button';
import { Panel, PanelBody } from '../../../app/ui/Panel';
import { ChartPanel } from './ChartPanel';
import type { ChartLevel } from './chart/chartAdapter';
import { LatestTradesPanel } from './LatestTradesPanel';
import { OrderBookPanel } from './OrderBookPanel';
import { PlaceholderPanels } from './PlaceholderPanels';
import type { TradeKind } from './tradeKind';
import { StatsBar } from './StatsBar';
import { useLatestTrades, usePairMarket, usePairWatch } from '../trade.hooks';
import { shownHalt } from '../liveHalt';

/** What a product's own trading panels (book, form, orders: grid children placed by class name) get from the page. */
export interface TradePanelsProps {
  pair: Pair;
  /** The pair's order book panel (the grid's `book`); `onPick` hears the price of a level the trader clicks (a form's price). */
  book: (onPick?: (price: string) => void) => ReactNode;
  /** The page's last price as shown, and the actor that keeps it (pairWatch), which a product's form follows. */
  last: LastPrice | undefined;
  prices: LastPriceSource;
  lastInFiat: string | undefined;
  markPrice: string | undefined;
  /** The page's index: the futures index, or on the seconds page the seconds index. */
  indexPrice: string | undefined;
}

/** A product's additions to the shared page: its signed-in panels and more figures for the stats bar. */
export interface TradeProduct {
  panels?: (props: TradePanelsProps) => ReactNode;
  stats?: ReactNode;
  /** The panels show for visitors too (they ask to log in themselves: the seconds ticket); else a visitor is asked to log in. */
  panelsForVisitors?: boolean;
  /** The section a phone shows first (default the chart; seconds: its ticket and contracts). */
  phoneTab?: TradeTab;
  /** The chart's accessible name, when the product names it (seconds: "Price chart"). */
  chartLabel?: string;
  /** Prices the chart marks (seconds: the live contracts' buy prices). */
  chartLevels?: ChartLevel[];
}

// A phone: one column, the stats, then one section at a time under the tabs.
const Grid = styled.div`
  display: grid;
  grid-template-columns: 300px minmax(0, 1fr) 290px;
  grid-template-rows: auto 560px minmax(150px, auto);
  grid-template-areas:
    'stats stats stats'
    'book chart trades'
    'book orders form';
  gap: 6px;
  .stats { grid-area: stats; }
  .book { grid-area: book; align-self: start; }
  .chart { grid-area: chart; }
  .trades { grid-area: trades; }
  .orders { grid-area: orders; }
  .form { grid-area: form; }
  .tabs { display: none; }
  ${PHONE} {
    grid-template-columns: minmax(0, 1fr);
    grid-template-rows: none;
    grid-template-areas: none;
    .stats, .tabs, .book, .chart, .trades, .form, .orders { grid-area: auto; min-width: 0; }
    .tabs { display: flex; order: 1; }
    .book, .chart, .trades, .form, .orders { display: none; order: 2; }
    .orders { order: 3; }
    .chart { height: 440px; }
    &[data-tab='chart'] .chart, &[data-tab='trades'] .trades { display: flex; }
    &[data-tab='book'] .book, &[data-tab='form'] .form, &[data-tab='form'] .orders { display: block; }
  }
`;

const Tabs = styled.div`
  gap: 2px;
  background: ${({ theme }) => theme.color.panel};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  button {
    all: unset;
    flex: 1;
    text-align: center;
    padding: 9px 4px;
    cursor: pointer;
    font-weight: 600;
    color: ${({ theme }) => theme.color.textDim};
    border-bottom: 2px solid transparent;
  }
  button[aria-selected='true'] { color: ${({ theme }) => theme.color.text}; border-bottom-color: ${({ theme }) => theme.color.accent}; }
  button:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; }
`;

export type TradeTab = 'chart' | 'book' | 'trades' | 'form';
const TRADE_TABS: TradeTab[] = ['chart', 'book', 'trades', 'form'];
const TAB_KEYS: Record<TradeTab, string> = { chart: 'trade.tabs.chart', book: 'trade.tabs.book', trades: 'trade.tabs.trades', form: 'trade.tabs.form' };


/** Route symbols: BTC_USDT on /markets/kline, btc_usdt on /contract and /contract_sec. */
function parseSymbol(symbol: string | undefined): { left: string; right: string } | undefined {
  const match = /^([A-Za-z0-9]{2,12})_([A-Za-z0-9]{2,12})$/.exec(symbol ?? '');
  return match ? { left: match[1]!.toUpperCase(), right: match[2]!.toUpperCase() } : undefined;
}

/**
 * The trading layout shared by /markets/kline/{symbol}, /contract/{symbol} and /contract_sec/{symbol}:
 * 24h stats, order book, candle chart, latest trades, the order form and the orders. Each trading
 * product's page renders it with its own panels in the form's and the orders' places (`product`:
 * spot's SpotTradePage, futures' ContractTradePage, SecondsTradePage); /contract shows the pair's
 * futures market (its book, trades and candle channels, the futures tick). The page's last price
 * is its `pairWatch` actor's, which the products' forms follow.
 */
export function TradePage(props: { kind: TradeKind; product?: TradeProduct }) {
  const { t } = useTranslation();
  const params = useParams();
  const appFlow = useAppFlow();
  const symbol = parseSymbol(params.symbol);
  const pair = symbol && appFlow.pairs.find((p) => p.left_symbol === symbol.left && p.right_symbol === symbol.right);
  // Seconds contracts run on a spot pair's index: whether the pair offers them is the ticket's to say.
  const listed = pair && (props.kind === 'contract' ? pair.contract_status === 1 && pair.trade_status === 1 : pair.trade_status === 1);
  if (!symbol || !pair || !listed) {
    return (
      <Panel>
        <PanelBody>
          <h1 style={{ fontSize: 18 }}>{t('trade.unknownPair')}</h1>
          <Link to="/markets">{t('home.allMarkets')} →</Link>
        </PanelBody>
      </Panel>
    );
  }
  // Keyed by pair: each pair is its own hold on the pair market (usePairWatch).
  return <WatchedPairPage key={`${pair.left_symbol}_${pair.right_symbol}`} kind={props.kind} pair={pair} product={props.product} />;
}

const HaltNote = styled.span`
  color: ${({ theme }) => theme.color.warn};
  font-weight: 600;
  border: 1px solid ${({ theme }) => theme.color.warn};
  border-radius: 4px;
  padding: 2px 8px;
`;

/** Watches the pair's live market while on screen (the pair market machine owns the channels). */
function WatchedPairPage(props: { kind: TradeKind; pair: Pair; product?: TradeProduct }) {
  const { t } = useTranslation();
  const { pair } = props;
  const market = usePairMarket();
  const futures = props.kind === 'contract';
  const seconds = props.kind === 'seconds';
  const watch = usePairWatch({ left: pair.left_symbol, right: pair.right_symbol, contract: pair.contract_status === 1, futures, seconds });
  const current =
    market.watched?.left === pair.left_symbol && market.watched.right === pair.right_symbol && (market.watched.futures ?? false) === futures && (market.watched.seconds ?? false) === seconds;
  if (market.failed) {
    return (
      <Panel>
        <PanelBody style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <span role="alert">{t('trade.feed.failed')}</span>
          <Button $small $variant="ghost" onClick={watch.retry}>
            {t('common.retry')}
          </Button>
        </PanelBody>
      </Panel>
    );
  }
  if (!current || !market.bookRef || !market.tradesRef || !market.klineRef) return null;
  return (
    <LiveMarket kind={props.kind} product={props.product} pair={pair} last={watch.last} prices={watch.ref} bookRef={market.bookRef} tradesRef={market.tradesRef} klineRef={market.klineRef} />
  );
}

function LiveMarket(props: {
  kind: TradeKind;
  product?: TradeProduct;
  pair: Pair;
  last: LastPrice | undefined;
  prices: LastPriceSource;
  bookRef: OrderBookActorRef;
  tradesRef: LatestTradesActorRef;
  klineRef: KlineActorRef;
}) {
  const { t, i18n } = useTranslation();
  const { pair } = props;
  const fiat = useFiat();
  const market = usePairMarket();
  const session = useSessionFlow();
  const trades = useLatestTrades(props.tradesRef);
  const futures = props.kind === 'contract';
  // This pair's tick and its quote currency's USDT price only: the page re-rendered whole at every
  // tick of every pair when it read them from useTickers (bench:idle).
  const spotTick = useTicker(spotTickChannel(pair.left_symbol, pair.right_symbol));
  const quoteUsdt = useQuoteUsdtPrice(pair);
  const tick = futures ? market.futuresTick : spotTick;
  // The market's halt, live from its tick: the spot market's on the spot and seconds pages, the contract's on futures.
  const halted = futures ? shownHalt(pair.contract_halted_reason, market.futuresTick) : shownHalt(pair.halted_reason, spotTick);
  const { last } = props;
  // The last price in the pricing currency, through the quote currency's USDT price.
  const lastUsdt = priceInUsdt(last?.price, quoteUsdt);
  const lastInFiat = lastUsdt ? fiat.format(lastUsdt) : undefined;
  const titleKey = props.kind === 'spot' ? 'nav.spot' : props.kind === 'contract' ? 'nav.contract' : 'nav.secContract';
  const product = props.product;
  const panels = product?.panels && (session.hasSession || product.panelsForVisitors) ? product.panels : undefined;
  const book = (onPick?: (price: string) => void) => <OrderBookPanel className="book" bookRef={props.bookRef} pair={pair} last={last} lastInFiat={lastInFiat} onPick={onPick} />;
  // Which section a phone shows (presentation only; wider screens show them all and no tabs).
  const [tab, setTab] = useState<TradeTab>(product?.phoneTab ?? 'chart');
  return (
    <Grid data-tab={tab}>
      <Tabs className="tabs" role="tablist" aria-label={t('trade.tabs.label')}>
        {TRADE_TABS.map((id) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => setTab(id)}>
            {t(TAB_KEYS[id])}
          </button>
        ))}
      </Tabs>
      <StatsBar className="stats" pair={pair} title={t(titleKey)} tick={tick} last={last} lastInFiat={lastInFiat} indexPrice={market.indexPrice}>
        {/* A market an operator halted (issue 52 §1): its book stays, new orders (a contract's opening ones) are refused with this reason. */}
        {halted && <HaltNote role="status">{t(futures ? 'trade.haltedContract' : 'trade.halted', { reason: halted })}</HaltNote>}
        {product?.stats}
      </StatsBar>
      {panels ? (
        // A product's machines may load with its first panel: until then the book is there without the form.
        <Suspense fallback={book()}>{panels({ pair, book, last, prices: props.prices, lastInFiat, markPrice: market.markPrice, indexPrice: market.indexPrice })}</Suspense>
      ) : (
        <PlaceholderPanels kind={props.kind} book={book()} />
      )}
      <ChartPanel className="chart" klineRef={props.klineRef} pair={pair} interval={market.interval} onInterval={market.setInterval} label={product?.chartLabel} levels={product?.chartLevels} />
      <LatestTradesPanel className="trades" trades={trades.trades} status={trades.status} pair={pair} lang={i18n.language} />
    </Grid>
  );
}
