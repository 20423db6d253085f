import { USER_FIXTURE } from '../../../../app/machines/session/session.model';
import { loginMachine } from './login.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const fields = { account: 'ada@example.org', password: 'Trader2026!' };

export const loginModel = machineModel(loginMachine, [{ name: 'empty form' }], [
  { type: 'guard.accepted', payload: fields },
  { type: 'xstate.done.actor.login', output: { token: 't', user_info: USER_FIXTURE } },
  ...actorAnswers('login', { second_factor: true, challenge: 'c1', expires_at: 0 }, { kind: 'server', serverMessage: 'Wrong account or password' }),
  { type: 'login.edit' },
], (snapshot) => snapshot.context.refusal !== undefined);
