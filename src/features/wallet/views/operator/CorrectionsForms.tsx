import { useTranslation } from 'react-i18next';
import { CORRECTION_DIRECTIONS, type CorrectionProposal, type CorrectionView } from '../../../../../domain/corrections';
import { money } from '../../../../../domain/figures';
import { DeskCodeAndRefusal, DeskRefusal, type DeskDialogProps } from '../../../../app/ui/DeskDialog';
import { DeskFormikDialog } from '../../../../app/ui/DeskFormikDialog';
import { FormField, FormSelectField } from '../../../../app/ui/FormField';
import { accountLabelKey, useWalletAccounts } from '../../../../app/walletAccountList';
import { approvalSchema, PROPOSAL_START, proposalOf, proposalSchema, rejectionSchema, type ApprovalValues, type ProposalValues, type RejectionValues } from './CorrectionsSchemas';

export const DIRECTION_KEYS = { credit: 'corrections.direction.credit', debit: 'corrections.direction.debit' } as const;

/** A new proposal: whose account, which currency and account, credit or debit, how much, why, and a reference. Nothing moves yet. */
export function ProposeDialog(props: DeskDialogProps & { onSubmit: (fields: CorrectionProposal) => void }) {
  const { t } = useTranslation();
  const accounts = useWalletAccounts();
  return (
    <DeskFormikDialog<ProposalValues> {...props} title={t('corrections.proposeTitle')} submitKey="corrections.proposeSubmit" intro={t('corrections.proposeIntro')}
      initialValues={PROPOSAL_START} validationSchema={proposalSchema} onSubmit={(v) => props.onSubmit(proposalOf(v))}>
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
    </DeskFormikDialog>
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
  return (
    <DeskFormikDialog<ApprovalValues> {...props} title={t('corrections.approveTitle')} submitKey="corrections.approve" above={<Summary row={props.row} />}
      initialValues={{ code: '' }} validationSchema={approvalSchema} onSubmit={(v) => props.onSubmit(v.code)}>
      <DeskCodeAndRefusal labelKey="corrections.code" refusal={props.refusal} />
    </DeskFormikDialog>
  );
}

/** Rejection (or, by its proposer, withdrawal), with a reason kept on the correction. */
export function RejectDialog(props: DeskDialogProps & { row: CorrectionView | undefined; onSubmit: (reason: string) => void }) {
  const { t } = useTranslation();
  return (
    <DeskFormikDialog<RejectionValues> {...props} title={t('corrections.rejectTitle')} submitKey="corrections.reject" danger above={<Summary row={props.row} />} intro={t('corrections.rejectIntro')}
      initialValues={{ reason: '' }} validationSchema={rejectionSchema} onSubmit={(v) => props.onSubmit(v.reason)}>
      <FormField name="reason" labelKey="corrections.reason" />
      <DeskRefusal refusal={props.refusal} />
    </DeskFormikDialog>
  );
}
