import { NOTICE_PUSH } from '../../../domain/informHelp.js';
import type { SecurityOutlet } from '../../kernel/platform/auth/securityNotices.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import type { UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import { issueCode } from './codes.js';
import type { CodeDelivery } from './delivery.js';
import { SECURITY_NOTICE } from './codeEmail.js';

export { SECURITY_NOTICE } from './codeEmail.js';

/**
 * How the accounts product tells the owner of a security change made anywhere (issue 49 §4;
 * kernel/platform/auth/securityNotices.ts calls it after the change commits): an email to the account, in
 * the request's language, through the product's delivery (so it carries the anti-phishing code),
 * and the private channel's `notice`, so an open bell reads its list again. A changed email or phone
 * is also sent to the address it replaced (`previousAccount`). When wrong 2FA codes
 * have locked the account's checks, the email is the unlock code itself (resend limits apply).
 */
export function securityOutlet(db: Queryable, delivery: CodeDelivery, feed?: UserFeed): SecurityOutlet {
  return {
    async mail(userId, notice, lang) {
      const [user] = await db.query<{ account: string }>(`select account from app_user where id = $1 and kind = 'user'`, [userId]);
      if (!user) return;
      if (notice.kind === 'two_factor_locked') {
        await issueCode(db, delivery, user.account, 'unlock_2fa', lang);
        return;
      }
      const time = new Date().toISOString();
      // An email or phone change: the old address hears of it too, since the new one may be a thief's.
      const to = [user.account, ...(notice.previousAccount && notice.previousAccount !== user.account ? [notice.previousAccount] : [])];
      for (const address of to) await delivery.deliver({ to: address, purpose: SECURITY_NOTICE, code: '', lang, time, params: { ...notice.params, kind: notice.kind } });
    },
    push(userId) {
      feed?.message?.(userId, NOTICE_PUSH);
    },
  };
}
