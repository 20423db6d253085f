import { randomBytes } from 'node:crypto';
import type { RegistrationDetails, UserInfo } from '../../../domain/api.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { hashPassword, verifyPassword, verifyPasswordOrDecoy } from '../../kernel/platform/auth/passwords.js';
import { lockWithdrawals, WITHDRAWAL_LOCK_MS } from '../../kernel/platform/auth/withdrawalLock.js';
import { passwordPolicyProblem } from './safety/passwordPolicy.js';
import { normaliseAccount } from '../../kernel/platform/auth/accountRules.js';
import { forgetLoginFailures, loginBlocked, loginFailed, loginSucceeded } from '../../kernel/platform/auth/loginThrottle.js';
import type { MessageKey } from '../../kernel/platform/i18n/messages.js';
import { notify } from '../../kernel/platform/notifications/notify.js';
import { openSession, revokeAllSessions, userById } from '../../kernel/platform/auth/sessions.js';
import { revokeApiKeys } from '../../kernel/platform/auth/apiKeyRevocation.js';
import { announceSecurityNotice, recordSecurityNotice } from '../../kernel/platform/auth/securityNotices.js';
import { frozenReason } from '../../kernel/platform/accountFreeze/index.js';
import { checkCode, issueCode, takeCodeTry, useTriedCode, type CodePurpose } from './codes.js';
import type { CodeDelivery } from './delivery.js';
import { deviceKnown, rememberSignInDevice, type SignInDevice } from './sessions/devices.js';
import { recordLogin } from './sessions/sessions.js';
import { completeSignIn } from './sessions/signIn.js';
import type { TwoFactorChallenge } from '../../../domain/twoFactor.js';

import type { Outcome } from '../../kernel/platform/outcome.js';
export type { Outcome };
const fail = (key: MessageKey, vars?: Record<string, string>): Outcome<never> => ({ ok: false, key, ...(vars ? { vars } : {}) });

