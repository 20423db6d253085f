import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { spotTickChannel } from '../../../../domain/api';
import { percent, price as priceFigure, tone as figureTone } from '../../../../domain/figures';
import { useAppFlow } from '../../../app/views/hooks';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { useSecondsDesk, useSecondsEnabled } from '../seconds.hooks';
import { usePairMarket } from '../../markets/markets.hooks';
import { ChartPanel } from '../../markets/views/trade/ChartPanel';
import { ContractCard } from './ContractCard';
import { PriceChart, usePriceTrail } from './PriceChart';
import { SecondsTicket } from './SecondsTicket';
import { pricePlaces } from './secondsFigures';
import { Box, Cards, Column, Grid, Stats } from './secondsTrade.styles';

/** /contract_sec/{symbol}: live index, periods with payout rates, stake, up/down, countdown cards. */
export function SecondsTradePage() {
  const enabled = useSecondsEnabled();
  const params = useParams();
  const symbol = (params.symbol ?? '').toLowerCase();
  if (!enabled) return <NotFoundPage />;
  if (!/^[a-z0-9]{2,12}_[a-z0-9]{2,12}$/.test(symbol)) return <NotFoundPage />;
  return <Desk key={symbol} symbol={symbol} />;
}

/**
 * The pair's candles, live, as on the spot trade page (the markets feature's pair market owns the
 * channels while this page watches it): a trader sees the price history at once, not only the
 * prices since the page opened.
 */
function CandleChart(props: { left: string; right: string }) {
  const app = useAppFlow();
  const market = usePairMarket();
  const { watch, leave } = market;
  const pair = app.pairs.find((p) => p.left_symbol === props.left && p.right_symbol === props.right);
  const contract = pair?.contract_status === 1;
  useEffect(() => {
    if (!pair) return undefined;
    watch({ left: props.left, right: props.right, contract });
    return leave;
  }, [pair, props.left, props.right, contract, watch, leave]);
  const watching = market.watched?.left === props.left && market.watched.right === props.right;
  if (!pair || !watching || !market.klineRef) return <div style={{ height: 420 }} aria-busy="true" />;
  return (
    <div style={{ height: 420, display: 'grid' }}>
      <ChartPanel klineRef={market.klineRef} pair={pair} interval={market.interval} onInterval={market.setInterval} />
    </div>
  );
}

function Desk(props: { symbol: string }) {
  const { t } = useTranslation();
  const app = useAppFlow();
  const desk = useSecondsDesk(props.symbol);
  const [left = '', right = ''] = props.symbol.toUpperCase().split('_');
  const tick = app.tickers[spotTickChannel(left, right)];
  const places = pricePlaces(app.pairs, left, right);
  // The pair's prices as the spot and futures stats show them: its precision, grouped.
  const price = (value: string | undefined) => priceFigure(value, places);
  const ticket = desk.ticket;
  const trail = usePriceTrail(tick?.close);
  return (
    <Grid>
      <Stats aria-label={t('seconds.title')}>
        <h1>
          {left}/{right} <small>{t('nav.secContract')}</small>
        </h1>
        <span>
          <span className="label">{t('seconds.livePrice')}</span>
          <span className="big num" data-testid="seconds-live-price">{price(tick?.close)}</span>
        </span>
        {tick && (
          <span>
            <span className="label">{t('seconds.change24h')}</span>
            <span className={`fig ${figureTone(tick.increase)}`}>{percent(tick.increase)}</span>
          </span>
        )}
        {tick && (
          <span>
            <span className="label">{t('seconds.high24h')}</span>
            <span className="fig">{price(tick.high)}</span>
          </span>
        )}
        {tick && (
          <span>
            <span className="label">{t('seconds.low24h')}</span>
            <span className="fig">{price(tick.low)}</span>
          </span>
        )}
        <span className="rule dim">{t('seconds.indexRule')}</span>
      </Stats>
      <Column>
        <CandleChart left={left} right={right} />
        {desk.cards.length > 0 && (
          <Box>
            <h2>{t('seconds.chart')}</h2>
            <PriceChart trail={trail} cards={desk.cards} places={places} />
          </Box>
        )}
        <Box aria-label={t('seconds.openContracts')}>
          <h2>
            {t('seconds.openContracts')} <Link to="/order/sec-history" style={{ float: 'right', textTransform: 'none' }}>{t('seconds.history')} →</Link>
          </h2>
          {desk.cards.length === 0 ? <p className="dim" style={{ margin: 0, fontSize: 12 }}>{t('seconds.noCards')}</p> : null}
          <Cards>
            {desk.cards.map((ref) => (
              <ContractCard key={ref.id} ticketRef={ref} price={tick?.close} places={places} />
            ))}
          </Cards>
        </Box>
        <SettleRule />
      </Column>
      {ticket ? <SecondsTicket ticketRef={ticket} /> : <Box />}
    </Grid>
  );
}

/** How the settle price is made (docs/API.md): folded, so the desk stays short. */
function SettleRule() {
  const { t } = useTranslation();
  return (
    <Box aria-label={t('seconds.settleRule.title')}>
      <details>
        <summary style={{ cursor: 'pointer', fontSize: 12, fontWeight: 600 }}>{t('seconds.settleRule.title')}</summary>
        <div className="dim" style={{ fontSize: 12, lineHeight: 1.5 }}>
          <p>{t('seconds.settleRule.book')}</p>
          <p>{t('seconds.settleRule.fallback')}</p>
          <p style={{ marginBottom: 0 }}>{t('seconds.settleRule.limits')}</p>
        </div>
      </details>
    </Box>
  );
}
