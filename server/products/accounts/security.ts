import type { UserInfo } from '../../../domain/api.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { hashPassword } from '../../kernel/platform/auth/passwords.js';
import { normaliseAccount } from '../../kernel/platform/auth/accountRules.js';
import { lockWithdrawals, WITHDRAWAL_LOCK_MS } from '../../kernel/platform/auth/withdrawalLock.js';
import { passwordPolicyProblem, samePasswordAsOther } from './safety/passwordPolicy.js';
import { revokeAllSessions } from '../../kernel/platform/auth/sessions.js';
import { revokeApiKeys } from '../../kernel/platform/auth/apiKeyRevocation.js';
import { announceSecurityNotice, recordSecurityNotice, type SecurityNotice } from '../../kernel/platform/auth/securityNotices.js';
import type { Outcome } from './accounts.js';
import { checkCode, issueCode, takeCodeTry, useTriedCode } from './codes.js';
import type { CodeDelivery } from './delivery.js';

const fail = (key: Extract<Outcome<never>, { ok: false }>['key']): Outcome<never> => ({ ok: false, key });

/** `anti_phishing`: the proof an anti-phishing code change takes when 2FA is off (issue 49 §4). */
export type SecurityPurpose = 'change_login_pwd' | 'change_funds_pwd' | 'change_email' | 'change_phone' | 'anti_phishing';

/**
 * Security changes of the user centre (spec §2 s-loginpwd, s-securitypwd, s-emailset,
 * s-phoneset). Each needs a code sent to the account itself; an email or phone change also needs
 * a code sent to the new address, so both ends are proven. Login-password and account changes end
 * every session (spec §8: the user logs in again); a fund-password change keeps them.
 */
export function security(deps: { db: Database; delivery: CodeDelivery }) {
  const { db } = deps;

  /** The new address for an email or phone change, of the same kind as the current account. */
  function newAddress(user: UserInfo, purpose: 'change_email' | 'change_phone', raw: string, areaCode?: string): Outcome<string> {
    const target = normaliseAccount(raw, areaCode);
    const wanted = purpose === 'change_email' ? 'email' : 'phone';
    if (!target || target.kind !== wanted) return fail('accountInvalid');
    if (target.account === user.account) return fail('accountUnchanged');
    return { ok: true, data: target.account };
  }

  const taken = async (account: string) => (await db.query('select 1 from app_user where account = $1', [account])).length > 0;

  return {
    /**
     * `to: 'current'` sends to the account itself; `to: 'new'` to the new email or phone, for an
     * email or phone change only (any other purpose proves the account itself: codeNewAddressPurpose).
     */
    async sendCode(user: UserInfo, input: { purpose: SecurityPurpose; to: 'current' | 'new'; account?: string; area_code?: string }, lang: string): Promise<Outcome<null>> {
      let target = user.account;
      if (input.to === 'new') {
        if (input.purpose !== 'change_email' && input.purpose !== 'change_phone') return fail('codeNewAddressPurpose');
        const address = newAddress(user, input.purpose, input.account ?? '', input.area_code);
        if (!address.ok) return address;
        if (await taken(address.data)) return fail('accountExists');
        target = address.data;
      }
      const result = await issueCode(db, deps.delivery, target, input.purpose, lang);
      return result === 'sent' ? { ok: true, data: null } : fail(result);
    },

    async changePassword(user: UserInfo, which: 'login' | 'funds', input: { code: string; password: string; password_repeat: string }, lang?: string): Promise<Outcome<null>> {
      const weak = await passwordPolicyProblem(input.password, which, user.account);
      if (weak) return fail(weak);
      if (input.password !== input.password_repeat) return fail(which === 'login' ? 'passwordsDiffer' : 'fundsPasswordsDiffer');
      const hash = await hashPassword(input.password);
      const purpose = which === 'login' ? 'change_login_pwd' : 'change_funds_pwd';
      const column = which === 'login' ? 'password_hash' : 'funds_password_hash';
      // The fund and login passwords must differ. Compared only with the right code, before it is
      // used up, each comparison spending one of its tries (codes.ts takeCodeTry: the refusal is an
      // oracle on the other password).
      if (!(await db.transaction((tx) => takeCodeTry(tx, user.account, purpose, input.code)))) return fail('codeInvalid');
      if (await samePasswordAsOther(db, user.id, which, input.password)) return fail('fundsPasswordSameAsLogin');
      // The owner is told (issue 49 §4): in the app with the change, by email once it committed.
      const notice: SecurityNotice = { kind: which === 'login' ? 'password_changed' : 'funds_password_changed' };
      const done = await db.transaction(async (tx) => {
        if (!(await useTriedCode(tx, user.account, purpose, input.code))) return fail('codeInvalid');
        await tx.query(`update app_user set ${column} = $2 where id = $1`, [user.id, hash]);
        await lockWithdrawals(tx, user.id, Date.now() + WITHDRAWAL_LOCK_MS, which === 'login' ? 'login_password' : 'funds_password');
        if (which === 'login') {
          await revokeAllSessions(tx, user.id);
          await revokeApiKeys(tx, user.id);
        }
        await recordSecurityNotice(tx, user.id, notice);
        return { ok: true as const, data: null };
      });
      if (done.ok) void announceSecurityNotice(user.id, notice, lang);
      return done;
    },

    async changeAccount(
      user: UserInfo,
      purpose: 'change_email' | 'change_phone',
      input: { code: string; account: string; area_code?: string; new_code: string },
      lang?: string,
    ): Promise<Outcome<null>> {
      const address = newAddress(user, purpose, input.account, input.area_code);
      if (!address.ok) return address;
      // The owner is told as of a password change, and at the old address too: a thief holding a
      // session and the mailbox's codes would otherwise move the account where the owner reads nothing.
      const notice: SecurityNotice = { kind: purpose === 'change_email' ? 'email_changed' : 'phone_changed', params: { account: address.data }, previousAccount: user.account };
      const done = await db.transaction(async (tx) => {
        // Both codes are checked before either is used up, so one wrong code costs nothing else.
        const old = await checkCode(tx, user.account, purpose, input.code, false);
        const fresh = await checkCode(tx, address.data, purpose, input.new_code, false);
        if (!old || !fresh) return fail('codeInvalid');
        if ((await tx.query('select 1 from app_user where account = $1', [address.data])).length > 0) return fail('accountExists');
        await checkCode(tx, user.account, purpose, input.code, true);
        await checkCode(tx, address.data, purpose, input.new_code, true);
        const email = purpose === 'change_email' ? address.data : user.email;
        const phone = purpose === 'change_phone' ? address.data : user.phone;
        const area = purpose === 'change_phone' ? (input.area_code ?? '') : user.area_code;
        await tx.query('update app_user set account = $2, email = $3, phone = $4, area_code = $5 where id = $1', [user.id, address.data, email, phone, area]);
        await lockWithdrawals(tx, user.id, Date.now() + WITHDRAWAL_LOCK_MS, purpose === 'change_email' ? 'email' : 'phone');
        await revokeAllSessions(tx, user.id);
        await recordSecurityNotice(tx, user.id, notice);
        return { ok: true as const, data: null };
      });
      if (done.ok) void announceSecurityNotice(user.id, notice, lang);
      return done;
    },
  };
}

export type Security = ReturnType<typeof security>;
