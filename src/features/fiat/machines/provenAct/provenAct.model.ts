import { provenActMachine } from './provenAct.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const provenActModel = machineModel(provenActMachine, [{ name: 'a release to confirm, nobody listening', input: {} }], [
  { type: 'provenAct.ask', subject: { orderId: 7, step: 'release' } },
  { type: 'xstate.done.actor.readTwoFactor', output: true },
  ...actorAnswers('readTwoFactor', false),
  { type: 'provenAct.confirm', fundsPassword: '', totpCode: '' },
  { type: 'provenAct.confirm', fundsPassword: 'Funds-1', totpCode: '' },
  { type: 'provenAct.confirm', fundsPassword: 'Funds-1', totpCode: '123456' },
  { type: 'provenAct.cancel' },
  ...actorAnswers('act', {}, { kind: 'server', serverMessage: 'For your safety, no crypto can leave your account until 2026-11-28 12:00 UTC' }),
], (s) => [s.context.twoFactor, s.context.refusal !== undefined]);
