import type { MachineModel } from '../../../../app/machines/model.types';
import { USER_FIXTURE } from '../../../../app/machines/session/session.model';
import { loginMachine } from './login.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

const fields = { account: 'ada@example.org', password: 'Trader2026!' };

export const loginModel: MachineModel<typeof loginMachine> = {
  machine: loginMachine,
  variants: [{ name: 'empty form' }],
  events: [
    { type: 'guard.accepted', payload: fields },
    { type: 'xstate.done.actor.login', output: { token: 't', user_info: USER_FIXTURE } },
    ...actorAnswers('login', { second_factor: true, challenge: 'c1', expires_at: 0 }, { kind: 'server', serverMessage: 'Wrong account or password' }),
    { type: 'login.edit' },
  ],
  abstract: (snapshot) => snapshot.context.refusal !== undefined,
};
