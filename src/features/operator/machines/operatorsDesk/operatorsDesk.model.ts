import type { OperatorView } from '../../../../../domain/operators';
import { operatorsDeskMachine } from './operatorsDesk.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const adminFromEnvironment: OperatorView = { id: 1, account: 'root', roles: ['admin', 'compliance', 'finance', 'risk', 'support', 'auditor'], disabled: false, from_environment: true, created_at: 1_700_000_000_000 };
export const financeOperator: OperatorView = { id: 7, account: 'fiona', roles: ['finance'], disabled: false, from_environment: false, created_at: 1_700_000_100_000 };

/** The list, the two forms and the disable/enable question (the shared confirm-then-act child, whose own model walks its question). */
export const operatorsDeskModel = machineModel(
  operatorsDeskMachine,
  [{ name: 'admin signed in' }],
  [
    ...actorAnswers('fetchOperators', [adminFromEnvironment, financeOperator]),
    { type: 'operators.create' },
    { type: 'operators.submitCreate', fields: { account: ' carol ', password: 'violet-harbour-71', roles: ['compliance'] } },
    { type: 'operators.submitCreate', fields: { account: 'carol', password: 'violet-harbour-71', roles: [] } },
    ...actorAnswers('createOperator', { ...financeOperator, id: 8, account: 'carol', roles: ['compliance'] }, { kind: 'server', serverMessage: 'This account name is already taken' }),
    ...typedValues('operators.editRoles', [7, 1], 'id'),
    { type: 'operators.submitRoles', roles: ['finance', 'auditor'] },
    { type: 'operators.submitRoles', roles: [] },
    ...actorAnswers('setRoles', { ...financeOperator, roles: ['finance', 'auditor'] }, { kind: 'server', serverMessage: 'No such operator' }),
    { type: 'operators.close' },
    { type: 'operators.disable', operator: financeOperator },
    { type: 'operators.enable', operator: { ...financeOperator, disabled: true } },
    { type: 'operators.disable', operator: adminFromEnvironment },
    // What the changeStanding child (the shared confirm-then-act) reports.
    { type: 'confirmAct.done', subject: { id: 7, account: 'fiona', disable: true }, output: { ...financeOperator, disabled: true } },
    { type: 'confirmAct.failed', subject: { id: 7, account: 'fiona', disable: true }, error: { kind: 'server', serverMessage: 'No such operator' } },
  ],
  // Whether the list has arrived tells apart what a roles form may open on.
  (snapshot) => snapshot.context.operators.length > 0,
);
