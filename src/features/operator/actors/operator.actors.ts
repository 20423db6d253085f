import { fromPromise } from 'xstate';
import type { OperatorGrant } from '../../../../domain/kyc';
import { OPERATOR_PATHS, type OperatorSessionView, type OperatorSignInView } from '../../../../domain/operators';
import type { Page } from '../../../../domain/wallet';
import type { ApiClient } from '../../../services/api';
import type { OperatorEnrolled, OperatorSignInAnswer } from '../machines/operatorSession/operatorSession.machine';
import type { MySecurityData } from '../machines/mySecurity/mySecurity.machine';
import type { OwnPasswordFields } from '../machines/ownPassword/ownPassword.machine';

/** The operator's sign-in (password, then the code or the enrolment), over the operator's own API client. */
export function createOperatorActors(api: ApiClient) {
  return {
    login: fromPromise<OperatorSignInAnswer, { account: string; password: string }>(({ input, signal }) => api.post<OperatorSignInAnswer>(OPERATOR_PATHS.login, input, signal)),
    secondStep: fromPromise<OperatorGrant, { challenge: string; code: string }>(({ input, signal }) => api.post<OperatorGrant>(OPERATOR_PATHS.loginSecondStep, { challenge: input.challenge, code: input.code.trim() }, signal)),
    enrol: fromPromise<OperatorEnrolled, { ticket: string; code: string; newPassword?: string }>(({ input, signal }) =>
      api.post<OperatorEnrolled>(OPERATOR_PATHS.loginEnrol, { ticket: input.ticket, code: input.code.trim(), ...(input.newPassword === undefined ? {} : { new_password: input.newPassword }) }, signal),
    ),
  };
}

/** "My security": the operator's own sessions and sign-in history. */
export function createMySecurityActors(api: ApiClient) {
  return {
    load: fromPromise<MySecurityData, { page: number }>(async ({ input, signal }) => {
      const [sessions, signIns] = await Promise.all([
        api.post<OperatorSessionView[]>(OPERATOR_PATHS.mySessions, {}, signal),
        api.post<Page<OperatorSignInView>>(OPERATOR_PATHS.mySignIns, { page: input.page, size: 20 }, signal),
      ]);
      return { sessions, signIns };
    }),
    revoke: fromPromise<unknown, { id: number }>(({ input, signal }) => api.post(OPERATOR_PATHS.mySessionRevoke, { id: input.id }, signal)),
    revokeOthers: fromPromise<unknown, void>(({ signal }) => api.post(OPERATOR_PATHS.myOtherSessionsRevoke, {}, signal)),
    changePassword: fromPromise<{ sessions_ended: number }, OwnPasswordFields>(({ input, signal }) => api.post<{ sessions_ended: number }>(OPERATOR_PATHS.myPassword, input, signal)),
  };
}
