import type { MachineModel } from '../../../../app/machines/model.types';
import { operatorUsersMachine } from './operatorUsers.machine';

const withTwoFactor = { id: 7, account: 'ada@example.org', created_at: 1, two_factor: true, withdrawals_locked_until: 0 };
const withoutTwoFactor = { id: 8, account: 'bob@example.org', created_at: 2, two_factor: false, withdrawals_locked_until: 0 };

/** The search and the 2FA reset; the list itself is the shared paged list's model (app/machines/pagedList). */
export const operatorUsersModel: MachineModel<typeof operatorUsersMachine> = {
  machine: operatorUsersMachine,
  variants: [{ name: 'operator signed in' }],
  events: [
    { type: 'users.search', account: ' ada ' },
    { type: 'users.reset2fa', user: withTwoFactor },
    { type: 'users.reset2fa', user: withoutTwoFactor },
    // What the resetTwoFactor child (the shared confirm-then-act) reports.
    { type: 'confirmAct.done', subject: { user_id: 7 }, output: { withdrawals_locked_until: 1_800_000_000_000 } },
    { type: 'confirmAct.failed', subject: { user_id: 7 }, error: { kind: 'server', serverMessage: 'Two-factor authentication is not on' } },
  ],
};
