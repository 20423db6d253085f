import type { MachineModel } from '../../../../app/machines/model.types';
import { USER_FIXTURE } from '../../../../app/machines/session/session.model';
import { twoFactorLoginMachine } from './twoFactorLogin.machine';

export const twoFactorLoginModel: MachineModel<typeof twoFactorLoginMachine> = {
  machine: twoFactorLoginMachine,
  variants: [{ name: 'challenge', input: { challenge: 'c1' } }],
  events: [
    { type: 'code.submit', code: '123456' },
    { type: 'recovery.use' },
    { type: 'recovery.back' },
    { type: 'xstate.done.actor.verify', output: { token: 't', user_info: USER_FIXTURE } },
    { type: 'xstate.error.actor.verify', error: { kind: 'server', serverMessage: 'Wrong or already used authentication code' } },
  ],
  abstract: (snapshot) => snapshot.context.recovery,
};
