import type { FastifyInstance } from 'fastify';
import { TWO_FACTOR_PATHS } from '../../../domain/twoFactor.js';
import { DEFAULT_ACCOUNT_RATE_LIMITS, perClientPerMinute } from '../../kernel/platform/http/rateLimit.js';
import { ok, okWith } from '../../kernel/platform/http/envelope.js';
import { anyBody, paging, password, secondFactorCode, sixDigitCode as totp, strictObject as object, text } from '../../kernel/platform/http/schemas.js';
import { unwrap } from '../../kernel/platform/outcome.js';
import { signInDevice } from './sessions/devices.js';
import type { TwoFactor } from './twoFactor.js';

const challenge = { ...text(64, 1), pattern: '^[A-Za-z0-9_-]+$' } as const;

/**
 * Two-factor authentication (docs/API.md "Two-factor authentication"): the user's enrolment (with
 * the login password) and turning it off, the sign-in's second step, the emailed unlock after too
 * many wrong codes, and the operator's user desk with its reset.
 */
export function twoFactorRoutes(service: TwoFactor, limits: { login: number } = DEFAULT_ACCOUNT_RATE_LIMITS) {
  const user = { auth: 'user' } as const;
  const operator = { auth: 'operator' } as const;
  return async (app: FastifyInstance) => {
    app.post(TWO_FACTOR_PATHS.status, { config: user, schema: { body: anyBody } }, async (request) => ok(request.lang, await service.status(request.user.id)));
    app.post<{ Body: { password: string } }>(TWO_FACTOR_PATHS.begin, { config: user, schema: { body: object(['password'], { password }) } }, async (request) =>
      ok(request.lang, unwrap(await service.begin(request.user.id, request.body.password, request.ip))),
    );
    app.post<{ Body: { code: string } }>(TWO_FACTOR_PATHS.confirm, { config: user, schema: { body: object(['code'], { code: totp }) } }, async (request) =>
      okWith(request.lang, 'twoFactorEnabled', unwrap(await service.confirm(request.user.id, request.body.code, request.lang))),
    );
    app.post<{ Body: { code: string } }>(TWO_FACTOR_PATHS.disable, { config: user, schema: { body: object(['code'], { code: secondFactorCode }) } }, async (request) =>
      okWith(request.lang, 'twoFactorDisabled', unwrap(await service.disable(request.user.id, request.body.code, request.ip, request.lang))),
    );
    app.post(TWO_FACTOR_PATHS.unlockSend, { config: user, schema: { body: anyBody } }, async (request) =>
      okWith(request.lang, 'codeSent', unwrap(await service.sendUnlock({ userId: request.user.id }, request.lang))),
    );
    app.post<{ Body: { code: string } }>(TWO_FACTOR_PATHS.unlock, { config: user, schema: { body: object(['code'], { code: totp }) } }, async (request) =>
      okWith(request.lang, 'twoFactorUnlocked', unwrap(await service.unlock({ userId: request.user.id }, request.body.code))),
    );

    const signIn = { config: perClientPerMinute(limits.login) };
    app.post<{ Body: { challenge: string; code: string } }>(
      TWO_FACTOR_PATHS.login,
      { ...signIn, schema: { body: object(['challenge', 'code'], { challenge, code: secondFactorCode }) } },
      async (request, reply) => ok(request.lang, unwrap(await service.completeLogin(request.body, signInDevice(request, reply)))),
    );
    app.post<{ Body: { challenge: string } }>(TWO_FACTOR_PATHS.loginUnlockSend, { ...signIn, schema: { body: object(['challenge'], { challenge }) } }, async (request) =>
      okWith(request.lang, 'codeSent', unwrap(await service.sendUnlock({ challenge: request.body.challenge, ip: request.ip }, request.lang))),
    );
    app.post<{ Body: { challenge: string; code: string } }>(
      TWO_FACTOR_PATHS.loginUnlock,
      { ...signIn, schema: { body: object(['challenge', 'code'], { challenge, code: totp }) } },
      async (request) => okWith(request.lang, 'twoFactorUnlocked', unwrap(await service.unlock({ challenge: request.body.challenge, ip: request.ip }, request.body.code))),
    );

    app.post<{ Body: { page: number; size?: number; account?: string } }>(
      TWO_FACTOR_PATHS.operatorUsers,
      {
        config: operator,
        schema: { body: object(['page'], { ...paging(), account: text(254) }) },
      },
      async (request) => ok(request.lang, await service.operatorUsers({ page: request.body.page, size: request.body.size ?? 20, account: request.body.account ?? '' })),
    );
    // The reset (TWO_FACTOR_PATHS.operatorReset) is the users desk's, with its reason, the operator's code and audit row (operatorDesk/routes.ts).
  };
}
