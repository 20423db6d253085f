import { randomBytes } from 'node:crypto';
import type { UserInfo } from '../../../src/domain/api.js';
import type { Database } from '../../kernel/db/database.js';
import { hashPassword, verifyPasswordOrDecoy } from '../../kernel/auth/passwords.js';
import { normaliseAccount, passwordProblem } from '../../kernel/auth/accountRules.js';
import { forgetLoginFailures, loginBlocked, loginFailed, loginSucceeded } from '../../kernel/auth/loginThrottle.js';
import type { MessageKey } from '../../kernel/i18n/messages.js';
import { describeDevice, knownDevice, notify, rememberDevice, type DeviceInfo } from '../../kernel/notifications/notify.js';
import { openSession, revokeAllSessions, userById } from '../../kernel/auth/sessions.js';
import { checkCode, issueCode, type CodePurpose } from './codes.js';
import type { CodeDelivery } from './delivery.js';

import type { Outcome } from '../../kernel/outcome.js';
export type { Outcome };
const fail = (key: MessageKey, vars?: Record<string, string>): Outcome<never> => ({ ok: false, key, ...(vars ? { vars } : {}) });

export interface AccountsDeps {
  db: Database;
  delivery: CodeDelivery;
  /** The platform's own invitation code (INVITATION_CODE); any user's code works too. */
  invitationCode: string;
  phoneRegisterEnabled: () => Promise<boolean>;
}

