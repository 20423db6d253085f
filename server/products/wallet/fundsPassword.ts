import type { Queryable } from '../../kernel/platform/db/database.js';
import { requireFundsPassword as requireKernelFundsPassword } from '../../kernel/platform/auth/outflow/fundsPassword.js';
import './messages.js';

/**
 * The funds-password check lives in the kernel (kernel/platform/auth/outflow/fundsPassword.ts) since issue
 * 49: P2P asks it too, and products never import each other. One count and one lock per user, so a
 * guess at a P2P release counts towards the withdrawal's lock. The wallet keeps its own wording.
 */
export { FUNDS_PASSWORD_LOCK_MINUTES, FUNDS_PASSWORD_MAX_FAILURES, fundsPasswordMatches } from '../../kernel/platform/auth/outflow/fundsPassword.js';

export function requireFundsPassword(db: Queryable, userId: number, password: string, now: number, client: string): Promise<void> {
  return requireKernelFundsPassword(db, userId, password, now, client, { wrong: 'walletFundsPasswordWrong', locked: 'walletFundsPasswordLocked' });
}
