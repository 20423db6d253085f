import type { OperatorView } from '../../../../../domain/operators';
import { operatorsDeskMachine } from './operatorsDesk.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const adminFromEnvironment: OperatorView = { id: 1, account: 'root', roles: ['admin', 'compliance', 'finance', 'risk', 'support', 'auditor'], disabled: false, from_environment: true, created_at: 1_700_000_000_000 };
export const financeOperator: OperatorView = { id: 7, account: 'fiona', roles: ['finance'], disabled: false, from_environment: false, created_at: 1_700_000_100_000 };

/** The list, the two forms and the disable/enable question, each with the admin's 2FA code (a sendable one, and one of the wrong shape). */
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
  ],
  // Whether the list has arrived tells apart what a roles form may open on.
  (snapshot) => snapshot.context.operators.length > 0,
);
