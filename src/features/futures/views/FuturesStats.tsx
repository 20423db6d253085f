import { useTranslation } from 'react-i18next';
import { CONTRACT_INDEX_DECIMALS } from '../../../domain/constants';
import { formatPercent, groupThousands, toFixedDecimal } from '../../../domain/decimal';
import { formatCountdown } from '../../../domain/duration';
import type { DeskData, FuturesDeskActorRef } from '../machines/futuresDesk/futuresDesk.machine';
import { useFundingCountdown } from '../futures.hooks';
import { usePairMarket } from '../../markets/markets.hooks';

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
          {mark ? groupThousands(toFixedDecimal(mark, CONTRACT_INDEX_DECIMALS, 'down')) : '—'}
        </dd>
      </dl>
      <dl>
        <dt>{t('futures.funding')}</dt>
        <dd className="num" data-testid="stats-funding">
          <span className={config?.funding_rate.startsWith('-') ? 'down' : 'up'}>{config ? formatPercent(config.funding_rate, 4) : '—'}</span>
          {' · '}
          {left === undefined ? '—' : formatCountdown(left / 1000, { alwaysHours: true })}
        </dd>
      </dl>
    </>
  );
}
