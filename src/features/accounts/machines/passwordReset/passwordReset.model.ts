import { passwordResetMachine } from './passwordReset.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const account = { account: 'ada@example.org' };

export const passwordResetModel = machineModel(passwordResetMachine, [{ name: 'forgot password' }], [
  { type: 'reset.sendCode', fields: account },
  { type: 'reset.submit', fields: { code: '123456', password: 'Fresh2026!', password_repeat: 'Fresh2026!' } },
  ...actorAnswers('sendCode', null),
  ...actorAnswers('reset', null, { kind: 'server', serverMessage: 'The verification code is wrong' }),
  { type: 'xstate.done.actor.resendCountdown' },
]);
