import type { UserInfo } from '../../../../domain/api';
import { sessionMachine } from './session.machine';
import { actorAnswers, machineModel } from '../modelEvents';

export const USER_FIXTURE: UserInfo = {
  id: 10001,
  account: 'ada@example.org',
  nickname: 'ada',
  avatar: '',
  email: 'ada@example.org',
  phone: '',
  area_code: '',
  invitation_code: '',
  info: { name_status: 1 },
};

export const sessionModel = machineModel(
  sessionMachine,
  [
    { name: 'token and user stored', input: { token: 'tok-1', user: USER_FIXTURE } },
    { name: 'nothing stored', input: {} },
    { name: 'token without user', input: { token: 'tok-1' } },
  ],
  [
    ...actorAnswers('fetchUser', USER_FIXTURE, { kind: 'forbidden', serverMessage: 'Please log in first' }),
    { type: 'xstate.error.actor.fetchUser', error: { kind: 'network' } },
    { type: 'session.signedIn', token: 'tok-2', user: USER_FIXTURE },
    { type: 'session.forbidden', message: 'Please log in first' },
  ],
  (s) => [s.context.token !== undefined, s.context.user !== undefined],
);
