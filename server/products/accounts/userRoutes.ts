import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode, type UserInfo } from '../../../domain/api.js';
import type { Outcome } from './accounts.js';
import type { SecurityPurpose } from './security.js';
import type { UserCentre } from './userCentre.js';
import { userById } from '../../kernel/platform/auth/sessions.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { ApiFailure, ok, okWith } from '../../kernel/platform/http/envelope.js';
import { anyBody, password, secondFactorCode, sixDigitCode as code, strictObject as object, rowId, text } from '../../kernel/platform/http/schemas.js';
import { requireSecondFactor } from '../../kernel/platform/auth/twoFactor.js';
import { announceSecurityNotice } from '../../kernel/platform/auth/securityNotices.js';
import { addressNotice } from './addressBook.js';
import { outcomeOf } from '../../kernel/platform/outcome.js';

const byId = object(['id'], { id: rowId });
const collection = { real_name: text(64), card_number: text(64), bank_name: text(64), currency: text(16), branch: text(128) };

function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new ApiFailure(outcome.key === 'notFound' ? ResultCode.notFound : ResultCode.badRequest, outcome.key, outcome.vars);
  return outcome.data;
}

/**
 * The user centre (spec §2 /user): personal info, general settings, security changes, withdrawal
 * addresses and collection methods. Every call needs a live token (body code 403 otherwise) and
 * acts only on the token's own user.
 */
