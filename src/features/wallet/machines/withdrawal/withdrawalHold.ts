import type { WithdrawQuota } from '../../../../../domain/wallet';

/**
 * Until when a recent security change (2FA turned on, a password reset) still holds withdrawals,
 * as the server said with the quota (0 once none holds them, so no clock is read here), or
 * undefined. The form says it first and the machine takes no submission meanwhile: the server
 * would only refuse after the funds password and the 2FA code had been typed.
 */
export function withdrawalsHeldUntil(quota: WithdrawQuota | undefined): number | undefined {
  const until = quota?.withdrawals_locked_until ?? 0;
  return until > 0 ? until : undefined;
}
