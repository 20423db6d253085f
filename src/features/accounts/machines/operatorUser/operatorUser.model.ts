import { operatorUserMachine } from './operatorUser.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

/** A user's page as the desk reads it (the model's answer, and the scenarios' in tests/model). */
export const USER_PAGE = {
  profile: { id: 7, account: 'alice@example.org', nickname: '', email: 'alice@example.org', phone: '', area_code: '', name_status: 1, two_factor: false, frozen: false, frozen_reason: '', frozen_at: 0, created_at: 1, last_sign_in: 0, withdrawals_locked_until: 0 },
  identity: null,
  balances: [],
  sections: {},
  notes: [],
};

/** Opening a user, the dialog's checks (reason, code), the call's outcomes. */
export const operatorUserModel = machineModel(operatorUserMachine, [{ name: 'operator signed in' }], [
  { type: 'user.open', userId: 7 },
  ...actorAnswers('loadUser', USER_PAGE, { kind: 'server', serverMessage: 'There is no such user' }),
  ...typedValues('action.start', ['freeze', 'note'], 'action'),
  { type: 'action.submit', reason: 'Reported stolen', code: '123456' },
  { type: 'action.submit', reason: 'Reported stolen' },
  { type: 'action.submit', reason: '  ', code: '123456' },
  ...actorAnswers('runAction', null, { kind: 'server', serverMessage: 'Wrong code' }),
], (s) => [s.context.action, s.context.problem]);
