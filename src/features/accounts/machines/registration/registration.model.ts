import { USER_FIXTURE } from '../../../../app/machines/session/session.model';
import { registrationMachine } from './registration.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const account = { account: 'ada@example.org' };

export const registrationModel = machineModel(registrationMachine, [{ name: 'new visitor' }], [
  { type: 'reg.sendCode', fields: account },
  { type: 'reg.checkCode', fields: { ...account, code: '123456' } },
  { type: 'reg.submit', fields: { password: 'Trader2026!', password_repeat: 'Trader2026!', funds_password: 'Funds2026!', funds_password_repeat: 'Funds2026!', invitation_code: 'OPENEX', agree: true } },
  ...actorAnswers('sendCode', null, { kind: 'server', serverMessage: 'Please wait a minute' }),
  ...actorAnswers('checkCode', { account: 'ada@example.org' }, { kind: 'server', serverMessage: 'The verification code is wrong' }),
  ...actorAnswers('register', { token: 't', user_info: USER_FIXTURE }),
  // A wrong invitation code: said under its field (the server names it), not toasted.
  { type: 'xstate.error.actor.register', error: { kind: 'server', serverMessage: 'The invitation code is not valid', field: 'invitation_code' } },
  { type: 'reg.back' },
  { type: 'xstate.done.actor.resendCountdown' },
]);
