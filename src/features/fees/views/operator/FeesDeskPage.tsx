import { useTranslation } from 'react-i18next';
import type { FeeOverride, FeeScheduleRow, FeeTier } from '../../../../../domain/fees';
import { DataTable } from '../../../../app/ui/DataTable';
import { DateTime } from '../../../../app/ui/DateTime';
import { Muted, PanelBody } from '../../../../app/ui/Panel';
import { RetryButton } from '../../../../app/ui/RetryButton';
import { TitledPanel } from '../../../../app/ui/TitledPanel';
import { useFeesDeskFlow } from '../../fees.hooks';
import { ratePercent, volumeUsdt } from '../feeFormat';

/** The console's fees desk (finance, auditors): the tiers, every schedule row, the overrides in force. */
export function FeesDeskPage() {
  const { t } = useTranslation();
  const flow = useFeesDeskFlow();
  const desk = flow.desk;
  const market = (m: string) => (m === '*' ? t('fees.deskDefault') : m.replace('_', '/'));
  return (
    <TitledPanel title={t('fees.desk')}>
      <PanelBody>
        <Muted>{t('fees.deskIntro')}</Muted>
        {flow.failed ? (
          <Muted role="alert">
            {t('fees.deskFailed')} <RetryButton small onRetry={flow.retry} />
          </Muted>
        ) : !desk ? (
          <Muted>{t('common.loading')}</Muted>
        ) : (
          <>
            <DataTable<FeeTier>
              label={t('fees.tiers')}
              rows={desk.tiers}
              rowKey={(tier) => String(tier.tier)}
              columns={[
                { key: 'fees.tier', render: (tier) => String(tier.tier) },
                { key: 'fees.minVolume', align: 'right', render: (tier) => volumeUsdt(tier.min_volume_usdt) },
              ]}
            />
            <DataTable<FeeScheduleRow>
              label={t('fees.deskSchedule')}
              rows={desk.schedule}
              rowKey={(r) => `${r.product} ${r.market} ${r.tier}`}
              columns={[
                { key: 'fees.product', render: (r) => (r.product === 'spot' ? t('fees.spot') : t('fees.futures')) },
                { key: 'fees.market', render: (r) => market(r.market) },
                { key: 'fees.tier', render: (r) => String(r.tier) },
                { key: 'fees.deskMaker', align: 'right', render: (r) => ratePercent(r.maker) },
                { key: 'fees.deskTaker', align: 'right', render: (r) => ratePercent(r.taker) },
              ]}
            />
            <DataTable<FeeOverride>
              label={t('fees.deskOverrides')}
              rows={desk.overrides}
              rowKey={(o) => `${o.user_id} ${o.product} ${o.market}`}
              emptyKey="fees.deskNoOverrides"
              columns={[
                { key: 'fees.deskUser', render: (o) => String(o.user_id) },
                { key: 'fees.product', render: (o) => (o.product === 'spot' ? t('fees.spot') : t('fees.futures')) },
                { key: 'fees.market', render: (o) => market(o.market) },
                { key: 'fees.deskMaker', align: 'right', render: (o) => ratePercent(o.maker) },
                { key: 'fees.deskTaker', align: 'right', render: (o) => ratePercent(o.taker) },
                { key: 'fees.deskEnds', render: (o) => <DateTime at={o.ends_ms} /> },
                { key: 'fees.deskNote', render: (o) => o.note },
              ]}
            />
          </>
        )}
      </PanelBody>
    </TitledPanel>
  );
}