export function userRoutes(db: Database, centre: UserCentre, now: () => number = Date.now) {
  const { profile, security, book } = centre;
  // With 2FA on, security changes and new withdrawal addresses take a code (`totp_code`, or a
  // recovery code), checked and used up before anything else (kernel/platform/auth/twoFactor.ts).
  const secondFactor = async (request: FastifyRequest<{ Body: { totp_code?: string } }>) =>
    unwrap(await outcomeOf(() => requireSecondFactor(db, { userId: request.user.id, code: request.body.totp_code, client: request.ip, now: now(), lang: request.lang })));
  // The security and profile calls need the whole row (account, avatar), read fresh: the session
  // cache only knows who is signed in.
  const signedIn = async (request: FastifyRequest): Promise<UserInfo> => {
    const user = await userById(db, request.user.id);
    if (!user) throw new ApiFailure(ResultCode.forbidden, 'notLoggedIn');
    return user;
  };

  const auth = { auth: 'user' } as const;
  return async (app: FastifyInstance) => {
    app.post<{ Body: { nickname: string } }>('/api/user/nickname', { config: auth, schema: { body: object(['nickname'], { nickname: text(100) }) } }, async (request) =>
      okWith(request.lang, 'profileSaved', unwrap(await profile.setNickname(await signedIn(request), request.body.nickname))),
    );
    app.post<{ Body: { image: string } }>('/api/user/avatar', { config: auth, schema: { body: object(['image'], { image: text(1_000_000) }) } }, async (request) =>
      okWith(request.lang, 'profileSaved', unwrap(await profile.setAvatar(await signedIn(request), request.body.image))),
    );
    app.post('/api/user/avatar_image', { config: auth, schema: { body: anyBody } }, async (request) => ok(request.lang, await profile.avatar(await signedIn(request))));

    app.post<{ Body: { purpose: SecurityPurpose; to: 'current' | 'new'; account?: string; area_code?: string } }>(
      '/api/user/send_code',
      {
        config: auth,
        schema: {
          body: object(['purpose', 'to'], {
            purpose: { type: 'string', enum: ['change_login_pwd', 'change_funds_pwd', 'change_email', 'change_phone', 'anti_phishing'] },
            to: { type: 'string', enum: ['current', 'new'] },
            account: text(254),
            area_code: text(6),
          }),
        },
      },
      async (request) => okWith(request.lang, 'codeSent', unwrap(await security.sendCode(await signedIn(request), request.body, request.lang))),
    );
    const passwordBody = { config: auth, schema: { body: object(['code', 'password', 'password_repeat'], { code, password, password_repeat: password, totp_code: secondFactorCode }) } };
    type PasswordBody = { Body: { code: string; password: string; password_repeat: string; totp_code?: string } };
    // A security change: the signed-in user's whole row, once the second factor (with 2FA on) passes.
    const changing = async (request: FastifyRequest<{ Body: { totp_code?: string } }>) => {
      const user = await signedIn(request);
      await secondFactor(request);
      return user;
    };
    const passwordChanges = [
      ['/api/user/login_pwd', 'login', 'loginAgain'],
      ['/api/user/funds_pwd', 'funds', 'fundsPasswordChanged'],
    ] as const;
    for (const [path, which, said] of passwordChanges) {
      app.post<PasswordBody>(path, passwordBody, async (request) => okWith(request.lang, said, unwrap(await security.changePassword(await changing(request), which, request.body, request.lang))));
    }
    const accountBody = { config: auth, schema: { body: object(['code', 'account', 'new_code'], { code, account: text(254), area_code: text(6), new_code: code, totp_code: secondFactorCode }) } };
    type AccountBody = { Body: { code: string; account: string; area_code?: string; new_code: string; totp_code?: string } };
    const accountChanges = [
      ['/api/user/email', 'change_email'],
      ['/api/user/phone', 'change_phone'],
    ] as const;
    for (const [path, purpose] of accountChanges) {
      app.post<AccountBody>(path, accountBody, async (request) => okWith(request.lang, 'loginAgain', unwrap(await security.changeAccount(await changing(request), purpose, request.body, request.lang))));
    }

    app.post('/api/user/addresses', { config: auth, schema: { body: anyBody } }, async (request) => ok(request.lang, await book.listAddresses(request.user.id)));
    app.post<{ Body: { currency: string; network: string; address: string; note: string; totp_code?: string } }>(
      '/api/user/address_add',
      {
        config: auth,
        schema: { body: object(['currency', 'network', 'address', 'note'], { currency: text(16), network: text(32), address: text(128), note: text(64), totp_code: secondFactorCode }) },
      },
      async (request) => {
        await secondFactor(request);
        const { totp_code: _, ...address } = request.body;
        const saved = unwrap(await book.addAddress(request.user.id, address));
        void announceSecurityNotice(request.user.id, addressNotice(saved), request.lang);
        return okWith(request.lang, 'addressAdded', saved);
      },
    );
    app.post<{ Body: { id: number } }>('/api/user/address_delete', { config: auth, schema: { body: byId } }, async (request) => {
      if (!(await book.deleteAddress(request.user.id, request.body.id))) throw new ApiFailure(ResultCode.notFound, 'notFound');
      return okWith(request.lang, 'addressDeleted');
    });

    app.post('/api/user/coll_methods', { config: auth, schema: { body: anyBody } }, async (request) => ok(request.lang, await book.listMethods(request.user.id)));
    type MethodBody = { real_name: string; card_number: string; bank_name: string; currency?: string; branch?: string };
    app.post<{ Body: MethodBody }>('/api/user/coll_method_add', { config: auth, schema: { body: object(['real_name', 'card_number', 'bank_name'], collection) } }, async (request) =>
      okWith(request.lang, 'collMethodAdded', unwrap(await book.addMethod(request.user.id, request.body))),
    );
    app.post<{ Body: MethodBody & { id: number } }>(
      '/api/user/coll_method_edit',
      { config: auth, schema: { body: object(['id', 'real_name', 'card_number', 'bank_name'], { ...collection, ...byId.properties }) } },
      async (request) => {
        const { id, ...fields } = request.body;
        return okWith(request.lang, 'collMethodEdited', unwrap(await book.editMethod(request.user.id, id, fields)));
      },
    );
    app.post<{ Body: { id: number } }>('/api/user/coll_method_delete', { config: auth, schema: { body: byId } }, async (request) => {
      if (!(await book.deleteMethod(request.user.id, request.body.id))) throw new ApiFailure(ResultCode.notFound, 'notFound');
      return okWith(request.lang, 'collMethodDeleted');
    });
  };
}
