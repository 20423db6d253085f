/**
 * Wire types of the account-safety calls (issue 35), shared by the browser and the server:
 * the security level of /user/s-securityset and the withdrawal allowlist switch.
 */
export const SAFETY_PATHS = {
  securityLevel: '/api/user/security_level',
  allowlist: '/api/user/withdraw_allowlist',
} as const;

/** What counts towards the security level, in the order the page suggests them. */
export type SecurityItemId = 'two_factor' | 'identity' | 'anti_phishing' | 'allowlist';
export const SECURITY_ITEMS: readonly SecurityItemId[] = ['two_factor', 'identity', 'anti_phishing', 'allowlist'];

export type SecurityLevelName = 'low' | 'medium' | 'high';

export interface SecurityLevel {
  items: Array<{ id: SecurityItemId; on: boolean }>;
  /** How many items are on (0–4): low ≤ 1, medium 2–3, high 4. */
  score: number;
  level: SecurityLevelName;
  /** The first item still off: what to do next to raise the level (null when all are on). */
  next: SecurityItemId | null;
  allowlist: boolean;
  /** Until when withdrawals are locked after a security change (epoch ms; 0 when not). */
  withdrawals_locked_until: number;
}

export function securityLevelOf(on: Record<SecurityItemId, boolean>): Pick<SecurityLevel, 'items' | 'score' | 'level' | 'next'> {
  const items = SECURITY_ITEMS.map((id) => ({ id, on: on[id] }));
  const score = items.filter((i) => i.on).length;
  const level: SecurityLevelName = score >= SECURITY_ITEMS.length ? 'high' : score >= 2 ? 'medium' : 'low';
  return { items, score, level, next: items.find((i) => !i.on)?.id ?? null };
}
