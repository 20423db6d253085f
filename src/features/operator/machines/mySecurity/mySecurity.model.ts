import type { MachineModel } from '../../../../app/machines/model.types';
import { mySecurityMachine } from './mySecurity.machine';

const session = { id: 5, user_agent: 'Firefox', ip: '10.0.0.1', created_at: 1, last_seen_at: 2, expires_at: 3, current: false };
const signIns = { list: [{ id: 1, at: 1, client: '10.0.0.1', kind: 'operator.sign_in', outcome: 'done' as const, detail: '' }], total: 1, page: 1, size: 20 };

export const mySecurityModel: MachineModel<typeof mySecurityMachine> = {
  machine: mySecurityMachine,
  variants: [{ name: 'the desk opens' }],
  events: [
    { type: 'security.page', page: 2 },
    { type: 'security.revoke', id: 5 },
    { type: 'xstate.done.actor.load', output: { sessions: [session], signIns } },
    { type: 'xstate.error.actor.load', error: { kind: 'network' } },
    { type: 'xstate.done.actor.revoke', output: { id: 5 } },
    { type: 'xstate.error.actor.revoke', error: { kind: 'server', serverMessage: 'No such session of yours' } },
    { type: 'xstate.done.actor.revokeOthers', output: { ended: 2 } },
    { type: 'xstate.error.actor.revokeOthers', error: { kind: 'network' } },
  ],
  // Whether a confirmation is about one session or every other one.
  abstract: (snapshot) => snapshot.context.target === undefined,
};
