import type { CorrectionProposal, CorrectionView } from '../../../../../domain/corrections';
import type { MachineModel } from '../../../../app/machines/model.types';
import { operatorCorrectionsMachine } from './operatorCorrections.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

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
export const operatorCorrectionsModel: MachineModel<typeof operatorCorrectionsMachine> = {
  machine: operatorCorrectionsMachine,
  variants: [
    { name: 'finance operator signed in', input: { self: 8, mayPropose: true, mayDecide: true } },
    { name: 'auditor signed in (reads only)', input: { self: 11, mayPropose: false, mayDecide: false } },
  ],
  events: [
    { type: 'corrections.propose' },
    { type: 'corrections.submitProposal', fields: creditProposal },
    { type: 'corrections.submitProposal', fields: { ...creditProposal, quantity: '0.000000001' } },
    { type: 'corrections.submitProposal', fields: { ...creditProposal, reason: '  ' } },
    ...actorAnswers('proposeCorrection', proposedCorrection, { kind: 'server', serverMessage: 'There is no user with id 42' }),
    { type: 'corrections.approve', id: 9 },
    { type: 'corrections.submitApproval', code: '123456' },
    { type: 'corrections.submitApproval', code: '12345' },
    ...actorAnswers('approveCorrection', { ...proposedCorrection, state: 'executed' }, { kind: 'server', serverMessage: 'You proposed this correction: a different operator must approve it' }),
    { type: 'corrections.reject', id: 9 },
    { type: 'corrections.submitRejection', reason: 'No evidence' },
    { type: 'corrections.submitRejection', reason: '   ' },
    ...actorAnswers('rejectCorrection', { ...proposedCorrection, state: 'rejected' }),
    { type: 'corrections.close' },
  ],
};