export interface AccountsDeps {
  db: Database;
  delivery: CodeDelivery;
  /** The platform's own invitation code (INVITATION_CODE); any user's code works too. */
  invitationCode: string;
  phoneRegisterEnabled: () => Promise<boolean>;
  /** Two-factor authentication (twoFactor.ts): with 2FA on, the right password answers a challenge for the second step instead of a session. */
  secondFactor?: { challengeFor(userId: number, ip?: string): Promise<TwoFactorChallenge | undefined> };
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
      }
      // No enumeration (issue 35): the same answer, resend limits included, whether or not the
      // account exists. An existing account asked for a registration code gets a notice instead of
      // the code; an unknown one asked for a reset gets nothing.
      const exists = await accountExists(target.account);
      const instead = input.purpose === 'register' ? (exists ? 'notice' : undefined) : exists ? undefined : 'nothing';
      const result = await issueCode(db, deps.delivery, target.account, input.purpose, lang, instead);
      return result === 'sent' ? { ok: true, data: null } : fail(result);
    },

    /** Registration step one: the code is right (it is used up only by step two). */
    async checkRegistration(input: { account: string; area_code?: string; code: string }): Promise<Outcome<{ account: string }>> {
      const target = normaliseAccount(input.account, input.area_code);
      if (!target) return fail('accountInvalid');
      // The code first: an existing account never received one, so it answers as any wrong code.
      const valid = await db.transaction((tx) => checkCode(tx, target.account, 'register', input.code, false));
      if (!valid || (await accountExists(target.account))) return fail('codeInvalid');
      return { ok: true, data: { account: target.account } };
    },

    async register(input: RegistrationDetails & { account: string; area_code?: string; code: string }, device?: SignInDevice): Promise<Outcome<SessionGrant>> {
      const target = normaliseAccount(input.account, input.area_code);
      if (!target) return fail('accountInvalid');
      const weak = (await passwordPolicyProblem(input.password, 'login', target.account)) ?? (await passwordPolicyProblem(input.funds_password, 'funds', target.account));
      if (weak) return fail(weak);
      if (input.password !== input.password_repeat) return fail('passwordsDiffer');
      if (input.funds_password !== input.funds_password_repeat) return fail('fundsPasswordsDiffer');
      if (input.funds_password === input.password) return fail('fundsPasswordSameAsLogin');
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
        if (device) await rememberSignInDevice(tx, rows[0].id, device);
        return { ok: true as const, data: rows[0].id };
      });
      if (!created.ok) return created;
      return { ok: true, data: { token: await openSession(db, created.data, undefined, device), user_info: (await userById(db, created.data))! } };
    },

    async login(input: { account: string; area_code?: string; password: string }, device?: SignInDevice): Promise<Outcome<SessionGrant | TwoFactorChallenge>> {
      const target = normaliseAccount(input.account, input.area_code);
      if (!target) return fail('loginFailed');
      // Wrong passwords lock this client out of this account, and only slow the account down for
      // others (kernel/platform/auth/loginThrottle.ts): the owner on a device of theirs is never held out.
      const client = device?.ip ?? '';
      const [user] = await db.query<{ id: number; password_hash: string }>(
        `select id, password_hash from app_user where account = $1 and kind = 'user'`,
        [target.account],
      );
      const known = Boolean(user && device && (await deviceKnown(db, user.id, device)));
      // A refusal is written to the login history without waiting for it, so a wrong password on an
      // existing account answers as fast as one on an unknown account (no enumeration by timing).
      const unawaitedRecord = (userId: number, result: 'locked' | 'wrong_password') => void recordLogin(db, userId, device, result).catch(() => undefined);
      const blocked = await loginBlocked(db, target.account, client, known);
      if (blocked) {
        if (user) unawaitedRecord(user.id, 'locked');
        return fail(blocked.key, blocked.vars);
      }
      const good = await verifyPasswordOrDecoy(input.password, user?.password_hash);
      if (!good) {
        const refusal = await loginFailed(db, target.account, client);
        if (user) unawaitedRecord(user.id, refusal ? 'locked' : 'wrong_password');
        return refusal ? fail(refusal.key, refusal.vars) : fail('loginFailed');
      }
      await loginSucceeded(db, target.account, client);
      // A frozen account (issue 51 §3): the right password earns only the operator's reason.
      const frozen = await frozenReason(db, user!.id);
      if (frozen !== undefined) return fail('accountFrozen', { reason: frozen });
      // 2FA on: no session yet; the second step (twoFactor.completeLogin) opens it and remembers the device.
      // Bound to this address (issue 49 §3): another address cannot use it for its guesses.
      const challenge = await deps.secondFactor?.challengeFor(user!.id, client);
      if (challenge) return { ok: true, data: challenge };
      // History, new-device notice and email, and the session with its origin (sessions/signIn.ts).
      const token = await completeSignIn(db, deps.delivery, { id: user!.id, account: target.account }, device);
      return { ok: true, data: { token, user_info: (await userById(db, user!.id))! } };
    },

    async resetPassword(input: { account: string; area_code?: string; code: string; password: string; password_repeat: string }, lang?: string): Promise<Outcome<null>> {
      const target = normaliseAccount(input.account, input.area_code);
      if (!target) return fail('accountInvalid');
      const weak = await passwordPolicyProblem(input.password, 'login', target.account);
      if (weak) return fail(weak);
      if (input.password !== input.password_repeat) return fail('passwordsDiffer');
      const hash = await hashPassword(input.password);
      // Only with the right code (else this would tell anyone whether a guess is the funds
      // password), and before the code is used up, so the refusal leaves it for a better password;
      // each comparison spends one of the code's tries (codes.ts takeCodeTry).
      if (!(await db.transaction((tx) => takeCodeTry(tx, target.account, 'reset', input.code)))) return fail('codeInvalid');
      const [owner] = await db.query<{ funds_password_hash: string }>('select funds_password_hash from app_user where account = $1', [target.account]);
      if (owner?.funds_password_hash && (await verifyPassword(input.password, owner.funds_password_hash))) return fail('fundsPasswordSameAsLogin');
      const done = await db.transaction(async (tx) => {
        if (!(await useTriedCode(tx, target.account, 'reset', input.code))) return fail('codeInvalid');
        const [user] = await tx.query<{ id: number }>('update app_user set password_hash = $2 where account = $1 returning id', [target.account, hash]);
        if (!user) return fail('codeInvalid');
        await revokeAllSessions(tx, user.id);
        await revokeApiKeys(tx, user.id);
        await lockWithdrawals(tx, user.id, Date.now() + WITHDRAWAL_LOCK_MS, 'login_password');
        await recordSecurityNotice(tx, user.id, { kind: 'password_changed' });
        await forgetLoginFailures(tx, target.account);
        return { ok: true as const, data: Number(user.id) };
      });
      if (!done.ok) return done;
      // Emailed too once committed (issue 49 §4), as every security notice is.
      void announceSecurityNotice(done.data, { kind: 'password_changed' }, lang);
      return { ok: true, data: null };
    },
  };
}

export type Accounts = ReturnType<typeof accounts>;
