import { useTranslation } from 'react-i18next';
import { ActionPair } from './StepBand';
import { ConfirmDialog } from '../../../app/ui/ConfirmDialog';
import { Dialog } from '../../../app/ui/Dialog';
import { useFiatAppeal } from '../fiat.hooks';
import { ProblemLine } from './ProblemLine';
import { APPEAL_REASON_MAX, type FiatAppealActorRef } from '../machines/fiatAppeal/fiatAppeal.machine';

/** A party's appeal: the reason (required), then a confirmation; a refusal shows under the reason. */
export function AppealDialog(props: { appeal: FiatAppealActorRef }) {
  const { t } = useTranslation();
  const a = useFiatAppeal(props.appeal);
  if (a.confirming || a.submitting) {
    return (
      <ConfirmDialog title={t('fiat.appeal')} cancelLabel={t('common.cancel')} confirmLabel={t('fiat.submitAppeal')} tone="danger" busy={a.submitting} onCancel={a.back} onConfirm={a.confirm}>
        {t('fiat.confirmAppeal')}
      </ConfirmDialog>
    );
  }
  return (
    <Dialog
      title={t('fiat.appeal')}
      onClose={a.dismiss}
      footer={<ActionPair lesser={{ label: t('common.cancel'), variant: 'ghost', onClick: a.dismiss }} main={{ label: t('fiat.submitAppeal'), variant: 'danger', onClick: a.submit }} />}
    >
      <label style={{ display: 'grid', gap: 6 }}>
        {t('fiat.appealReason')}
        <textarea rows={4} maxLength={APPEAL_REASON_MAX} value={a.reason} onChange={(e) => a.setReason(e.target.value)} />
      </label>
      <ProblemLine problem={a.problem} />
    </Dialog>
  );
}
