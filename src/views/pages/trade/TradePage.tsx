import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { futureIndexChannel, spotTickChannel } from '../../../domain/api';
import { CONTRACT_INDEX_DECIMALS, KLINE_INTERVALS } from '../../../domain/constants';
import { formatPercent, toFixedDecimal } from '../../../domain/decimal';
import { useAppFlow, useFiat, useSessionFlow } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { Muted, Panel, PanelBody, PanelHeader } from '../../ui/Panel';

const INTERVAL_KEYS: Record<(typeof KLINE_INTERVALS)[number], string> = {
  '1min': 'trade.interval.1min',
  '5min': 'trade.interval.5min',
  '15min': 'trade.interval.15min',
  '30min': 'trade.interval.30min',
  '60min': 'trade.interval.60min',
  '1day': 'trade.interval.1day',
  '1week': 'trade.interval.1week',
  '1mon': 'trade.interval.1mon',
};

export type TradeKind = 'spot' | 'contract' | 'seconds';

const Grid = styled.div`
  display: grid;
  grid-template-columns: 1fr 300px 300px;
  grid-template-rows: auto 460px auto;
  gap: 8px;
  .stats { grid-column: 1 / -1; }
  .chart { grid-column: 1; }
  .book { grid-column: 2; grid-row: 2 / 4; }
  .form { grid-column: 3; grid-row: 2 / 4; }
  .orders { grid-column: 1; }
`;

const Stats = styled.div`
  display: flex;
  gap: 28px;
  align-items: center;
  padding: 10px 14px;
  .pair { font-size: 18px; font-weight: 700; }
  dl { margin: 0; }
  dt { color: ${({ theme }) => theme.color.textDim}; font-size: 11px; }
  dd { margin: 0; }
`;

const Intervals = styled.div`
  display: flex;
  gap: 2px;
  span { padding: 2px 8px; border-radius: 3px; color: ${({ theme }) => theme.color.textDim}; font-size: 12px; }
`;

const ChartEmpty = styled.div`
  height: 400px;
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.color.textFaint};
`;

/** Route symbols: BTC_USDT on /markets/kline, btc_usdt on /contract and /contract_sec. */
function parseSymbol(symbol: string | undefined): { left: string; right: string } | undefined {
  const match = /^([A-Za-z0-9]{2,12})_([A-Za-z0-9]{2,12})$/.exec(symbol ?? '');
  return match ? { left: match[1]!.toUpperCase(), right: match[2]!.toUpperCase() } : undefined;
}

/**
 * The trading layout shared by /markets/kline/{symbol}, /contract/{symbol} and
 * /contract_sec/{symbol}: 24h stats, chart with the spec's intervals, order book, latest trades and
 * the order form. Market data shows what the tick channels deliver; the book, trades, candles and
 * order entry are filled by the markets and trading issues.
 */
