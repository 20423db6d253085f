import type { FastifyInstance } from 'fastify';
import { SAFETY_PATHS } from '../../../../domain/accountSafety.js';
import { announceSecurityNotice, recordSecurityNotice } from '../../../kernel/platform/auth/securityNotices.js';
import { requireSecondFactor } from '../../../kernel/platform/auth/twoFactor.js';
import { allowlistOn, lockWithdrawals, WITHDRAWAL_LOCK_MS } from '../../../kernel/platform/auth/withdrawalLock.js';
import type { Database } from '../../../kernel/platform/db/database.js';
import { ok, okWith } from '../../../kernel/platform/http/envelope.js';
import { anyBody, secondFactorCode, strictObject } from '../../../kernel/platform/http/schemas.js';
import { outcomeOf, unwrap } from '../../../kernel/platform/outcome.js';
import { securityLevel } from './securityLevel.js';
import './safetyMessages.js';

/**
 * The user centre's account-safety calls (issue 35): the security level, and allowlist mode on or
 * off. Turning it off is what someone with a stolen session would do first, so it takes the 2FA
 * code when 2FA is on (issue 49 §4; checked and counted before anything changes) and locks
 * withdrawals for 24 h, like a password change; turning it on takes effect at once. Either change
 * is told to the owner in the app and by email.
 */
export function safetyRoutes(db: Database, now: () => number = Date.now) {
  const auth = { auth: 'user' } as const;
  return async (app: FastifyInstance) => {
    app.post(SAFETY_PATHS.securityLevel, { config: auth, schema: { body: anyBody } }, async (request) => ok(request.lang, await securityLevel(db, request.user.id, now())));

    app.post<{ Body: { enabled: boolean; totp_code?: string } }>(
      SAFETY_PATHS.allowlist,
      { config: auth, schema: { body: strictObject(['enabled'], { enabled: { type: 'boolean' }, totp_code: secondFactorCode }) } },
      async (request) => {
        const userId = request.user.id;
        const { enabled } = request.body;
        // On the database, not in the transaction below: a wrong code stays counted.
        if (!enabled && (await allowlistOn(db, userId))) {
          unwrap(await outcomeOf(() => requireSecondFactor(db, { userId, code: request.body.totp_code, client: request.ip, now: now(), lang: request.lang })));
        }
        const change = await db.transaction(async (tx) => {
          const [was] = await tx.query<{ on: boolean }>('select withdrawal_allowlist as on from app_user where id = $1 for no key update', [userId]);
          if (Boolean(was?.on) === enabled) return undefined;
          await tx.query('update app_user set withdrawal_allowlist = $2 where id = $1', [userId, enabled]);
          if (!enabled) await lockWithdrawals(tx, userId, now() + WITHDRAWAL_LOCK_MS, 'allowlist_off');
          const notice = { kind: enabled ? ('allowlist_enabled' as const) : ('allowlist_disabled' as const) };
          await recordSecurityNotice(tx, userId, notice);
          return notice;
        });
        if (change) void announceSecurityNotice(userId, change, request.lang);
        const locked = change?.kind === 'allowlist_disabled';
        const level = await securityLevel(db, userId, now());
        return enabled ? okWith(request.lang, 'allowlistTurnedOn', level) : locked ? okWith(request.lang, 'allowlistTurnedOff', level) : ok(request.lang, level);
      },
    );
  };
}
