import { USER_FIXTURE } from '../../../../app/machines/session/session.model';
import { twoFactorLoginMachine } from './twoFactorLogin.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const twoFactorLoginModel = machineModel(
  twoFactorLoginMachine,
  [
    { name: 'challenge', input: { challenge: 'c1' } },
    { name: 'locked challenge', input: { challenge: 'c2', locked: true } },
  ],
  [
    { type: 'code.submit', code: '123456' },
    { type: 'code.edit' },
    { type: 'recovery.use' },
    { type: 'recovery.back' },
    ...actorAnswers('verify', { token: 't', user_info: USER_FIXTURE }, { kind: 'server', serverMessage: 'Wrong or already used authentication code' }),
    { type: 'unlock.send' },
    ...actorAnswers('sendUnlock', null, { kind: 'server', serverMessage: 'Please wait a minute before asking for another code' }),
    { type: 'unlock.submit', code: '654321' },
    ...actorAnswers('unlock', null, { kind: 'server', serverMessage: 'The verification code is wrong or has expired' }),
  ],
  (snapshot) => [snapshot.context.recovery, snapshot.context.locked, snapshot.context.failed, snapshot.context.unlockSent, snapshot.context.unlockRefusal !== undefined],
);
