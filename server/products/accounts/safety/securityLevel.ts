import { securityLevelOf, type SecurityLevel } from '../../../../domain/accountSafety.js';
import type { Queryable } from '../../../kernel/platform/db/database.js';

/**
 * What is really on for /user/s-securityset (issue 35). Each item reads the rows its feature
 * keeps: 2FA its user_two_factor row (migration 023), the anti-phishing code app_user.anti_phishing
 * (024), identity app_user.name_status (3 = verified), the allowlist app_user.withdrawal_allowlist
 * (025).
 */
export async function twoFactorOn(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.query<{ on: boolean }>('select enabled as on from user_two_factor where user_id = $1', [userId]);
  return Boolean(row?.on);
}

export async function securityLevel(db: Queryable, userId: number, nowMs: number): Promise<SecurityLevel> {
  const [user] = await db.query<{ name_status: number; anti_phishing: string; allowlist: boolean; locked: string }>(
    `select name_status, anti_phishing, withdrawal_allowlist as allowlist, withdrawals_locked_until_ms as locked from app_user where id = $1`,
    [userId],
  );
  const allowlist = Boolean(user?.allowlist);
  const locked = Number(user?.locked ?? 0);
  return {
    ...securityLevelOf({
      two_factor: await twoFactorOn(db, userId),
      identity: Number(user?.name_status) === 3,
      anti_phishing: Boolean(user?.anti_phishing),
      allowlist,
    }),
    allowlist,
    withdrawals_locked_until: locked > nowMs ? locked : 0,
  };
}
