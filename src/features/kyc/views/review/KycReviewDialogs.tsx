import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmActActorRef } from '../../../../app/machines/confirmAct/confirmAct.machine';
import { ConfirmActDialog, ConfirmDialog } from '../../../../app/ui/ConfirmDialog';
import { ReasonInput } from '../../../../app/ui/ReasonInput';

/** "Approve the identity of {{name}}?", asked by the review machine's `approve` child (the shared confirm-then-act). */
export function KycApproveQuestion(props: { actor: ConfirmActActorRef | undefined; name: string }) {
  return <ConfirmActDialog actor={props.actor} tone="primary" texts={() => ({ titleKey: 'operator.approveTitle', questionKey: 'operator.approveQuestion', params: { name: props.name }, confirmKey: 'operator.confirmApprove' })} />;
}

/** The reason is the user's to read (shown on /user/identity); the text box is presentation state. */
export function KycRejectDialog(props: { busy: boolean; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      title={t('operator.rejectTitle')}
      cancelLabel={t('operator.cancel')}
      confirmLabel={t('operator.confirmReject')}
      tone="danger"
      busy={props.busy}
      onConfirm={() => props.onConfirm(reason)}
      onCancel={props.onCancel}
    >
      <label>
        {t('operator.reason')}
        <ReasonInput value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
      </label>
    </ConfirmDialog>
  );
}
