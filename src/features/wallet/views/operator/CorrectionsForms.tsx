import { Field, Form, Formik } from 'formik';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CORRECTION_DIRECTIONS, type CorrectionProposal, type CorrectionView } from '../../../../../domain/corrections';
import type { ToastMessage } from '../../../../../domain/errors';
import { money } from '../../../../../domain/figures';
import { WALLET_ACCOUNTS } from '../../../../../domain/wallet';
import { ACCOUNT_LABEL_KEYS } from '../../../../../domain/walletAmounts';
import { Button } from '../../../../app/ui/Button';
import { Dialog } from '../../../../app/ui/Dialog';
import { fieldInput, FormField } from '../../../../app/ui/FormField';
import { FormProblem } from '../../../../app/ui/FormRows';
import { Muted } from '../../../../app/ui/Panel';
import { approvalSchema, proposalSchema, rejectionSchema, type ApprovalValues, type ProposalValues, type RejectionValues } from './CorrectionsSchemas';

/** The desk's forms: small labels over dense inputs, like the other desks. */
const DeskForm = styled.div`
  display: grid;
  gap: 12px;
  .field { display: grid; gap: 5px; }
  .field > label { font-size: 12px; color: ${({ theme }) => theme.color.textDim}; }
  input[type='text'], select { ${fieldInput('6px 9px')} font: inherit; }
  .with-button { display: flex; gap: 6px; }
  .with-button input { flex: 1; }
  .error { color: ${({ theme }) => theme.color.down}; font-size: 12px; }
  .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
`;

interface DialogProps {
  sending: boolean;
  refusal: ToastMessage | undefined;
  onClose: () => void;
}

export const DIRECTION_KEYS = { credit: 'corrections.direction.credit', debit: 'corrections.direction.debit' } as const;

/** The server's refusal, in the form (translated by the server, or a catalogue key). */
function Refusal(props: { refusal: ToastMessage | undefined }) {
  const { t } = useTranslation();
  if (!props.refusal) return null;
  return <FormProblem role="alert">{'key' in props.refusal ? t(props.refusal.key) : props.refusal.text}</FormProblem>;
}

/** A dialog whose footer submits the form `formId`. */
function FormDialog(props: DialogProps & { title: string; submitKey: string; formId: string; tone?: 'danger'; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={props.title}
      onClose={props.onClose}
      footer={
        <>
          <Button type="button" $variant="ghost" onClick={props.onClose} disabled={props.sending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={props.formId} disabled={props.sending}>
            {t(props.submitKey)}
          </Button>
        </>
      }
    >
      {props.children}
    </Dialog>
  );
}

/** A labelled select of a Formik field. */
function SelectField(props: { name: string; labelKey: string; options: ReadonlyArray<{ value: string; labelKey: string }> }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t(props.labelKey)}</label>
      <Field as="select" id={id} name={props.name}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {t(o.labelKey)}
          </option>
        ))}
      </Field>
    </div>
  );
}

/** A new proposal: whose account, which currency and account, credit or debit, how much, why, and a reference. Nothing moves yet. */
export function ProposeDialog(props: DialogProps & { onSubmit: (fields: CorrectionProposal) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <FormDialog {...props} title={t('corrections.proposeTitle')} submitKey="corrections.proposeSubmit" formId={formId}>
      <Formik<ProposalValues>
        initialValues={{ user_id: '', currency: 'USDT', account: 'spot', direction: 'credit', quantity: '', reason: '', reference: '' }}
        validationSchema={proposalSchema}
        onSubmit={(v) =>
          props.onSubmit({ user_id: Number(v.user_id), currency: v.currency, account: v.account, direction: v.direction, quantity: v.quantity, reason: v.reason, ...(v.reference ? { reference: v.reference } : {}) })
        }
      >
        <Form id={formId} noValidate aria-label={t('corrections.proposeTitle')}>
          <DeskForm>
            <Muted style={{ margin: 0 }}>{t('corrections.proposeIntro')}</Muted>
            <div className="pair">
              <FormField name="user_id" labelKey="corrections.userId" inputMode="numeric" />
              <FormField name="currency" labelKey="col.currency" />
            </div>
            <div className="pair">
              <SelectField name="account" labelKey="col.account" options={WALLET_ACCOUNTS.map((a) => ({ value: a, labelKey: ACCOUNT_LABEL_KEYS[a] }))} />
              <SelectField name="direction" labelKey="corrections.directionLabel" options={CORRECTION_DIRECTIONS.map((d) => ({ value: d, labelKey: DIRECTION_KEYS[d] }))} />
            </div>
            <FormField name="quantity" labelKey="col.quantity" inputMode="decimal" />
            <FormField name="reason" labelKey="corrections.reason" />
            <FormField name="reference" labelKey="corrections.reference" />
            <Refusal refusal={props.refusal} />
          </DeskForm>
        </Form>
      </Formik>
    </FormDialog>
  );
}

/** What a decision dialog says of the proposal: who, what, how much, why, and who proposed it. */
function Summary(props: { row: CorrectionView | undefined }) {
  const { t } = useTranslation();
  const r = props.row;
  if (!r) return null;
  return (
    <p style={{ marginTop: 0 }}>
      {t('corrections.summary', { direction: t(DIRECTION_KEYS[r.direction]), quantity: money(r.quantity, r.currency), currency: r.currency, account: t(ACCOUNT_LABEL_KEYS[r.account]), user: r.user_account, proposer: r.proposed_by_account })}
      <br />
      <span className="dim">{r.reason}</span>
    </p>
  );
}

/** Approval: the approver's own 2FA code (or a recovery code); the posting is made at once. */
export function ApproveDialog(props: DialogProps & { row: CorrectionView | undefined; onSubmit: (code: string) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <FormDialog {...props} title={t('corrections.approveTitle')} submitKey="corrections.approve" formId={formId}>
      <Summary row={props.row} />
      <Formik<ApprovalValues> initialValues={{ code: '' }} validationSchema={approvalSchema} onSubmit={(v) => props.onSubmit(v.code)}>
        <Form id={formId} noValidate aria-label={t('corrections.approveTitle')}>
          <DeskForm>
            <FormField name="code" labelKey="corrections.code" inputMode="numeric" autoComplete="one-time-code" />
            <Refusal refusal={props.refusal} />
          </DeskForm>
        </Form>
      </Formik>
    </FormDialog>
  );
}

/** Rejection (or, by its proposer, withdrawal), with a reason kept on the correction. */
export function RejectDialog(props: DialogProps & { row: CorrectionView | undefined; onSubmit: (reason: string) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <FormDialog {...props} title={t('corrections.rejectTitle')} submitKey="corrections.reject" formId={formId} tone="danger">
      <Summary row={props.row} />
      <Formik<RejectionValues> initialValues={{ reason: '' }} validationSchema={rejectionSchema} onSubmit={(v) => props.onSubmit(v.reason)}>
        <Form id={formId} noValidate aria-label={t('corrections.rejectTitle')}>
          <DeskForm>
            <Muted style={{ margin: 0 }}>{t('corrections.rejectIntro')}</Muted>
            <FormField name="reason" labelKey="corrections.reason" />
            <Refusal refusal={props.refusal} />
          </DeskForm>
        </Form>
      </Formik>
    </FormDialog>
  );
}
