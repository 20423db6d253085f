import { fromPromise } from 'xstate';
import { TWO_FACTOR_PATHS, type TwoFactorBegin, type TwoFactorConfirmed, type TwoFactorEnrolment, type TwoFactorStatus } from '../../../../domain/twoFactor';
import type { ApiClient } from '../../../services/api';
import type { SessionGrant } from '../machines/login/login.machine';

/** Two-factor authentication's calls (docs/API.md "Two-factor authentication"), each honouring the abort signal. */
export function createTwoFactorActors(api: ApiClient) {
  return {
    fetchStatus: fromPromise<TwoFactorStatus>(({ signal }) => api.post<TwoFactorStatus>(TWO_FACTOR_PATHS.status, {}, signal)),
    /** Only whether it is on: a form asks the code then (the address book, issue 50 C8). */
    readEnabled: fromPromise<boolean>(async ({ signal }) => (await api.post<TwoFactorStatus>(TWO_FACTOR_PATHS.status, {}, signal)).enabled),
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
