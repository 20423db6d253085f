import type { OperatorAccessRequest, OperatorView } from '../../../../../domain/operators';
import { operatorsDeskMachine } from './operatorsDesk.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const adminFromEnvironment: OperatorView = { id: 1, account: 'root', roles: ['admin', 'compliance', 'finance', 'risk', 'support', 'auditor'], disabled: false, from_environment: true, created_at: 1_700_000_000_000 };
export const financeOperator: OperatorView = { id: 7, account: 'fiona', roles: ['finance'], disabled: false, from_environment: false, created_at: 1_700_000_100_000 };

/** A new operator another admin asked for, waiting for a second admin; and one decided already. */
export const pendingCreate: OperatorAccessRequest = {
  id: 4,
  kind: 'operator.create',
  operator_id: null,
  account: 'dora',
  roles: ['finance'],
  requested_by: 'fiona',
  requested_by_id: 7,
  requested_at: 1_700_000_200_000,
  state: 'pending',
  decided_by: null,
  decided_at: null,
};
const decided: OperatorAccessRequest = { ...pendingCreate, id: 3, state: 'rejected', decided_by: 'root', decided_at: 1_700_000_300_000 };

/** The list, the two forms, the disable/enable and 2FA reset questions, each with the admin's 2FA code (a sendable one, and one of the wrong shape). */
export const operatorsDeskModel = machineModel(
  operatorsDeskMachine,
  [{ name: 'admin signed in' }],
  [
    ...actorAnswers('fetchOperators', [adminFromEnvironment, financeOperator]),
    { type: 'operators.create' },
    { type: 'operators.submitCreate', fields: { account: ' carol ', password: 'violet-harbour-71', roles: ['compliance'], code: '123456' } },
    { type: 'operators.submitCreate', fields: { account: 'carol', password: 'violet-harbour-71', roles: [], code: '123456' } },
    { type: 'operators.submitCreate', fields: { account: 'carol', password: 'violet-harbour-71', roles: ['compliance'], code: '12' } },
    ...actorAnswers('createOperator', { ...financeOperator, id: 8, account: 'carol', roles: ['compliance'] }, { kind: 'server', serverMessage: 'This account name is already taken' }),
    // Asked by an admin other than the environment's operator: the answer is the request.
    { type: 'xstate.done.actor.createOperator', output: { request: { ...pendingCreate, account: 'carol', requested_by: 'root' } } },
    ...actorAnswers('fetchAccessRequests', [pendingCreate, decided]),
    { type: 'operators.approve', request: pendingCreate },
    { type: 'operators.reject', request: pendingCreate },
    { type: 'operators.approve', request: decided },
    { type: 'operators.submitApprove', code: '654321' },
    { type: 'operators.submitApprove', code: '' },
    ...actorAnswers('approveAccess', { ...financeOperator, id: 9, account: 'dora' }, { kind: 'server', serverMessage: 'You asked for this change; another admin must approve it' }),
    { type: 'operators.submitReject' },
    ...actorAnswers('rejectAccess', { ...pendingCreate, state: 'rejected', decided_by: 'root', decided_at: 1_700_000_400_000 }, { kind: 'server', serverMessage: 'This request has already been approved or rejected' }),
    ...typedValues('operators.editRoles', [7, 1], 'id'),
    { type: 'operators.submitRoles', roles: ['finance', 'auditor'], code: '123456' },
    { type: 'operators.submitRoles', roles: [], code: '123456' },
    { type: 'operators.submitRoles', roles: ['finance'], code: '' },
    ...actorAnswers('setRoles', { ...financeOperator, roles: ['finance', 'auditor'] }, { kind: 'server', serverMessage: 'No such operator' }),
    { type: 'operators.close' },
    { type: 'operators.disable', operator: financeOperator },
    { type: 'operators.enable', operator: { ...financeOperator, disabled: true } },
    { type: 'operators.disable', operator: adminFromEnvironment },
    { type: 'operators.submitStanding', code: 'ABCDE-FGHJK' },
    { type: 'operators.submitStanding', code: 'nope' },
    ...actorAnswers('changeStanding', { ...financeOperator, disabled: true }, { kind: 'server', serverMessage: 'Wrong or already used authentication code' }),
    // Another operator's 2FA reset (never the environment's), with the admin's code.
    { type: 'operators.resetTwoFactor', operator: financeOperator },
    { type: 'operators.resetTwoFactor', operator: adminFromEnvironment },
    { type: 'operators.submitReset', code: '123456' },
    { type: 'operators.submitReset', code: '' },
    ...actorAnswers('resetTwoFactor', { id: 7 }, { kind: 'server', serverMessage: 'Two-factor authentication is not on for this operator' }),
  ],
  // Whether the list has arrived tells apart what a roles form may open on.
  (snapshot) => snapshot.context.operators.length > 0,
);
