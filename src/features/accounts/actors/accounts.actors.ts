import { fromPromise } from 'xstate';
import type { ApiClient } from '../../../services/api';
import type { TwoFactorChallenge } from '../../../../domain/twoFactor';
import type { LoginFields, SessionGrant } from '../machines/login/login.machine';
import type { ResetFields } from '../machines/passwordReset/passwordReset.machine';
import type { AccountFields, DetailFields } from '../machines/registration/registration.machine';

/** Login, registration and password reset calls (spec §7), each honouring the abort signal. */
export function createAccountsActors(api: ApiClient) {
  return {
    // With 2FA on, the answer is a challenge for the code step instead of a session.
    login: fromPromise<SessionGrant | TwoFactorChallenge, LoginFields>(({ input, signal }) => api.post<SessionGrant | TwoFactorChallenge>('/api/login', input, signal)),
    sendRegisterCode: fromPromise<null, AccountFields>(({ input, signal }) => api.post<null>('/api/send_code', { ...input, purpose: 'register' }, signal)),
    checkRegisterCode: fromPromise<unknown, AccountFields & { code: string }>(({ input, signal }) => api.post('/api/register', input, signal)),
    register: fromPromise<SessionGrant, AccountFields & { code: string } & DetailFields>(({ input, signal }) => api.post<SessionGrant>('/api/register_next', input, signal)),
    sendResetCode: fromPromise<null, AccountFields>(({ input, signal }) => api.post<null>('/api/send_code', { ...input, purpose: 'reset' }, signal)),
    resetPassword: fromPromise<null, AccountFields & ResetFields>(({ input, signal }) => api.post<null>('/api/forget_pass', input, signal)),
  };
}
