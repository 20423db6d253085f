import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { FeeOverride, FeeScheduleRow, FeeTier } from '../../../../../domain/fees';
import { Button } from '../../../../app/ui/Button';
import { DataTable } from '../../../../app/ui/DataTable';
import { DateTime } from '../../../../app/ui/DateTime';
import { Muted, PanelBody } from '../../../../app/ui/Panel';
import { FailedLine } from '../../../../app/ui/RetryButton';
import { TitledPanel } from '../../../../app/ui/TitledPanel';
import { useFeesDeskFlow } from '../../fees.hooks';
import { ratePercent, volumeUsdt } from '../feeFormat';
import { pendingChanges } from '../../machines/feesDesk/feesDesk.changes';
import { FeeChangeDialog } from './FeeChangeDialog';
import { OverrideDialog, ScheduleDialog, TiersDialog } from './FeesDeskForms';

/** A table's title with its edit button beside it. */
const TableHead = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  margin: 14px 0 6px;
  h3 { margin: 0; font-size: 14px; flex: 1; }
`;

function Head(props: { title: string; action?: { label: string; onClick: () => void } | false }) {
  return (
    <TableHead>
      <h3>{props.title}</h3>
      {props.action && (
        <Button type="button" $small $variant="ghost" onClick={props.action.onClick}>
          {props.action.label}
        </Button>
      )}
    </TableHead>
  );
}

/**
 * The console's fees desk (finance edits, auditors read): the tiers, every schedule row, the
 * overrides in force. With fees.write the tier table and schedule rows are edited through forms,
 * each confirmed with what changes (old → new) and the operator's 2FA code; with fees.override a user's override (the operator's 2FA code); the server checks each call.
 */
export function FeesDeskPage() {
  const { t } = useTranslation();
  const flow = useFeesDeskFlow();
  const desk = flow.desk;
  const market = (m: string) => (m === '*' ? t('fees.deskDefault') : m.replace('_', '/'));
  const productName = (p: string) => (p === 'spot' ? t('fees.spot') : t('fees.futures'));
  return (
    <TitledPanel title={t('fees.desk')}>
      <PanelBody>
        <Muted>{t('fees.deskIntro')}</Muted>
        {flow.failed ? (
          <FailedLine onRetry={flow.retry}>{t('fees.deskFailed')}</FailedLine>
        ) : !desk ? (
          <Muted>{t('common.loading')}</Muted>
        ) : (
          <>
            <Head title={t('fees.tiers')} action={flow.mayEdit && { label: t('fees.form.editTiers'), onClick: flow.editTiers }} />
            <DataTable<FeeTier>
              label={t('fees.tiers')}
              rows={desk.tiers}
              rowKey={(tier) => String(tier.tier)}
              columns={[
                { key: 'fees.tier', render: (tier) => String(tier.tier) },
                { key: 'fees.minVolume', align: 'right', render: (tier) => volumeUsdt(tier.min_volume_usdt) },
              ]}
            />
            <Head title={t('fees.deskSchedule')} action={flow.mayEdit && { label: t('fees.form.addRow'), onClick: () => flow.editSchedule() }} />
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
                ...(flow.mayEdit ? [{ key: 'fees.form.actions', align: 'right' as const, render: (r: FeeScheduleRow) => <EditButton onClick={() => flow.editSchedule(r)} /> }] : []),
              ]}
            />
            <Head title={t('fees.deskOverrides')} action={flow.mayOverride && { label: t('fees.form.addOverride'), onClick: () => flow.editOverride() }} />
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
                ...(flow.mayOverride ? [{ key: 'fees.form.actions', align: 'right' as const, render: (o: FeeOverride) => <EditButton onClick={() => flow.editOverride(o)} /> }] : []),
              ]}
            />
            {flow.confirming && flow.pending ? (
              <FeeChangeDialog
                key={`confirm ${flow.opened}`}
                subject={flow.pending.kind === 'tiers' ? t('fees.tiers') : t('fees.form.rowSubject', { product: productName(flow.pending.edit.product), market: market(flow.pending.edit.market), tier: flow.pending.edit.tier })}
                changes={pendingChanges(desk, flow.pending)}
                sending={flow.sending}
                refusal={flow.refusal}
                onConfirm={flow.confirmEdit}
                onBack={flow.backToForm}
                onClose={flow.close}
              />
            ) : (
              <>
                {/* Back from the confirmation, a form starts from the edit held (`pending`). */}
                {flow.form?.kind === 'tiers' && (
                  <TiersDialog key={flow.opened} tiers={flow.pending?.kind === 'tiers' ? flow.pending.tiers : desk.tiers} sending={flow.sending} refusal={flow.refusal} onSubmit={flow.submitTiers} onClose={flow.close} />
                )}
                {flow.form?.kind === 'schedule' && (
                  <ScheduleDialog key={flow.opened} desk={desk} row={flow.form.row} held={flow.pending?.kind === 'schedule' ? flow.pending.edit : undefined} sending={flow.sending} refusal={flow.refusal} onSubmit={flow.submitSchedule} onClose={flow.close} />
                )}
              </>
            )}
            {flow.form?.kind === 'override' && (
              <OverrideDialog key={flow.opened} desk={desk} override={flow.form.override} sending={flow.sending} refusal={flow.refusal} onSubmit={flow.submitOverride} onClose={flow.close} />
            )}
          </>
        )}
      </PanelBody>
    </TitledPanel>
  );
}

function EditButton(props: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button type="button" $small $variant="ghost" onClick={props.onClick}>
      {t('fees.form.edit')}
    </Button>
  );
}
