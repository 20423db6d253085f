import { securityChangeMachine } from './securityChange.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const securityChangeModel = machineModel(
  securityChangeMachine,
  [
    { name: 'login password', input: { kind: 'loginPwd' } },
    { name: 'fund password', input: { kind: 'fundsPwd' } },
    { name: 'email', input: { kind: 'email' } },
  ],
  [
    { type: 'security.sendCode', to: 'current' },
    { type: 'security.sendCode', to: 'new', account: 'new@example.org' },
    { type: 'security.submit', fields: { code: '123456', password: 'Fresh2026x', password_repeat: 'Fresh2026x' } },
    { type: 'guard.accepted', payload: { code: '123456', password: 'Fresh2026x', password_repeat: 'Fresh2026x' } },
    ...actorAnswers('sendCode', null, { kind: 'server', serverMessage: 'Please wait a minute' }),
    ...actorAnswers('submitChange', null, { kind: 'server', serverMessage: 'The verification code is wrong' }),
    { type: 'xstate.done.actor.resendCurrent' },
    { type: 'xstate.done.actor.resendNew' },
    // Whether 2FA is on: the form asks the code only then.
    ...typedValues('xstate.done.actor.readTwoFactor', [true, false], 'output'),
    { type: 'xstate.error.actor.readTwoFactor', error: { kind: 'network' } },
  ],
  (snapshot) => [snapshot.context.kind, snapshot.context.twoFactor ?? null],
);
