import * as yup from 'yup';
import { CORRECTION_DIRECTIONS, CORRECTION_INTEGER_DIGITS, CORRECTION_PLACES, CORRECTION_REASON_MAX, CORRECTION_REFERENCE_MAX, type CorrectionDirection, type CorrectionProposal } from '../../../../../domain/corrections';
import { decimalUnits } from '../../../../../domain/decimalRule';
import { isSecondFactorCode } from '../../../../../domain/twoFactor';
import type { WalletAccount } from '../../../../../domain/wallet';

/**
 * The corrections desk's forms: the checks the server makes (server/products/wallet/corrections/),
 * said before sending; the server repeats them. The quantity passes the one decimal rule
 * (domain/decimalRule.ts `decimalUnits`) at 8 places, as the machine's guard and the server do.
 */
export const proposalSchema = yup.object({
  user_id: yup.string().trim().required('corrections.validation.userRequired').matches(/^[1-9]\d{0,14}$/, 'corrections.validation.userInvalid'),
  currency: yup.string().trim().required('corrections.validation.currencyRequired'),
  // One of the products' accounts: the form's select offers only those, and the server checks it again.
  account: yup.string<WalletAccount>().required(),
  direction: yup.string<CorrectionDirection>().oneOf(CORRECTION_DIRECTIONS).required(),
  quantity: yup
    .string()
    .trim()
    .required('corrections.validation.quantityRequired')
    .test('quantity', 'corrections.validation.quantityInvalid', (value) => {
      const units = decimalUnits(value, CORRECTION_PLACES, { integerDigits: CORRECTION_INTEGER_DIGITS });
      return units !== undefined && units > 0n;
    }),
  reason: yup.string().trim().required('corrections.validation.reasonRequired').max(CORRECTION_REASON_MAX, 'corrections.validation.reasonTooLong'),
  reference: yup.string().trim().max(CORRECTION_REFERENCE_MAX, 'corrections.validation.referenceTooLong'),
});
export type ProposalValues = yup.InferType<typeof proposalSchema>;
/** A new proposal's form: a credit of USDT to the spot account, the rest to type. */
export const PROPOSAL_START: ProposalValues = { user_id: '', currency: 'USDT', account: 'spot', direction: 'credit', quantity: '', reason: '', reference: '' };
/** What the form sends: the user's id as a number, a reference only when one was typed. */
export const proposalOf = (v: ProposalValues): CorrectionProposal => ({ user_id: Number(v.user_id), currency: v.currency, account: v.account, direction: v.direction, quantity: v.quantity, reason: v.reason, ...(v.reference ? { reference: v.reference } : {}) });

export const approvalSchema = yup.object({
  code: yup.string().trim().required('corrections.validation.codeRequired').test('code', 'corrections.validation.codeInvalid', (value) => isSecondFactorCode(value ?? '')),
});
export type ApprovalValues = yup.InferType<typeof approvalSchema>;

export const rejectionSchema = yup.object({
  reason: yup.string().trim().required('corrections.validation.reasonRequired').max(CORRECTION_REASON_MAX, 'corrections.validation.reasonTooLong'),
});
export type RejectionValues = yup.InferType<typeof rejectionSchema>;
