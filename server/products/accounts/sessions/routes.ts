import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../../domain/api.js';
import { LOGIN_HISTORY_PAGE_SIZE } from '../../../../domain/sessions.js';
import type { Database } from '../../../kernel/platform/db/database.js';
import { hashToken } from '../../../kernel/platform/auth/sessions.js';
import { requireSecondFactor, twoFactorEnabled } from '../../../kernel/platform/auth/twoFactor.js';
import { translate } from '../../../kernel/platform/i18n/messages.js';
import { ApiFailure, ok, okWith } from '../../../kernel/platform/http/envelope.js';
import { anyBody, paging, secondFactorCode, sixDigitCode, strictObject as object, rowId, text } from '../../../kernel/platform/http/schemas.js';
import { outcomeOf, unwrap } from '../../../kernel/platform/outcome.js';
import { checkCode } from '../codes.js';
import { antiPhishingCode, antiPhishingRefusal, setAntiPhishingCode } from './antiPhishing.js';
import { listSessions, loginHistory, revokeOtherSessions, revokeSessionById } from './sessions.js';
import './messages.js';


/**
 * Sessions and devices, login history and the anti-phishing code (issue 35, docs/API.md
 * "Sessions, login history and the anti-phishing code"). Every call needs a live user token and
 * acts on the token's own user only.
 */
export function sessionRoutes(db: Database, now: () => number = Date.now) {
  const auth = { auth: 'user' } as const;
  const currentHash = (request: FastifyRequest) => hashToken(request.token ?? '');
  return async (app: FastifyInstance) => {
    app.post('/api/user/sessions', { config: auth, schema: { body: anyBody } }, async (request) =>
      ok(request.lang, await listSessions(db, request.user.id, currentHash(request))),
    );
    app.post<{ Body: { id: number } }>(
      '/api/user/session_revoke',
      { config: auth, schema: { body: object(['id'], { id: rowId }) } },
      async (request) => {
        const ended = await db.transaction((tx) => revokeSessionById(tx, request.user.id, request.body.id));
        if (!ended) throw new ApiFailure(ResultCode.notFound, 'sessionNotFound');
        return okWith(request.lang, 'sessionRevoked');
      },
    );
    app.post('/api/user/sessions_revoke_others', { config: auth, schema: { body: anyBody } }, async (request) => {
      const count = await db.transaction((tx) => revokeOtherSessions(tx, request.user.id, currentHash(request)));
      return { code: ResultCode.ok, msg: translate(request.lang, 'sessionsRevoked', { count: String(count) }), data: { count } };
    });
    app.post<{ Body: { page?: number; size?: number } }>(
      '/api/user/login_history',
      {
        config: auth,
        schema: { body: object([], paging()) },
      },
      async (request) => ok(request.lang, await loginHistory(db, request.user.id, request.body.page ?? 1, request.body.size ?? LOGIN_HISTORY_PAGE_SIZE)),
    );
    // `two_factor` tells the form which proof a change takes.
    app.post('/api/user/anti_phishing', { config: auth, schema: { body: anyBody } }, async (request) =>
      ok(request.lang, { code: await antiPhishingCode(db, request.user.id), two_factor: await twoFactorEnabled(db, request.user.id) }),
    );
    app.post<{ Body: { code: string; totp_code?: string; email_code?: string } }>(
      '/api/user/anti_phishing_set',
      { config: auth, schema: { body: object(['code'], { code: text(64), totp_code: secondFactorCode, email_code: sixDigitCode }) } },
      async (request) => {
        const userId = request.user.id;
        // The phrase first: a refused one uses up no code.
        const problem = antiPhishingRefusal(request.body.code);
        if (problem) throw new ApiFailure(ResultCode.badRequest, problem.key, problem.vars);
        // Issue 49 §4: not with the session alone. With 2FA on, its code (counted on the database, so a
        // wrong one stays counted); with it off, the code emailed to the account (/api/user/send_code, purpose anti_phishing).
        if (await twoFactorEnabled(db, userId)) {
          unwrap(await outcomeOf(() => requireSecondFactor(db, { userId, code: request.body.totp_code, client: request.ip, now: now(), lang: request.lang })));
        } else {
          const [user] = await db.query<{ account: string }>('select account from app_user where id = $1', [userId]);
          const proven = await db.transaction((tx) => checkCode(tx, user?.account ?? '', 'anti_phishing', request.body.email_code ?? '', true));
          if (!proven) throw new ApiFailure(ResultCode.badRequest, 'codeInvalid');
        }
        const outcome = await setAntiPhishingCode(db, userId, request.body.code);
        if (!outcome.ok) throw new ApiFailure(ResultCode.badRequest, outcome.key, outcome.vars);
        return okWith(request.lang, outcome.data.code ? 'antiPhishingSaved' : 'antiPhishingCleared', outcome.data);
      },
    );
  };
}
