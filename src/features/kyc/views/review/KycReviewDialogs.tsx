import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ConfirmDialog } from '../../../../app/ui/ConfirmDialog';

const Reason = styled.textarea`
  width: 100%;
  min-height: 80px;
  background: ${({ theme }) => theme.color.panel};
  color: ${({ theme }) => theme.color.text};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 4px;
  padding: 8px;
`;

export function KycApproveDialog(props: { name: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('operator.approveTitle')}
      cancelLabel={t('operator.cancel')}
      confirmLabel={t('operator.confirmApprove')}
      busy={props.busy}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      {t('operator.approveQuestion', { name: props.name })}
    </ConfirmDialog>
  );
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
        <Reason value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
      </label>
    </ConfirmDialog>
  );
}