export interface SessionGrant {
  token: string;
  user_info: UserInfo;
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */

export function accounts(deps: AccountsDeps) {
  const { db } = deps;

  async function accountExists(account: string): Promise<boolean> {
    return (await db.query('select 1 from app_user where account = $1', [account])).length > 0;
  }

  return {
    async sendCode(input: { account: string; area_code?: string; purpose: CodePurpose }, lang: string): Promise<Outcome<null>> {
      const target = normaliseAccount(input.account, input.area_code);
      if (!target) return fail('accountInvalid');
      if (input.purpose === 'register') {
        if (target.kind === 'phone' && !(await deps.phoneRegisterEnabled())) return fail('phoneRegisterDisabled');
        if (await accountExists(target.account)) return fail('accountExists');
      }
      // For a reset, say "sent" whether or not the account exists: the answer must not reveal it.
      if (input.purpose === 'reset' && !(await accountExists(target.account))) return { ok: true, data: null };
      const result = await issueCode(db, deps.delivery, target.account, input.purpose, lang);
      return result === 'sent' ? { ok: true, data: null } : fail(result);
    },

    /** Registration step one: the code is right (it is used up only by step two). */
    async checkRegistration(input: { account: string; area_code?: string; code: string }): Promise<Outcome<{ account: string }>> {
      const target = normaliseAccount(input.account, input.area_code);
      if (!target) return fail('accountInvalid');
      if (await accountExists(target.account)) return fail('accountExists');
      const valid = await db.transaction((tx) => checkCode(tx, target.account, 'register', input.code, false));
      return valid ? { ok: true, data: { account: target.account } } : fail('codeInvalid');
    },

    async register(input: {
      account: string;
      area_code?: string;
      code: string;
      password: string;
      password_repeat: string;
      funds_password: string;
      funds_password_repeat: string;
      invitation_code: string;
      agree: boolean;
    }, device?: DeviceInfo): Promise<Outcome<SessionGrant>> {
      const target = normaliseAccount(input.account, input.area_code);
      if (!target) return fail('accountInvalid');
      const weak = passwordProblem(input.password) ?? passwordProblem(input.funds_password);
      if (weak) return fail(weak);
      if (input.password !== input.password_repeat) return fail('passwordsDiffer');
      if (input.funds_password !== input.funds_password_repeat) return fail('fundsPasswordsDiffer');
      if (!input.agree) return fail('agreementRequired');
      const invitation = input.invitation_code.trim().toUpperCase();
      const invitedBy = invitation === deps.invitationCode.toUpperCase() || (await db.query('select 1 from app_user where invitation_code = $1', [invitation])).length > 0;
      if (!invitedBy) return fail('invitationInvalid');
      const [passwordHash, fundsHash] = await Promise.all([hashPassword(input.password), hashPassword(input.funds_password)]);
      const created = await db.transaction(async (tx) => {
        if (!(await checkCode(tx, target.account, 'register', input.code, true))) return fail('codeInvalid');
        const rows = await tx.query<{ id: number }>(
          `insert into app_user (account, nickname, email, phone, area_code, invitation_code, password_hash, funds_password_hash)
           values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (account) do nothing returning id`,
          [
            target.account,
            target.account.split('@')[0]!.slice(0, 24),
            target.kind === 'email' ? target.account : '',
            target.kind === 'phone' ? target.account : '',
            target.kind === 'phone' ? (input.area_code ?? '') : '',
            randomBytes(4).toString('hex').toUpperCase(),
            passwordHash,
            fundsHash,
          ],
        );
        if (!rows[0]) return fail('accountExists');
        await notify(tx, rows[0].id, { kind: 'welcome' });
        // The registering browser is a known device, so the first login from it is not "new".
        if (device) await rememberDevice(tx, rows[0].id, device);
        return { ok: true as const, data: rows[0].id };
      });
      if (!created.ok) return created;
      return { ok: true, data: { token: await openSession(db, created.data), user_info: (await userById(db, created.data))! } };
    },

    async login(input: { account: string; area_code?: string; password: string }, device?: DeviceInfo): Promise<Outcome<SessionGrant>> {
      const target = normaliseAccount(input.account, input.area_code);
      if (!target) return fail('loginFailed');
      // Wrong passwords lock this client out of this account, and only slow the account down for
      // others (kernel/auth/loginThrottle.ts): the owner on a device of theirs is never held out.
      const client = device?.ip ?? '';
      const [user] = await db.query<{ id: number; password_hash: string }>(
        `select id, password_hash from app_user where account = $1 and kind = 'user'`,
        [target.account],
      );
      const known = Boolean(user && device && (await knownDevice(db, user.id, device)));
      const blocked = await loginBlocked(db, target.account, client, known);
      if (blocked) return fail(blocked.key, blocked.vars);
      const good = await verifyPasswordOrDecoy(input.password, user?.password_hash);
      if (!good) {
        const refusal = await loginFailed(db, target.account, client);
        return refusal ? fail(refusal.key, refusal.vars) : fail('loginFailed');
      }
      await loginSucceeded(db, target.account, client);
      if (device && (await rememberDevice(db, user!.id, device))) {
        await notify(db, user!.id, { kind: 'login_new_device', params: { device: describeDevice(device.userAgent), ip: device.ip } });
      }
      return { ok: true, data: { token: await openSession(db, user!.id), user_info: (await userById(db, user!.id))! } };
    },

    async resetPassword(input: { account: string; area_code?: string; code: string; password: string; password_repeat: string }): Promise<Outcome<null>> {
      const target = normaliseAccount(input.account, input.area_code);
      if (!target) return fail('accountInvalid');
      const weak = passwordProblem(input.password);
      if (weak) return fail(weak);
      if (input.password !== input.password_repeat) return fail('passwordsDiffer');
      const hash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        if (!(await checkCode(tx, target.account, 'reset', input.code, true))) return fail('codeInvalid');
        const [user] = await tx.query<{ id: number }>('update app_user set password_hash = $2 where account = $1 returning id', [target.account, hash]);
        if (!user) return fail('codeInvalid');
        await revokeAllSessions(tx, user.id);
        await notify(tx, user.id, { kind: 'password_changed' });
        await forgetLoginFailures(tx, target.account);
        return { ok: true as const, data: null };
      });
    },
  };
}

export type Accounts = ReturnType<typeof accounts>;
