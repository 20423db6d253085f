import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToastMessage } from '../../../../../domain/errors';
import { ConfirmDialog } from '../../../../app/ui/ConfirmDialog';
import { DeskCodeAndRefusal, DeskForm } from '../../../../app/ui/DeskDialog';
import { ReasonInput } from '../../../../app/ui/ReasonInput';
import { StepUpNote } from '../../../../kit/operatorStepUp/StepUpNote';

interface DecisionProps {
  busy: boolean;
  /** The machine's refusal (the code's shape, or the server's translated answer), said in the dialog. */
  refusal: ToastMessage | undefined;
  /** While the session is stepped up (epoch ms), the code may be left empty: the dialog says until when. */
  stepUpUntil: number | null;
  onCancel: () => void;
}

/** The code field's text is presentation state; a refusal empties it (a code is good once). */
function useCode(refusal: ToastMessage | undefined) {
  const [code, setCode] = useState('');
  const [seen, setSeen] = useState(refusal);
  if (seen !== refusal) {
    setSeen(refusal);
    setCode('');
  }
  return [code, setCode] as const;
}

/** "Approve the identity of {{name}}?" with the reviewer's 2FA code: a review sets what the user may withdraw. */
export function KycApproveDialog(props: DecisionProps & { name: string; onConfirm: (reason: undefined, code: string) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useCode(props.refusal);
  return (
    <ConfirmDialog
      title={t('operator.approveTitle')}
      cancelLabel={t('operator.cancel')}
      confirmLabel={t('operator.confirmApprove')}
      tone="primary"
      busy={props.busy}
      onConfirm={() => props.onConfirm(undefined, code)}
      onCancel={props.onCancel}
    >
      <p style={{ marginTop: 0 }}>{t('operator.approveQuestion', { name: props.name })}</p>
      <DeskForm>
        <DeskCodeAndRefusal labelKey="operator.code" refusal={props.refusal} kept={{ value: code, onChange: setCode }} />
        <StepUpNote until={props.stepUpUntil} />
      </DeskForm>
    </ConfirmDialog>
  );
}

/**
 * The reason is the user's to read (shown on /user/identity); the text boxes are presentation state.
 * Confirmed without one, the reason's field says so under it (`reasonMissing`, the machine's), tied
 * to the field, and nothing is sent.
 */
export function KycRejectDialog(props: DecisionProps & { reasonMissing: boolean; onConfirm: (reason: string, code: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [code, setCode] = useCode(props.refusal);
  return (
    <ConfirmDialog
      title={t('operator.rejectTitle')}
      cancelLabel={t('operator.cancel')}
      confirmLabel={t('operator.confirmReject')}
      tone="danger"
      busy={props.busy}
      onConfirm={() => props.onConfirm(reason, code)}
      onCancel={props.onCancel}
    >
      <DeskForm>
        <div className="field">
          <label htmlFor={id}>{t('operator.reason')}</label>
          <ReasonInput
            id={id}
            value={reason}
            maxLength={200}
            aria-invalid={props.reasonMissing}
            aria-describedby={props.reasonMissing ? `${id}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {props.reasonMissing && (
            <span className="error" id={`${id}-error`} role="alert">
              {t('operator.reasonRequired')}
            </span>
          )}
        </div>
        <DeskCodeAndRefusal labelKey="operator.code" refusal={props.refusal} kept={{ value: code, onChange: setCode }} />
        <StepUpNote until={props.stepUpUntil} />
      </DeskForm>
    </ConfirmDialog>
  );
}
