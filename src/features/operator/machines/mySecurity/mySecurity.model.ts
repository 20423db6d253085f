import { mySecurityMachine } from './mySecurity.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const session = { id: 5, user_agent: 'Firefox', ip: '10.0.0.1', created_at: 1, last_seen_at: 2, expires_at: 3, current: false };
const signIns = { list: [{ id: 1, at: 1, client: '10.0.0.1', kind: 'operator.sign_in', outcome: 'done' as const, detail: '' }], total: 1, page: 1, size: 20 };

export const mySecurityModel = machineModel(
  mySecurityMachine,
  [{ name: 'the desk opens' }],
  [
    { type: 'security.page', page: 2 },
    { type: 'security.revoke', id: 5 },
    ...actorAnswers('load', { sessions: [session], signIns }),
    ...actorAnswers('revoke', { id: 5 }, { kind: 'server', serverMessage: 'No such session of yours' }),
    ...actorAnswers('revokeOthers', { ended: 2 }),
  ],
  // Whether a confirmation is about one session or every other one.
  (snapshot) => snapshot.context.target === undefined,
);
