import type { FastifyInstance } from 'fastify';
import { SAFETY_PATHS } from '../../../../domain/accountSafety.js';
import { lockWithdrawals, WITHDRAWAL_LOCK_MS } from '../../../kernel/auth/withdrawalLock.js';
import type { Database } from '../../../kernel/db/database.js';
import { ok, okWith } from '../../../kernel/http/envelope.js';
import { anyBody, strictObject } from '../../../kernel/http/schemas.js';
import { securityLevel } from './securityLevel.js';
import './safetyMessages.js';

/**
 * The user centre's account-safety calls (issue 35): the security level, and allowlist mode on or
 * off. Turning it off is what someone with a stolen session would do first, so it locks
 * withdrawals for 24 h, like a password change; turning it on takes effect at once.
 */
export function safetyRoutes(db: Database, now: () => number = Date.now) {
  const auth = { auth: 'user' } as const;
  return async (app: FastifyInstance) => {
    app.post(SAFETY_PATHS.securityLevel, { config: auth, schema: { body: anyBody } }, async (request) => ok(request.lang, await securityLevel(db, request.user.id, now())));

    app.post<{ Body: { enabled: boolean } }>(
      SAFETY_PATHS.allowlist,
      { config: auth, schema: { body: strictObject(['enabled'], { enabled: { type: 'boolean' } }) } },
      async (request) => {
        const userId = request.user.id;
        const { enabled } = request.body;
        const locked = await db.transaction(async (tx) => {
          const [was] = await tx.query<{ on: boolean }>('select withdrawal_allowlist as on from app_user where id = $1 for no key update', [userId]);
          await tx.query('update app_user set withdrawal_allowlist = $2 where id = $1', [userId, enabled]);
          if (!was?.on || enabled) return false;
          await lockWithdrawals(tx, userId, now() + WITHDRAWAL_LOCK_MS, 'allowlist_off');
          return true;
        });
        const level = await securityLevel(db, userId, now());
        return enabled ? okWith(request.lang, 'allowlistTurnedOn', level) : locked ? okWith(request.lang, 'allowlistTurnedOff', level) : ok(request.lang, level);
      },
    );
  };
}
