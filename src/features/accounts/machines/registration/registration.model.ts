import type { MachineModel } from '../../../../app/machines/model.types';
import { USER_FIXTURE } from '../../../../app/machines/session/session.model';
import { registrationMachine } from './registration.machine';

const account = { account: 'ada@example.org' };

export const registrationModel: MachineModel<typeof registrationMachine> = {
  machine: registrationMachine,
  variants: [{ name: 'new visitor' }],
  events: [
    { type: 'reg.sendCode', fields: account },
    { type: 'reg.checkCode', fields: { ...account, code: '123456' } },
    { type: 'reg.submit', fields: { password: 'Trader2026!', password_repeat: 'Trader2026!', funds_password: 'Funds2026!', funds_password_repeat: 'Funds2026!', invitation_code: 'OPENEX', agree: true } },
    { type: 'xstate.done.actor.sendCode', output: null },
    { type: 'xstate.error.actor.sendCode', error: { kind: 'server', serverMessage: 'Please wait a minute' } },
    { type: 'xstate.done.actor.checkCode', output: { account: 'ada@example.org' } },
    { type: 'xstate.error.actor.checkCode', error: { kind: 'server', serverMessage: 'The verification code is wrong' } },
    { type: 'xstate.done.actor.register', output: { token: 't', user_info: USER_FIXTURE } },
    { type: 'xstate.error.actor.register', error: { kind: 'network' } },
    { type: 'xstate.done.actor.resendCountdown' },
  ],
};
