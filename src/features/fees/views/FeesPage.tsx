import { useTranslation } from 'react-i18next';
import type { MyFees, RateSource } from '../../../../domain/fees';
import { DataTable } from '../../../app/ui/DataTable';
import { DateTime } from '../../../app/ui/DateTime';
import { Muted, PageTitle, Panel, PanelBody } from '../../../app/ui/Panel';
import { FailedLine } from '../../../app/ui/RetryButton';
import { PressedChoice } from '../../../app/ui/Segmented';
import { useMyFeesFlow } from '../fees.hooks';
import { ratePercent, volumeUsdt } from './feeFormat';

type Market = MyFees['markets'][number];

/** Where the user's rate in a market comes from. */
const SOURCE_KEYS: Record<RateSource, string> = { schedule: 'fees.sourceOf.schedule', override: 'fees.sourceOf.override', exempt: 'fees.sourceOf.exempt' };

/** /fees: the user's VIP tier, 30-day volume, the next tier and what it needs, and per market the schedule with their own rate. */
export function FeesPage() {
  const { t } = useTranslation();
  const flow = useMyFeesFlow();
  const fees = flow.fees;
  return (
    <Panel>
      <PanelBody>
        <PageTitle>{t('fees.title')}</PageTitle>
        <Muted>{t('fees.intro')}</Muted>
        {flow.failed ? (
          <FailedLine onRetry={flow.retry}>{t('fees.failed')}</FailedLine>
        ) : !fees ? (
          <Muted>{t('common.loading')}</Muted>
        ) : (
          <>
            <section aria-label={t('fees.yourTier')}>
              <h2>{t('fees.yourTier')}</h2>
              <p data-testid="fees-tier">{t('fees.tierIs', { tier: fees.tier })}</p>
              <p data-testid="fees-volume">
                {t('fees.volumeIs', { volume: volumeUsdt(fees.volume_usdt) })}{' '}
                {fees.volume_day_ms !== null && (
                  <Muted as="span">
                    ({t('fees.computedAt')} <DateTime at={fees.volume_day_ms} />)
                  </Muted>
                )}
              </p>
              <p data-testid="fees-next">{fees.next ? t('fees.nextTier', { tier: fees.next.tier, volume: volumeUsdt(fees.next.min_volume_usdt), missing: volumeUsdt(fees.next.missing) }) : t('fees.topTier')}</p>
            </section>
            <section aria-label={t('fees.schedule')}>
              <h2>{t('fees.schedule')}</h2>
              <PressedChoice
                role="group"
                label={t('fees.product')}
                value={flow.product}
                options={[
                  ['spot', t('fees.spot')],
                  ['futures', t('fees.futures')],
                ]}
                onChoose={flow.show}
              />
              <DataTable<Market>
                label={t('fees.schedule')}
                rows={fees.markets.filter((m) => m.product === flow.product)}
                rowKey={(m) => `${m.product} ${m.market}`}
                emptyKey="fees.noMarkets"
                columns={[
                  { key: 'fees.market', render: (m) => m.market.replace('_', '/') },
                  { key: 'fees.yourMaker', align: 'right', render: (m) => <strong>{ratePercent(m.mine.maker)}</strong> },
                  { key: 'fees.yourTaker', align: 'right', render: (m) => <strong>{ratePercent(m.mine.taker)}</strong> },
                  { key: 'fees.source', render: (m) => t(SOURCE_KEYS[m.mine.source]) },
                  {
                    key: 'fees.byTier',
                    render: (m) => m.schedule.map((row) => t('fees.tierRates', { tier: row.tier, maker: ratePercent(row.maker), taker: ratePercent(row.taker) })).join(' · '),
                  },
                ]}
              />
              <Muted>{t('fees.rebateNote')}</Muted>
            </section>
            <section aria-label={t('fees.tiers')}>
              <h2>{t('fees.tiers')}</h2>
              <DataTable
                label={t('fees.tiers')}
                rows={fees.tiers}
                rowKey={(tier) => String(tier.tier)}
                columns={[
                  { key: 'fees.tier', render: (tier) => (tier.tier === fees.tier ? <strong>{t('fees.tierMine', { tier: tier.tier })}</strong> : String(tier.tier)) },
                  { key: 'fees.minVolume', align: 'right', render: (tier) => volumeUsdt(tier.min_volume_usdt) },
                ]}
              />
            </section>
          </>
        )}
      </PanelBody>
    </Panel>
  );
}
