import { operatorSessionMachine } from './operatorSession.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const operator = { id: 3, account: 'reviewer@openex.test' };
const enrolment = { enrol: true, ticket: 't-1', expires_at: 1, secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', issuer: 'OpenEx operator', account: operator.account };

export const operatorSessionModel = machineModel(
  operatorSessionMachine,
  [
    { name: 'nothing stored', input: {} },
    { name: 'operator session stored', input: { token: 'op-1', operator } },
  ],
  [
    { type: 'operator.login', fields: { account: 'reviewer@openex.test', password: 'Operator2026' } },
    { type: 'operator.code', code: '123456' },
    { type: 'operator.code', code: '123456', newPassword: 'Orchard-Beacon-Thimble-2026' },
    { type: 'operator.forbidden', permission: 'users.freeze', message: 'Your operator roles do not allow this' },
    { type: 'operator.forbidden' },
    // The password step's three answers: the session (code sent along), the second step, the enrolment.
    { type: 'xstate.done.actor.login', output: { token: 'op-2', operator } },
    { type: 'xstate.done.actor.login', output: { second_factor: true, challenge: 'c-1', expires_at: 1 } },
    ...actorAnswers('login', enrolment, { kind: 'server', serverMessage: 'Wrong account or password' }),
    // A new operator's enrolment asks its own password too (the first was its admin's).
    { type: 'xstate.done.actor.login', output: { ...enrolment, new_password: true } },
    ...actorAnswers('secondStep', { token: 'op-3', operator }, { kind: 'server', serverMessage: 'Wrong or already used authentication code' }),
    ...actorAnswers('enrol', { token: 'op-4', operator, recovery_codes: ['AAAAA-BBBBB'] }, { kind: 'server', serverMessage: 'Wrong or already used authentication code' }),
  ],
);
