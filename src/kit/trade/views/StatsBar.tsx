import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../app/ui/Badge';
import styled from 'styled-components';
import type { MarketTick, Pair } from '../../../../domain/api';
import { indexPrice, money, percent, price, quantity } from '../../../../domain/figures';
import { useConnectionFlow } from '../../../app/views/hooks';
import { ConnectionIndicator } from '../../../app/ui/ConnectionIndicator';
import { Muted, Panel } from '../../../app/ui/Panel';
import { PHONE } from '../../../app/theme';

const Bar = styled.div`
  display: flex;
  gap: 26px;
  align-items: center;
  padding: 8px 14px;
  .pair { font-size: 18px; font-weight: 700; line-height: 1.1; }
  .last { font-size: 18px; font-weight: 700; line-height: 1.1; }
  dl { margin: 0; }
  dt { color: ${({ theme }) => theme.color.textDim}; font-size: 11px; }
  dd { margin: 0; font-size: 12px; }
  .end { margin-left: auto; }
  ${PHONE} {
    flex-wrap: wrap;
    gap: 8px 18px;
    .end { margin-left: 0; }
  }
`;

/**
 * 24-hour stats of spec §2: last price (and its value in the pricing currency), change with two
 * decimals, high, low, volume, turnover and the index price cut to four decimals (and on
 * /contract the product's mark price and funding figures, as children).
 */
export function StatsBar(props: {
  pair: Pair;
  title: string;
  tick: MarketTick | undefined;
  last: { price: string; side: 'buy' | 'sell' | undefined } | undefined;
  lastInFiat: string | undefined;
  indexPrice: string | undefined;
  /** A product's further figures (futures: funding rate and countdown), before the connection. */
  children?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const connection = useConnectionFlow();
  const { pair, tick } = props;
  const change = tick?.increase;
  return (
    <Panel className={props.className}>
      <Bar>
        <div>
          <h1 className="pair" style={{ margin: 0 }}>
            {pair.left_symbol}/{pair.right_symbol}
          </h1>
          <Muted style={{ fontSize: 11 }}>{props.title}</Muted>
          {tick?.paused && (
            <div>
              <Badge $tone="warn" role="status" title={t('trade.pausedHint')}>
                {t('trade.paused')}
              </Badge>
            </div>
          )}
        </div>
        <div>
          <div className={`last num ${change?.startsWith('-') ? 'down' : 'up'}`} data-testid="stats-last" aria-label={t('col.lastPrice')}>
            {price(props.last?.price, pair.price_precision)}
          </div>
          <Muted className="num" style={{ fontSize: 11 }}>
            {props.lastInFiat ? `≈ ${props.lastInFiat}` : '—'}
          </Muted>
        </div>
        <dl>
          <dt>{t('col.change24h')}</dt>
          <dd className={`num ${change?.startsWith('-') ? 'down' : 'up'}`}>{percent(change)}</dd>
        </dl>
        <dl>
          <dt>{t('col.high24h')}</dt>
          <dd className="num">{price(tick?.high, pair.price_precision)}</dd>
        </dl>
        <dl>
          <dt>{t('col.low24h')}</dt>
          <dd className="num">{price(tick?.low, pair.price_precision)}</dd>
        </dl>
        <dl>
          <dt>{t('col.volume24h')}</dt>
          <dd className="num">{tick ? `${quantity(tick.amount, pair.amount_precision)} ${pair.left_symbol}` : '—'}</dd>
        </dl>
        <dl>
          <dt>{t('col.turnover24h')}</dt>
          <dd className="num">{tick ? `${money(tick.vol, pair.right_symbol)} ${pair.right_symbol}` : '—'}</dd>
        </dl>
        <dl>
          <dt>{t('col.indexPrice')}</dt>
          <dd className="num" data-testid="stats-index">
            {indexPrice(props.indexPrice, pair.price_precision)}
          </dd>
        </dl>
        {props.children}
        <div className="end">
          <ConnectionIndicator status={connection.status} attempt={connection.attempt} />
        </div>
      </Bar>
    </Panel>
  );
}