export function TradePage(props: { kind: TradeKind }) {
  const { t } = useTranslation();
  const params = useParams();
  const appFlow = useAppFlow();
  const fiat = useFiat();
  const session = useSessionFlow();
  const symbol = parseSymbol(params.symbol);
  const pair = symbol && appFlow.pairs.find((p) => p.left_symbol === symbol.left && p.right_symbol === symbol.right);
  const listed = pair && (props.kind === 'spot' ? pair.trade_status === 1 : pair.contract_status === 1);
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
  const tick = appFlow.tickers[spotTickChannel(pair.left_symbol, pair.right_symbol)];
  const index = appFlow.tickers[futureIndexChannel(pair.left_symbol, pair.right_symbol)];
  const reference = appFlow.currencies.find((c) => c.symbol === pair.left_symbol)?.price;
  const last = tick?.close ?? (pair.right_symbol === 'USDT' ? reference : undefined);
  const titleKey = props.kind === 'spot' ? 'nav.spot' : props.kind === 'contract' ? 'nav.contract' : 'nav.secContract';
  return (
    <Grid>
      <Panel className="stats">
        <Stats>
          <div>
            <div className="pair">
              {pair.left_symbol}/{pair.right_symbol}
            </div>
            <Muted>{t(titleKey)}</Muted>
          </div>
          <dl>
            <dt>{t('col.lastPrice')}</dt>
            <dd className="num">
              {last ?? '—'} {last && pair.right_symbol === 'USDT' && <small>≈ {fiat.format(last)}</small>}
            </dd>
          </dl>
          <dl>
            <dt>{t('col.change24h')}</dt>
            <dd className={`num ${tick?.increase.startsWith('-') ? 'down' : 'up'}`}>{tick ? formatPercent(tick.increase) : '—'}</dd>
          </dl>
          <dl>
            <dt>{t('col.high24h')}</dt>
            <dd className="num">{tick?.high ?? '—'}</dd>
          </dl>
          <dl>
            <dt>{t('col.low24h')}</dt>
            <dd className="num">{tick?.low ?? '—'}</dd>
          </dl>
          <dl>
            <dt>{t('col.volume24h')}</dt>
            <dd className="num">{tick?.amount ?? '—'}</dd>
          </dl>
          <dl>
            <dt>{t('col.turnover24h')}</dt>
            <dd className="num">{tick?.vol ?? '—'}</dd>
          </dl>
          <dl>
            <dt>{t('col.indexPrice')}</dt>
            <dd className="num">{index ? toFixedDecimal(index.close, CONTRACT_INDEX_DECIMALS, 'down') : '—'}</dd>
          </dl>
        </Stats>
      </Panel>
      <Panel className="chart">
        <PanelHeader>
          <Intervals aria-label={t('trade.intervals')}>
            {KLINE_INTERVALS.map((i) => (
              <span key={i}>{t(INTERVAL_KEYS[i])}</span>
            ))}
          </Intervals>
        </PanelHeader>
        <ChartEmpty>{t('trade.noCandles')}</ChartEmpty>
      </Panel>
      <Panel className="book">
        <PanelHeader>
          <h2>{t('trade.orderBook')}</h2>
        </PanelHeader>
        <DataTable<never> columns={[{ key: 'col.price' }, { key: 'col.quantity', align: 'right' }]} rows={[]} rowKey={() => ''} emptyKey="trade.noOrders" />
        <PanelHeader>
          <h2>{t('trade.latestTrades')}</h2>
        </PanelHeader>
        <DataTable<never>
          columns={[{ key: 'col.price' }, { key: 'col.quantity', align: 'right' }, { key: 'col.time', align: 'right' }]}
          rows={[]}
          rowKey={() => ''}
          emptyKey="trade.noTrades"
        />
      </Panel>
      <Panel className="form">
        <PanelHeader>
          <h2>{t(props.kind === 'spot' ? 'trade.placeOrder' : props.kind === 'contract' ? 'trade.openPosition' : 'trade.placeSeconds')}</h2>
        </PanelHeader>
        <PanelBody>
          {session.hasSession ? (
            <Muted>{t('pending.trading')}</Muted>
          ) : (
            <div style={{ display: 'grid', gap: 10 }}>
              <Muted>{t('trade.loginToTrade')}</Muted>
              <Button as={Link} to="/login">
                {t('nav.login')}
              </Button>
              <Button as={Link} to="/reg" $variant="ghost">
                {t('nav.register')}
              </Button>
            </div>
          )}
        </PanelBody>
      </Panel>
      <Panel className="orders">
        <PanelHeader>
          <h2>{t('trade.openOrders')}</h2>
        </PanelHeader>
        <DataTable<never>
          columns={['col.time', 'col.direction', 'col.price', 'col.quantity', 'col.status'].map((key) => ({ key }))}
          rows={[]}
          rowKey={() => ''}
        />
      </Panel>
    </Grid>
  );
}
