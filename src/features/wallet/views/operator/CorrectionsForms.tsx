import { Form, Formik } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CORRECTION_DIRECTIONS, type CorrectionProposal, type CorrectionView } from '../../../../../domain/corrections';
import { money } from '../../../../../domain/figures';
import { DeskCodeAndRefusal, DeskDialog, DeskForm, DeskRefusal, type DeskDialogProps } from '../../../../app/ui/DeskDialog';
import { FormField, FormSelectField } from '../../../../app/ui/FormField';
import { Muted } from '../../../../app/ui/Panel';
import { accountLabelKey, useWalletAccounts } from '../../../../app/walletAccountList';
import { approvalSchema, proposalSchema, rejectionSchema, type ApprovalValues, type ProposalValues, type RejectionValues } from './CorrectionsSchemas';

export const DIRECTION_KEYS = { credit: 'corrections.direction.credit', debit: 'corrections.direction.debit' } as const;

/** A new proposal: whose account, which currency and account, credit or debit, how much, why, and a reference. Nothing moves yet. */
export function ProposeDialog(props: DeskDialogProps & { onSubmit: (fields: CorrectionProposal) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const accounts = useWalletAccounts();
  return (
    <DeskDialog {...props} title={t('corrections.proposeTitle')} submitKey="corrections.proposeSubmit" formId={formId}>
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
              <FormSelectField name="account" labelKey="col.account" options={accounts.map((a) => ({ value: a.account, label: t(a.labelKey) }))} />
              <FormSelectField name="direction" labelKey="corrections.directionLabel" options={CORRECTION_DIRECTIONS.map((d) => ({ value: d, label: t(DIRECTION_KEYS[d]) }))} />
            </div>
            <FormField name="quantity" labelKey="col.quantity" inputMode="decimal" />
            <FormField name="reason" labelKey="corrections.reason" />
            <FormField name="reference" labelKey="corrections.reference" />
            <DeskRefusal refusal={props.refusal} />
          </DeskForm>
        </Form>
      </Formik>
    </DeskDialog>
  );
}

/** What a decision dialog says of the proposal: who, what, how much, why, and who proposed it. */
function Summary(props: { row: CorrectionView | undefined }) {
  const { t } = useTranslation();
  const accounts = useWalletAccounts();
  const r = props.row;
  if (!r) return null;
  return (
    <p style={{ marginTop: 0 }}>
      {t('corrections.summary', { direction: t(DIRECTION_KEYS[r.direction]), quantity: money(r.quantity, r.currency), currency: r.currency, account: t(accountLabelKey(accounts, r.account) ?? r.account), user: r.user_account, proposer: r.proposed_by_account })}
      <br />
      <span className="dim">{r.reason}</span>
    </p>
  );
}

/** Approval: the approver's own 2FA code (or a recovery code); the posting is made at once. */
export function ApproveDialog(props: DeskDialogProps & { row: CorrectionView | undefined; onSubmit: (code: string) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <DeskDialog {...props} title={t('corrections.approveTitle')} submitKey="corrections.approve" formId={formId}>
      <Summary row={props.row} />
      <Formik<ApprovalValues> initialValues={{ code: '' }} validationSchema={approvalSchema} onSubmit={(v) => props.onSubmit(v.code)}>
        <Form id={formId} noValidate aria-label={t('corrections.approveTitle')}>
          <DeskForm>
            <DeskCodeAndRefusal labelKey="corrections.code" refusal={props.refusal} />
          </DeskForm>
        </Form>
      </Formik>
    </DeskDialog>
  );
}

/** Rejection (or, by its proposer, withdrawal), with a reason kept on the correction. */
export function RejectDialog(props: DeskDialogProps & { row: CorrectionView | undefined; onSubmit: (reason: string) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <DeskDialog {...props} title={t('corrections.rejectTitle')} submitKey="corrections.reject" formId={formId} danger>
      <Summary row={props.row} />
      <Formik<RejectionValues> initialValues={{ reason: '' }} validationSchema={rejectionSchema} onSubmit={(v) => props.onSubmit(v.reason)}>
        <Form id={formId} noValidate aria-label={t('corrections.rejectTitle')}>
          <DeskForm>
            <Muted style={{ margin: 0 }}>{t('corrections.rejectIntro')}</Muted>
            <FormField name="reason" labelKey="corrections.reason" />
            <DeskRefusal refusal={props.refusal} />
          </DeskForm>
        </Form>
      </Formik>
    </DeskDialog>
  );
}
