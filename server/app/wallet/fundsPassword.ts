import type { Queryable } from '../../db/database.js';
import { verifyPassword } from '../../domain/accounts/passwords.js';

/**
 * Checks a user's funds password (spec §6: asked for sensitive actions such as withdrawal) with
 * the accounts' own scrypt verification. A user without one set never matches.
 */
export async function fundsPasswordMatches(db: Queryable, userId: number, password: string): Promise<boolean> {
  const [row] = await db.query<{ funds_password_hash: string }>('select funds_password_hash from app_user where id = $1', [userId]);
  return Boolean(row?.funds_password_hash) && (await verifyPassword(password, row!.funds_password_hash));
}
