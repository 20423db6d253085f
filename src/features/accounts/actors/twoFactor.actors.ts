import { fromPromise } from 'xstate';
import { TWO_FACTOR_PATHS, type TwoFactorBegin, type TwoFactorConfirmed, type TwoFactorEnrolment, type TwoFactorStatus } from '../../../../domain/twoFactor';
import type { OperatorUsersFilter, OperatorUsersPage } from '../machines/operatorUsers/operatorUsers.machine';
import type { OperatorUserRow } from '../../../../domain/twoFactor';
import { pageLoader } from '../../../app/machines/pagedList/pagedList.machine';
import type { ApiClient } from '../../../services/api';
import type { SessionGrant } from '../machines/login/login.machine';

/** Two-factor authentication's calls (docs/API.md "Two-factor authentication"), each honouring the abort signal. */
export function createTwoFactorActors(api: ApiClient) {
  return {
    fetchStatus: fromPromise<TwoFactorStatus>(({ signal }) => api.post<TwoFactorStatus>(TWO_FACTOR_PATHS.status, {}, signal)),
    begin: fromPromise<TwoFactorEnrolment, TwoFactorBegin>(({ input, signal }) => api.post<TwoFactorEnrolment>(TWO_FACTOR_PATHS.begin, input, signal)),
    confirm: fromPromise<TwoFactorConfirmed, { code: string }>(({ input, signal }) => api.post(TWO_FACTOR_PATHS.confirm, input, signal)),
    disable: fromPromise<null, { code: string }>(({ input, signal }) => api.post<null>(TWO_FACTOR_PATHS.disable, input, signal)),
    /** Locked by wrong codes (issue 49 §3): the emailed unlock, signed in … */
    sendUnlock: fromPromise<null>(({ signal }) => api.post<null>(TWO_FACTOR_PATHS.unlockSend, {}, signal)),
    unlock: fromPromise<null, { code: string }>(({ input, signal }) => api.post<null>(TWO_FACTOR_PATHS.unlock, input, signal)),
    verifyLogin: fromPromise<SessionGrant, { challenge: string; code: string }>(({ input, signal }) => api.post<SessionGrant>(TWO_FACTOR_PATHS.login, input, signal)),
    /** … and at the sign-in's second step, with its challenge. */
    sendLoginUnlock: fromPromise<null, { challenge: string }>(({ input, signal }) => api.post<null>(TWO_FACTOR_PATHS.loginUnlockSend, input, signal)),
    loginUnlock: fromPromise<null, { challenge: string; code: string }>(({ input, signal }) => api.post<null>(TWO_FACTOR_PATHS.loginUnlock, input, signal)),
  };
}

/** The operator's user desk, over the operator's own API client (its 403 ends the operator session only). */
export function createOperatorUsersActors(operatorApi: ApiClient) {
  return {
    /** A page of users found by part of their account (the shared paged list's `loadPage`). */
    fetchUsers: pageLoader<OperatorUsersFilter, OperatorUserRow>(({ filter, page, size }, signal) =>
      operatorApi.post<OperatorUsersPage>(TWO_FACTOR_PATHS.operatorUsers, { account: filter.account, page, size }, signal),
    ),
    resetTwoFactor: fromPromise<{ withdrawals_locked_until: number }, { user_id: number }>(({ input, signal }) => operatorApi.post(TWO_FACTOR_PATHS.operatorReset, input, signal)),
  };
}
