import type { MachineModel } from '../../../../app/machines/model.types';
import { securityChangeMachine } from './securityChange.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const securityChangeModel: MachineModel<typeof securityChangeMachine> = {
  machine: securityChangeMachine,
  variants: [
    { name: 'login password', input: { kind: 'loginPwd' } },
    { name: 'fund password', input: { kind: 'fundsPwd' } },
    { name: 'email', input: { kind: 'email' } },
  ],
  events: [
    { type: 'security.sendCode', to: 'current' },
    { type: 'security.sendCode', to: 'new', account: 'new@example.org' },
    { type: 'security.submit', fields: { code: '123456', password: 'Fresh2026x', password_repeat: 'Fresh2026x' } },
    { type: 'guard.accepted', payload: { code: '123456', password: 'Fresh2026x', password_repeat: 'Fresh2026x' } },
    ...actorAnswers('sendCode', null, { kind: 'server', serverMessage: 'Please wait a minute' }),
    ...actorAnswers('submitChange', null, { kind: 'server', serverMessage: 'The verification code is wrong' }),
    { type: 'xstate.done.actor.resendCurrent' },
    { type: 'xstate.done.actor.resendNew' },
  ],
  abstract: (snapshot) => snapshot.context.kind,
};
