import type { MachineModel } from '../../../../app/machines/model.types';
import { operatorUsersMachine } from './operatorUsers.machine';

const withTwoFactor = { id: 7, account: 'ada@example.org', created_at: 1, two_factor: true, withdrawals_locked_until: 0 };
const withoutTwoFactor = { id: 8, account: 'bob@example.org', created_at: 2, two_factor: false, withdrawals_locked_until: 0 };

export const operatorUsersModel: MachineModel<typeof operatorUsersMachine> = {
  machine: operatorUsersMachine,
  variants: [{ name: 'operator signed in' }],
  events: [
    { type: 'xstate.done.actor.fetchUsers', output: { list: [withTwoFactor, withoutTwoFactor], total: 41 } },
    { type: 'xstate.error.actor.fetchUsers', error: { kind: 'network' } },
    { type: 'users.search', account: ' ada ' },
    { type: 'users.page', page: 2 },
    { type: 'users.reset2fa', id: 7 },
    { type: 'users.reset2fa', id: 8 },
    { type: 'xstate.done.actor.resetTwoFactor', output: { withdrawals_locked_until: 1_800_000_000_000 } },
    { type: 'xstate.error.actor.resetTwoFactor', error: { kind: 'server', serverMessage: 'Two-factor authentication is not on' } },
  ],
  abstract: (s) => [s.context.account, s.context.page],
};
