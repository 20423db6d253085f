import { fromPromise } from 'xstate';
import { TWO_FACTOR_PATHS, type TwoFactorEnrolment, type TwoFactorStatus } from '../../../domain/twoFactor';
import type { ApiClient } from '../../../services/api';
import type { SessionGrant } from '../machines/login/login.machine';

/** Two-factor authentication's calls (docs/API.md "Two-factor authentication"), each honouring the abort signal. */
export function createTwoFactorActors(api: ApiClient) {
  return {
    fetchStatus: fromPromise<TwoFactorStatus>(({ signal }) => api.post<TwoFactorStatus>(TWO_FACTOR_PATHS.status, {}, signal)),
    begin: fromPromise<TwoFactorEnrolment>(({ signal }) => api.post<TwoFactorEnrolment>(TWO_FACTOR_PATHS.begin, {}, signal)),
    confirm: fromPromise<{ recovery_codes: string[] }, { code: string }>(({ input, signal }) => api.post(TWO_FACTOR_PATHS.confirm, input, signal)),
    disable: fromPromise<null, { code: string }>(({ input, signal }) => api.post<null>(TWO_FACTOR_PATHS.disable, input, signal)),
    verifyLogin: fromPromise<SessionGrant, { challenge: string; code: string }>(({ input, signal }) => api.post<SessionGrant>(TWO_FACTOR_PATHS.login, input, signal)),
  };
}
