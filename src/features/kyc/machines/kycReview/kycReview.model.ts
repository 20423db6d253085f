import type { KycSubmission } from '../../../../../domain/kyc';
import { kycReviewMachine } from './kycReview.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

const submission: KycSubmission = {
  id: 7,
  user_id: 10001,
  account: 'ada@example.org',
  real_name: 'Ada Lovelace',
  id_number: 'X1234567',
  status: 2,
  reason: '',
  created_at: '2026-01-02T03:04:05Z',
  reviewed_at: null,
};

export const kycReviewModel = machineModel(kycReviewMachine, [{ name: 'operator opened /operator' }], [
  ...actorAnswers('fetchQueue', { list: [submission], total: 1, page: 1, size: 20 }),
  { type: 'review.search', search: ' ada@ ' },
  { type: 'review.page', page: 2 },
  { type: 'review.open', id: 7 },
  ...actorAnswers('fetchDetail', { submission, front: 'data:image/png;base64,iVBORw0KGgo=', back: 'data:image/png;base64,iVBORw0KGgo=' }, { kind: 'server', serverMessage: 'Not found' }),
  ...typedValues('review.confirm', ['Photo is blurred', '  '], 'reason'),
  { type: 'review.confirm', code: '123456' },
  { type: 'review.confirm', code: '12' },
  { type: 'review.confirm', reason: 'Photo is blurred', code: '123456' },
  ...actorAnswers('approve', { id: 7, status: 3 }, { kind: 'server', serverMessage: 'Wrong or already used authentication code' }),
  ...actorAnswers('reject', { id: 7, status: 4 }),
  // The step-up window read as a dialog opens: stepped up until a moment (an empty code is sent), or not.
  ...actorAnswers('readStepUp', 1_900_000_000_000),
  { type: 'review.confirm', code: '' },
  { type: 'review.confirm', reason: 'Photo is blurred', code: '' },
]);
