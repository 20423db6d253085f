import { kycMachine } from './kyc.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const blob = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

export const kycModel = machineModel(kycMachine, [{ name: 'opened /user/identity' }], [
  { type: 'xstate.done.actor.fetchStatus', output: { name_status: 1, reason: '', submission_id: null } },
  { type: 'xstate.done.actor.fetchStatus', output: { name_status: 2, reason: '', submission_id: 7 } },
  { type: 'xstate.done.actor.fetchStatus', output: { name_status: 3, reason: '', submission_id: 7 } },
  ...actorAnswers('fetchStatus', { name_status: 4, reason: 'Photo is blurred', submission_id: 7 }),
  { type: 'identity.pushed' },
  { type: 'identity.submit', fields: { name: 'Ada Lovelace', id_number: 'X1234567', front: blob, back: blob } },
  ...actorAnswers('submitIdentity', { name_status: 2, reason: '', submission_id: 8 }, { kind: 'server', serverMessage: 'Photos must be PNG, JPEG or WebP images' }),
], (s) => s.context.status);
