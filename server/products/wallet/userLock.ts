import type { Queryable } from '../../kernel/platform/db/database.js';

/**
 * Serialises a user's own wallet submissions (withdrawals, transfers) on their app_user row, so
 * checks such as the 24-hour limit see every earlier one, and two submissions never lock the same
 * balance rows in different orders (which PostgreSQL would end as a deadlock). "No key update"
 * because the rows these transactions insert already hold a key-share lock on the user through
 * their foreign keys, and a plain "for update" would deadlock against that.
 */
export async function lockUserWallet(tx: Queryable, userId: number): Promise<void> {
  await tx.query('select id from app_user where id = $1 for no key update', [userId]);
}
