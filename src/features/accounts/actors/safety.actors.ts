import { fromPromise } from 'xstate';
import { SAFETY_PATHS, type SecurityLevel } from '../../../../domain/accountSafety';
import type { ApiClient } from '../../../services/api';
import type { AllowlistChange } from '../machines/securityLevel/securityLevel.machine';

/** Promise actors for the security level and allowlist mode (issue 35, docs/API.md). */
export function createSafetyActors(api: ApiClient) {
  return {
    fetchLevel: fromPromise<SecurityLevel>(({ signal }) => api.post<SecurityLevel>(SAFETY_PATHS.securityLevel, {}, signal)),
    setAllowlist: fromPromise<SecurityLevel, AllowlistChange>(({ input, signal }) => api.post<SecurityLevel>(SAFETY_PATHS.allowlist, input, signal)),
  };
}
