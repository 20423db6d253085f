import type { WithdrawQuota } from '../../../../domain/wallet';

/**
 * Until when a recent security change (2FA turned on, a password reset) still holds withdrawals, or
 * undefined when none does at `nowMs`. The form says it first and keeps its button off: the server
 * would only refuse after the funds password and the 2FA code had been typed.
 */
export function withdrawalsHeldUntil(quota: WithdrawQuota | undefined, nowMs: number): number | undefined {
  const until = quota?.withdrawals_locked_until ?? 0;
  return until > nowMs ? until : undefined;
}
