import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Pair } from '../../../../domain/api';
import type { PublicTrade } from '../../../../domain/market';
import { Panel, PanelHeader } from '../../../app/ui/Panel';
import { FeedStatus } from './FeedStatus';
import { price, quantity } from '../../../../domain/figures';
import { timeOfDay } from './format';

const List = styled.div<{ $stale: boolean }>`
  font-size: 12px;
  overflow-y: auto;
  flex: 1;
  min-height: 0;
  opacity: ${({ $stale }) => ($stale ? 0.55 : 1)};
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr 0.8fr;
  padding: 0 12px;
  height: 20px;
  align-items: center;
  span { text-align: right; }
  span:first-child { text-align: left; }
  &.head { color: ${({ theme }) => theme.color.textFaint}; font-size: 11px; position: sticky; top: 0; background: ${({ theme }) => theme.color.panel}; }
`;

const Empty = styled.div`
  padding: 28px 12px;
  text-align: center;
  color: ${({ theme }) => theme.color.textFaint};
`;

const Column = styled(Panel)`
  display: flex;
  flex-direction: column;
  min-height: 0;
`;

/** The latest trades, newest first: price coloured by the taker's side, quantity and time. */
export function LatestTradesPanel(props: { trades: PublicTrade[]; status: string; pair: Pair; lang: string; className?: string }) {
  const { t } = useTranslation();
  const { pair } = props;
  return (
    <Column className={props.className}>
      <PanelHeader>
        <h2>{t('trade.latestTrades')}</h2>
        <FeedStatus status={props.status} />
      </PanelHeader>
      <List $stale={props.status !== 'live'} role="table" aria-label={t('trade.latestTrades')} data-testid="latest-trades">
        <Row className="head" role="row">
          <span role="columnheader">{t('trade.priceIn', { currency: pair.right_symbol })}</span>
          <span role="columnheader">{t('trade.amountIn', { currency: pair.left_symbol })}</span>
          <span role="columnheader">{t('col.time')}</span>
        </Row>
        {props.trades.length === 0 ? (
          <Empty>{t('trade.noTrades')}</Empty>
        ) : (
          props.trades.map((trade) => (
            <Row key={trade.id} role="row">
              <span role="cell" className={`num ${trade.side === 'buy' ? 'up' : 'down'}`}>
                {price(trade.price, pair.price_precision)}
              </span>
              <span role="cell" className="num">
                {quantity(trade.quantity, pair.amount_precision)}
              </span>
              <span role="cell" className="num" style={{ opacity: 0.75 }}>
                {timeOfDay(trade.time, props.lang)}
              </span>
            </Row>
          ))
        )}
      </List>
    </Column>
  );
}
