import { addDecimal, compareDecimal } from '../../../domain/decimal.js';
import { identityRights } from '../../../domain/kyc.js';
import type { NameStatus } from '../../../domain/api.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { readPlatConfig } from '../../kernel/platform/catalogue.js';
import { DAY_MS } from './rules.js';

export interface WithdrawLimit {
  verified: boolean;
  limit_usdt: string;
  used_usdt: string;
  /** What is left of the limit (never negative), in USDT. */
  left_usdt: string;
}

/**
 * The 24-hour withdrawal limit (spec §6): config name_check.draw_check for verified users
 * (name_status 3), draw_uncheck otherwise, in USDT. Used is the USDT value, at submission, of the
 * user's withdrawals of the last 24 hours that were not cancelled or failed.
 */
export async function withdrawLimit(db: Queryable, userId: number, now: number): Promise<WithdrawLimit> {
  const [user] = await db.query<{ name_status: number }>('select name_status from app_user where id = $1', [userId]);
  const { config } = await readPlatConfig(db);
  const rights = identityRights(Number(user?.name_status ?? 1) as NameStatus, config.name_check);
  const [row] = await db.query<{ used: string }>(
    `select trim_scale(coalesce(sum(value_usdt), 0))::text as used from withdrawal
     where user_id = $1 and status in (1, 2, 3) and created_ms > $2`,
    [userId, now - DAY_MS],
  );
  const limit = String(rights.withdrawLimit24h);
  const used = row!.used;
  return { verified: rights.verified, limit_usdt: limit, used_usdt: used, left_usdt: compareDecimal(limit, used) > 0 ? addDecimal(limit, `-${used}`) : '0' };
}
