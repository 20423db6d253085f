import { fromPromise } from 'xstate';
import {
  OPERATOR_PATHS,
  type OperatorAccessRequest,
  type OperatorAuditExport,
  type OperatorAuditPage,
  type OperatorAuditQuery,
  type OperatorAuditRow,
  type OperatorChangeAnswer,
  type OperatorCreate,
  type OperatorRole,
  type OperatorView,
} from '../../../../domain/operators';
import { pageLoader } from '../../../app/machines/pagedList/pagedList.machine';
import type { ApiClient } from '../../../services/api';
import type { StandingChange } from '../machines/operatorsDesk/operatorsDesk.machine';

/**
 * The operators desk's and the audit desk's calls (docs/API.md "Operators, roles and the audit
 * log"), over the operator's own API client, each honouring the abort signal.
 */
export function createOperatorDeskActors(operatorApi: ApiClient) {
  return {
    fetchOperators: fromPromise<OperatorView[]>(({ signal }) => operatorApi.post<OperatorView[]>(OPERATOR_PATHS.operators, {}, signal)),
    // A change that gives access may be answered with the request a second admin approves.
    createOperator: fromPromise<OperatorChangeAnswer, OperatorCreate>(({ input, signal }) => operatorApi.post<OperatorChangeAnswer>(OPERATOR_PATHS.create, input, signal)),
    setRoles: fromPromise<OperatorChangeAnswer, { id: number; roles: OperatorRole[]; code: string }>(({ input, signal }) => operatorApi.post<OperatorChangeAnswer>(OPERATOR_PATHS.setRoles, input, signal)),
    /** Disable or enable (the change says which), with the admin's own 2FA code. */
    changeStanding: fromPromise<OperatorChangeAnswer, StandingChange>(({ input, signal }) =>
      operatorApi.post<OperatorChangeAnswer>(input.disable ? OPERATOR_PATHS.disable : OPERATOR_PATHS.enable, { id: input.id, code: input.code }, signal),
    ),
    /** Another operator's 2FA reset (they enrol again at their next sign-in), with the admin's own 2FA code. */
    resetTwoFactor: fromPromise<{ id: number }, { id: number; code: string }>(({ input, signal }) => operatorApi.post<{ id: number }>(OPERATOR_PATHS.resetTwoFactor, input, signal)),
    fetchAccessRequests: fromPromise<OperatorAccessRequest[]>(({ signal }) => operatorApi.post<OperatorAccessRequest[]>(OPERATOR_PATHS.accessRequests, {}, signal)),
    approveAccess: fromPromise<OperatorView, { id: number; code: string }>(({ input, signal }) => operatorApi.post<OperatorView>(OPERATOR_PATHS.approveAccess, input, signal)),
    rejectAccess: fromPromise<OperatorAccessRequest, { id: number }>(({ input, signal }) => operatorApi.post<OperatorAccessRequest>(OPERATOR_PATHS.rejectAccess, input, signal)),
    /** A page of the audit log, newest first (the shared paged list's `loadPage`). */
    fetchAudit: pageLoader<OperatorAuditQuery, OperatorAuditRow>(({ filter, page, size }, signal) => operatorApi.post<OperatorAuditPage>(OPERATOR_PATHS.audit, { ...filter, page, size }, signal)),
    exportAudit: fromPromise<OperatorAuditExport, OperatorAuditQuery>(({ input, signal }) => operatorApi.post<OperatorAuditExport>(OPERATOR_PATHS.auditExport, input, signal)),
  };
}
