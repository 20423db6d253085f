import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { AlertMarket } from '../../../../domain/alerts';
import { PHONE } from '../../../app/theme';

/** On a phone a 40-px tall tap target (it stands alone in the stats bar; its line was 17 px). */
const AlertLink = styled(Link)`
  align-self: center;
  font-size: 12px;
  white-space: nowrap;
  color: ${({ theme }) => theme.color.accent};
  ${PHONE} { display: inline-flex; align-items: center; min-height: 40px; }
`;

/**
 * In a trade page's stats bar (the spot and futures pages pass it as their `stats`): the price
 * alerts page with this pair (and, on a contract, its market) chosen; a visitor is asked to log in
 * there. The trade page shows only a listed pair, so the route's symbol is one; the alerts page
 * checks it again.
 */
export function PriceAlertLink(props: { market: AlertMarket }) {
  const { t } = useTranslation();
  const symbol = encodeURIComponent((useParams().symbol ?? '').toUpperCase());
  return <AlertLink to={`/alerts?symbol=${symbol}${props.market === 'futures' ? '&market=futures' : ''}`}>{t('trade.priceAlert')}</AlertLink>;
}

/**
 * Beside it on the spot trade page: the recurring buys page with this pair chosen ("buy this pair
 * every week"); a visitor is asked to log in there.
 */
export function RecurringBuyLink() {
  const { t } = useTranslation();
  const symbol = encodeURIComponent((useParams().symbol ?? '').toUpperCase());
  return <AlertLink to={`/recurring?symbol=${symbol}`}>{t('trade.recurringBuy')}</AlertLink>;
}
