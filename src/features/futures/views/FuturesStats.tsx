import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_INDEX_DECIMALS } from '../../../domain/constants';
import { formatPercent, groupThousands, toFixedDecimal } from '../../../domain/decimal';
import { formatCountdown } from '../../../domain/duration';
import type { DeskData } from '../machines/futuresDesk/futuresDesk.machine';
import { usePairMarket } from '../../markets/markets.hooks';

/** hh:mm:ss until `ms` (never negative). */
export function countdown(ms: number): string {
  return formatCountdown(ms / 1000, { alwaysHours: true });
}

/** A clock for the countdown (presentation only: the funding time itself comes from the desk). */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/**
 * The contract market's figures in the trade page's stats bar: the mark price (live, from the index
 * tick), the funding rate and the countdown to the next funding (from /api/futures/config, rolled
 * over by the interval once it passes).
 */
export function FuturesStats(props: { data: DeskData | undefined }) {
  const { t } = useTranslation();
  const market = usePairMarket();
  const now = useNow(1000);
  const config = props.data?.config;
  const mark = market.markPrice ?? config?.mark_price ?? undefined;
  let left: number | undefined;
  if (config) {
    const interval = Math.max(1, config.funding_interval_ms);
    left = config.next_funding_ms - now;
    // Funding times repeat every interval: once one passes, count to the next without a read.
    if (left < 0) left = interval - (-left % interval);
  }
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
          {left === undefined ? '—' : countdown(left)}
        </dd>
      </dl>
    </>
  );
}
