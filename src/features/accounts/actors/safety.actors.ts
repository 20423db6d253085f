import { fromCallback, fromPromise, type EventObject } from 'xstate';
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

/**
 * "Something the security level counts changed here" (2FA turned on or off, issue 50 M2): the 2FA
 * panel's machine calls `changed`, the level's machine hears it through `actor` and reads the level
 * again, so the page never shows "2FA off" beside a 2FA just turned on.
 */
export function createSecuritySignals() {
  const listeners = new Set<() => void>();
  return {
    changed: () => listeners.forEach((listener) => listener()),
    actor: fromCallback<EventObject>(({ sendBack }) => {
      const listener = () => sendBack({ type: 'security.changed' });
      listeners.add(listener);
      return () => void listeners.delete(listener);
    }),
  };
}
