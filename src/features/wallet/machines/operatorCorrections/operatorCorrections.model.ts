import type { CorrectionProposal, CorrectionView } from '../../../../../domain/corrections';
import { operatorCorrectionsMachine } from './operatorCorrections.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const creditProposal: CorrectionProposal = { user_id: 42, currency: ' usdt ', account: 'spot', direction: 'credit', quantity: '25.50', reason: ' Deposit 0xabc missed ', reference: ' 0xabc ' };

export const proposedCorrection: CorrectionView = {
  id: 9,
  user_id: 42,
  user_account: 'trader@example.org',
  currency: 'USDT',
  account: 'spot',
  direction: 'credit',
  quantity: '25.5',
  reason: 'Deposit 0xabc missed',
  reference: '0xabc',
  state: 'proposed',
  proposed_by: 7,
  proposed_by_account: 'fiona',
  proposed_at: 1_700_000_000_000,
  expires_at: 1_700_086_400_000,
  decided_by: null,
  decided_by_account: null,
  decided_at: null,
  decision_reason: null,
};

/** The forms and dialogs; the list itself is the shared paged list's model (app/machines/pagedList). */
export const operatorCorrectionsModel = machineModel(
  operatorCorrectionsMachine,
  [
    { name: 'finance operator signed in', input: { self: 8, mayPropose: true, mayDecide: true } },
    { name: 'auditor signed in (reads only)', input: { self: 11, mayPropose: false, mayDecide: false } },
  ],
  [
    { type: 'corrections.propose' },
    { type: 'corrections.submitProposal', fields: creditProposal },
    { type: 'corrections.submitProposal', fields: { ...creditProposal, quantity: '0.000000001' } },
    { type: 'corrections.submitProposal', fields: { ...creditProposal, reason: '  ' } },
    ...actorAnswers('proposeCorrection', proposedCorrection, { kind: 'server', serverMessage: 'There is no user with id 42' }),
    { type: 'corrections.approve', id: 9 },
    ...typedValues('corrections.submitApproval', ['123456', '12345'], 'code'),
    ...actorAnswers('approveCorrection', { ...proposedCorrection, state: 'executed' }, { kind: 'server', serverMessage: 'You proposed this correction: a different operator must approve it' }),
    { type: 'corrections.reject', id: 9 },
    ...typedValues('corrections.submitRejection', ['No evidence', '   '], 'reason'),
    ...actorAnswers('rejectCorrection', { ...proposedCorrection, state: 'rejected' }),
    { type: 'corrections.close' },
  ],
);
