import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

const Reason = styled.textarea`
  width: 100%;
  min-height: 80px;
  background: ${({ theme }) => theme.color.panel};
  color: ${({ theme }) => theme.color.text};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 4px;
  padding: 8px;
`;

export function ApproveDialog(props: { name: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('operator.approveTitle')}
      onClose={props.onCancel}
      footer={
        <>
          <Button type="button" $variant="ghost" onClick={props.onCancel}>
            {t('operator.cancel')}
          </Button>
          <Button type="button" disabled={props.busy} onClick={props.onConfirm}>
            {t('operator.confirmApprove')}
          </Button>
        </>
      }
    >
      {t('operator.approveQuestion', { name: props.name })}
    </Dialog>
  );
}

/** The reason is the user's to read (shown on /user/identity); the text box is presentation state. */
export function RejectDialog(props: { busy: boolean; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <Dialog
      title={t('operator.rejectTitle')}
      onClose={props.onCancel}
      footer={
        <>
          <Button type="button" $variant="ghost" onClick={props.onCancel}>
            {t('operator.cancel')}
          </Button>
          <Button type="button" $variant="danger" disabled={props.busy} onClick={() => props.onConfirm(reason)}>
            {t('operator.confirmReject')}
          </Button>
        </>
      }
    >
      <label>
        {t('operator.reason')}
        <Reason value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
      </label>
    </Dialog>
  );
}
