import { useTranslation } from 'react-i18next';
import { fundingRate, indexPrice, tone } from '../../../../domain/figures';
import { formatCountdown } from '../../../../domain/duration';
import type { DeskData, FuturesDeskActorRef } from '../machines/futuresDesk/futuresDesk.machine';
import { useFundingCountdown } from '../futures.hooks';
import { usePairMarket } from '../../../kit/trade/trade.hooks';

/**
 * The contract market's figures in the trade page's stats bar: the mark price (live, from the index
 * tick), the funding rate and the countdown to the next funding (the desk's `fundingCountdown`
 * child counts the seconds; this view only formats them).
 */
export function FuturesStats(props: { data: DeskData | undefined; desk: FuturesDeskActorRef }) {
  const { t } = useTranslation();
  const fundingIn = useFundingCountdown(props.desk);
  const market = usePairMarket();
  const config = props.data?.config;
  const mark = market.markPrice ?? config?.mark_price ?? undefined;
  const left = fundingIn === undefined ? undefined : fundingIn * 1000;
  return (
    <>
      <dl>
        <dt>{t('futures.markPrice')}</dt>
        <dd className="num" data-testid="stats-mark">
          {config ? indexPrice(mark, config.price_precision) : '—'}
        </dd>
      </dl>
      <dl>
        <dt>{t('futures.funding')}</dt>
        <dd className="num" data-testid="stats-funding">
          <span className={tone(config?.funding_rate)}>{fundingRate(config?.funding_rate)}</span>
          {' · '}
          {left === undefined ? '—' : formatCountdown(left / 1000, { alwaysHours: true })}
        </dd>
      </dl>
    </>
  );
}
