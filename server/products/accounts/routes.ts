import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../domain/api.js';
import type { Accounts, Outcome } from './accounts.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { principalForToken, revokeSession } from '../../kernel/platform/auth/sessions.js';
import { translate } from '../../kernel/platform/i18n/messages.js';
import { DEFAULT_ACCOUNT_RATE_LIMITS, perClientPerMinute } from '../../kernel/platform/http/rateLimit.js';
import { ApiFailure, ok, okWith } from '../../kernel/platform/http/envelope.js';
import { isTwoFactorChallenge } from '../../../domain/twoFactor.js';
import { anyBody, password, sixDigitCode as code, strictObject as object, text } from '../../kernel/platform/http/schemas.js';

import { signInDevice } from './sessions/devices.js';

const account = { account: text(254, 1), area_code: text(6) } as const;

/**
 * The refusals that are about one field of the form sent, by the field's name: the answer's `data`
 * names it (`{ field }`), so the form says the message under that field, as it says its own rules'.
 */
const FIELD_OF: Partial<Record<string, string>> = { invitationInvalid: 'invitation_code' };

function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) {
    const field = FIELD_OF[outcome.key];
    throw new ApiFailure(ResultCode.badRequest, outcome.key, outcome.vars, field ? { field } : null);
  }
  return outcome.data;
}

/** Registration, login, logout and password reset (spec §2 /reg, /reg-next, /login, /forget-pass, /set-pass). */
export function accountRoutes(db: Database, accounts: Accounts, limits: { login: number; sendCode: number } = DEFAULT_ACCOUNT_RATE_LIMITS) {
  return async (app: FastifyInstance) => {
    app.post<{ Body: { account: string; area_code?: string; purpose: 'register' | 'reset' } }>(
      '/api/send_code',
      {
        config: perClientPerMinute(limits.sendCode),
        schema: { body: object(['account', 'purpose'], { ...account, purpose: { type: 'string', enum: ['register', 'reset'] } }) },
      },
      async (request) => {
        unwrap(await accounts.sendCode(request.body, request.lang));
        return { code: ResultCode.ok, msg: translate(request.lang, 'codeSent'), data: null };
      },
    );

    app.post<{ Body: { account: string; area_code?: string; code: string } }>(
      '/api/register',
      { schema: { body: object(['account', 'code'], { ...account, code }) } },
      async (request) => ok(request.lang, unwrap(await accounts.checkRegistration(request.body))),
    );

    app.post<{ Body: Parameters<Accounts['register']>[0] }>(
      '/api/register_next',
      {
        schema: {
          body: object(['account', 'code', 'password', 'password_repeat', 'funds_password', 'funds_password_repeat', 'invitation_code', 'agree'], {
            ...account,
            code,
            password,
            password_repeat: password,
            funds_password: password,
            funds_password_repeat: password,
            invitation_code: text(32, 1),
            agree: { type: 'boolean' },
          }),
        },
      },
      async (request, reply) => ok(request.lang, unwrap(await accounts.register(request.body, signInDevice(request, reply)))),
    );

    app.post<{ Body: { account: string; area_code?: string; password: string } }>(
      '/api/login',
      {
        config: perClientPerMinute(limits.login),
        schema: { body: object(['account', 'password'], { ...account, password }) },
      },
      async (request, reply) => {
        // The browser's device cookie (given here when it has none) and the address's network name the device.
        const answer = unwrap(await accounts.login(request.body, signInDevice(request, reply)));
        // 2FA on: "second factor needed" with the challenge for /api/login_2fa.
        return isTwoFactorChallenge(answer) ? okWith(request.lang, 'twoFactorNeeded', answer) : ok(request.lang, answer);
      },
    );

    app.post('/api/logout', { schema: { body: anyBody } }, async (request) => {
      // Signing out twice, or with an expired token, is fine; an operator token is not a user's to end here.
      const principal = await principalForToken(db, request.token);
      if (principal?.kind === 'operator') throw new ApiFailure(ResultCode.forbidden, 'notLoggedIn');
      if (principal) await revokeSession(db, request.token!);
      return ok(request.lang, null);
    });

    app.post<{ Body: { account: string; area_code?: string; code: string; password: string; password_repeat: string } }>(
      '/api/forget_pass',
      {
        schema: {
          body: object(['account', 'code', 'password', 'password_repeat'], { ...account, code, password, password_repeat: password }),
        },
      },
      async (request) => {
        unwrap(await accounts.resetPassword(request.body, request.lang));
        return { code: ResultCode.ok, msg: translate(request.lang, 'passwordReset'), data: null };
      },
    );
  };
}
