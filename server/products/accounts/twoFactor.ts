import { randomBytes } from 'node:crypto';
import type { TwoFactorChallenge, TwoFactorEnrolment, TwoFactorStatus, OperatorUserRow } from '../../../domain/twoFactor.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import { hashToken, revokeAllSessions, userById } from '../../kernel/platform/auth/sessions.js';
import { loginBlocked, loginFailed } from '../../kernel/platform/auth/loginThrottle.js';
import { verifyPassword } from '../../kernel/platform/auth/passwords.js';
import { announceSecurityNotice, recordSecurityNotice, type SecurityNotice } from '../../kernel/platform/auth/securityNotices.js';
import {
  checkSecondFactor,
  confirmEnrolment,
  requireSecondFactor,
  secondFactorLocked,
  startEnrolment,
  totpUri,
  twoFactorRow,
  unlockSecondFactor,
} from '../../kernel/platform/auth/twoFactor.js';
import { lockWithdrawals, WITHDRAWAL_LOCK_MS, withdrawalsLockedUntil } from '../../kernel/platform/auth/withdrawalLock.js';
import { requireNotFrozen } from '../../kernel/platform/accountFreeze/index.js';
import { outcomeOf, Refusal, type Outcome } from '../../kernel/platform/outcome.js';
import type { SessionGrant } from './accounts.js';
import { checkCode, issueCode } from './codes.js';
import type { CodeDelivery } from './delivery.js';
import type { SignInDevice } from './sessions/devices.js';
import { recordLogin } from './sessions/sessions.js';
import { completeSignIn } from './sessions/signIn.js';
import './messages.js';

export type { TwoFactorChallenge };

/** How long the second step of a sign-in may wait for its code. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export interface TwoFactorDeps {
  db: Database;
  /** Where the new-device email of a completed sign-in goes (the accounts product's delivery). */
  delivery: CodeDelivery;
  /** The exchange's name (the platform configuration's site_name): the issuer the authenticator app shows beside the code. */
  siteName: () => Promise<string>;
  /** The clock (ms); tests move it. Steps, challenge expiries and the withdrawal lock come from it. */
  now?: () => number;
}

/**
 * Two-factor authentication's use cases (issue 35; the rules are kernel/platform/auth/twoFactor.ts's):
 * enrolment (a secret waiting for its first code, then ten recovery codes shown once), turning it
 * off with a code, the sign-in's second step over a short-lived challenge, and the operator's reset
 * for a lost device (which holds withdrawals for 24 hours and leaves an audit entry).
 *
 * Issue 49: enrolment starts only with the login password (a stolen session alone must not put the
 * thief's authenticator on the account and lock the owner out); turning 2FA on holds withdrawals
 * for 24 hours as every other security change does; every change is told to the owner in the app
 * and by email; a challenge works only from the address that obtained it; and when wrong codes
 * have spent the account's budget, the code emailed to the account unlocks the checks again.
 */
export function twoFactor(deps: TwoFactorDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function accountOf(q: Queryable, userId: number): Promise<string | undefined> {
    const [row] = await q.query<{ account: string }>(`select account from app_user where id = $1 and kind = 'user'`, [userId]);
    return row?.account;
  }

  /** The user of a live challenge, asked from the address that obtained it; any other answers as expired (it tells nothing). */
  async function challengeOwner(challenge: string, ip: string): Promise<{ userId: number; account: string }> {
    const [found] = await db.query<{ user_id: number; expires_ms: number; ip: string }>('select user_id, expires_ms, ip from two_factor_challenge where token_hash = $1', [
      hashToken(challenge),
    ]);
    if (!found || Number(found.expires_ms) <= now() || found.ip !== ip) throw new Refusal('twoFactorChallengeExpired');
    const userId = Number(found.user_id);
    const account = await accountOf(db, userId);
    if (!account) throw new Refusal('twoFactorChallengeExpired');
    return { userId, account };
  }

  /** After the change committed: the push and the email (kernel/platform/auth/securityNotices.ts), never failing the change. */
  const announce = (userId: number, notice: SecurityNotice, lang?: string) => void announceSecurityNotice(userId, notice, lang);

  return {
    async status(userId: number): Promise<TwoFactorStatus> {
      const row = await twoFactorRow(db, userId);
      const [left] = await db.query<{ n: number }>('select count(*)::int as n from two_factor_recovery where user_id = $1 and used_at is null', [userId]);
      const lock = (await withdrawalsLockedUntil(db, userId, now())) ?? 0;
      const locked = Boolean(row?.enabled) && (await secondFactorLocked(db, userId));
      return { enabled: Boolean(row?.enabled), recovery_codes_left: row?.enabled ? Number(left?.n ?? 0) : 0, withdrawals_locked_until: lock, locked };
    },

    /**
     * Step one, with the login password: a new secret (replacing one not yet confirmed) and its
     * otpauth:// URI. A wrong password counts towards the sign-in backoff of this client, as at
     * sign-in, so a stolen session cannot guess it here either.
     */
    async begin(userId: number, password: string, client: string): Promise<Outcome<TwoFactorEnrolment>> {
      return outcomeOf(async () => {
        const [user] = await db.query<{ account: string; password_hash: string }>(`select account, password_hash from app_user where id = $1 and kind = 'user'`, [userId]);
        if (!user) throw new Refusal('notLoggedIn');
        const account = user.account;
        const row = await twoFactorRow(db, userId);
        if (row?.enabled) throw new Refusal('twoFactorAlreadyOn');
        const blocked = await loginBlocked(db, account, client, true);
        if (blocked) throw new Refusal(blocked.key, blocked.vars);
        if (!(await verifyPassword(password, user.password_hash))) {
          const refusal = await loginFailed(db, account, client);
          throw refusal ? new Refusal(refusal.key, refusal.vars) : new Refusal('twoFactorPasswordWrong');
        }
        const secret = await startEnrolment(db, userId);
        const issuer = await deps.siteName();
        return { secret, uri: totpUri(secret, account, issuer), issuer, account };
      });
    },

    /**
     * Step two: the first code proves the app has the secret; 2FA is on, the recovery codes are
     * shown once, withdrawals are held for 24 hours, and the owner is told.
     */
    async confirm(userId: number, code: string, lang?: string): Promise<Outcome<{ recovery_codes: string[]; withdrawals_locked_until: number }>> {
      const done = await outcomeOf(() =>
        db.transaction(async (tx) => {
          const row = await twoFactorRow(tx, userId);
          if (row?.enabled) throw new Refusal('twoFactorAlreadyOn');
          if (!row?.secret) throw new Refusal('twoFactorNotStarted');
          // The kernel's enrolment, shared with the operators' first sign-in (products/operator/security/signIn.ts).
          const codes = await confirmEnrolment(tx, userId, code, now());
          if (!codes) throw new Refusal('twoFactorWrong');
          await lockWithdrawals(tx, userId, now() + WITHDRAWAL_LOCK_MS, 'two_factor');
          await recordSecurityNotice(tx, userId, { kind: 'two_factor_enabled' });
          return { recovery_codes: codes, withdrawals_locked_until: (await withdrawalsLockedUntil(tx, userId, now())) ?? 0 };
        }),
      );
      if (done.ok) announce(userId, { kind: 'two_factor_enabled' }, lang);
      return done;
    },

    /** Turning 2FA off takes a code (or a recovery code) like any other protected change, and holds withdrawals for 24 h. */
    async disable(userId: number, code: string, client: string, lang?: string): Promise<Outcome<null>> {
      return outcomeOf(async () => {
        const row = await twoFactorRow(db, userId);
        if (!row?.enabled) throw new Refusal('twoFactorNotOn');
        await requireSecondFactor(db, { userId, code, client, now: now(), lang });
        await db.transaction(async (tx) => {
          await tx.query(`update user_two_factor set enabled = false, secret = '', updated_at = now() where user_id = $1`, [userId]);
          await tx.query('delete from two_factor_recovery where user_id = $1', [userId]);
          await lockWithdrawals(tx, userId, now() + WITHDRAWAL_LOCK_MS, 'two_factor');
          await recordSecurityNotice(tx, userId, { kind: 'two_factor_disabled' });
        });
        announce(userId, { kind: 'two_factor_disabled' }, lang);
        return null;
      });
    },

    /**
     * Sign-in with the right password: when 2FA is on, a challenge for the second step instead of a
     * session, bound to the address `ip` that gave the password; undefined when it is off (the
     * caller opens the session). `locked`: wrong codes have locked the checks, so the step offers
     * the emailed unlock first (the password was right: saying so tells a stranger nothing).
     */
    async challengeFor(userId: number, ip = ''): Promise<TwoFactorChallenge | undefined> {
      const row = await twoFactorRow(db, userId);
      if (!row?.enabled) return undefined;
      const challenge = randomBytes(24).toString('base64url');
      const expires = now() + CHALLENGE_TTL_MS;
      await db.query('delete from two_factor_challenge where user_id = $1 and expires_ms < $2', [userId, now()]);
      await db.query('insert into two_factor_challenge (token_hash, user_id, expires_ms, ip) values ($1, $2, $3, $4)', [hashToken(challenge), userId, expires, ip.slice(0, 64)]);
      return { second_factor: true, challenge, expires_at: expires, locked: await secondFactorLocked(db, userId) };
    },

    /**
     * The sign-in's second step: a live challenge and a right code (TOTP or recovery) open the
     * session; the challenge is used up then. A wrong code counts towards the sign-in backoff and
     * leaves the challenge for another try until it expires.
     */
    async completeLogin(input: { challenge: string; code: string }, device?: SignInDevice): Promise<Outcome<SessionGrant>> {
      return outcomeOf(async () => {
        const { userId, account } = await challengeOwner(input.challenge, device?.ip ?? '');
        try {
          await checkSecondFactor(db, { userId, account, code: input.code, client: device?.ip ?? '', now: now(), lang: device?.lang });
        } catch (refusal) {
          // The password was right; the login history says the second step was not.
          await recordLogin(db, userId, device, 'second_step_failed');
          throw refusal;
        }
        // Frozen between the password and the code (issue 51 §3): no session, and the reason.
        await requireNotFrozen(db, userId);
        const taken = await db.query('delete from two_factor_challenge where token_hash = $1 returning user_id', [hashToken(input.challenge)]);
        if (taken.length === 0) throw new Refusal('twoFactorChallengeExpired');
        // As a sign-in without 2FA ends: the history, the new-device notice and email, the session.
        return { token: await completeSignIn(db, deps.delivery, { id: userId, account }, device), user_info: (await userById(db, userId))! };
      });
    },

    /**
     * The emailed unlock (issue 49 §3), asked from the sign-in's second step (`{ challenge, ip }`:
     * the password was just given, from this address) or by a signed-in user (`{ userId }`): a
     * code to the account, when its checks are locked.
     */
    async sendUnlock(who: { challenge: string; ip: string } | { userId: number }, lang: string): Promise<Outcome<null>> {
      return outcomeOf(async () => {
        const owner = 'userId' in who ? { userId: who.userId, account: await accountOf(db, who.userId) } : await challengeOwner(who.challenge, who.ip);
        if (!owner.account || !(await secondFactorLocked(db, owner.userId))) throw new Refusal('twoFactorNotLocked');
        const sent = await issueCode(db, deps.delivery, owner.account, 'unlock_2fa', lang);
        if (sent !== 'sent') throw new Refusal(sent);
        return null;
      });
    },

    /** The code emailed to the account lifts the lock and starts the count again; the code is used once. */
    async unlock(who: { challenge: string; ip: string } | { userId: number }, code: string): Promise<Outcome<null>> {
      return outcomeOf(async () => {
        const owner = 'userId' in who ? { userId: who.userId, account: await accountOf(db, who.userId) } : await challengeOwner(who.challenge, who.ip);
        if (!owner.account || !(await secondFactorLocked(db, owner.userId))) throw new Refusal('twoFactorNotLocked');
        const right = await db.transaction(async (tx) => {
          if (!(await checkCode(tx, owner.account!, 'unlock_2fa', code, true))) return false;
          await unlockSecondFactor(tx, owner.userId);
          return true;
        });
        if (!right) throw new Refusal('codeInvalid');
        return null;
      });
    },

    /** The operator's user desk: users by account (part of it), newest first, with their 2FA state. */
    async operatorUsers(query: { account?: string; page: number; size: number }): Promise<{ list: OperatorUserRow[]; total: number; page: number; size: number }> {
      const like = `%${(query.account ?? '').trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db.query<OperatorUserRow>(
        `select u.id::int as id, u.account, (extract(epoch from u.created_at) * 1000)::bigint as created_at,
           coalesce(t.enabled, false) as two_factor, u.withdrawals_locked_until_ms as withdrawals_locked_until
         from app_user u left join user_two_factor t on t.user_id = u.id
         where u.kind = 'user' and u.account ilike $1 order by u.id desc limit $2 offset $3`,
        [like, query.size, (query.page - 1) * query.size],
      );
      const [{ total }] = (await db.query<{ total: number }>(`select count(*)::int as total from app_user where kind = 'user' and account ilike $1`, [like])) as [{ total: number }];
      const t = now();
      return {
        list: rows.map((r) => ({ ...r, id: Number(r.id), created_at: Number(r.created_at), withdrawals_locked_until: Number(r.withdrawals_locked_until) > t ? Number(r.withdrawals_locked_until) : 0 })),
        total: Number(total),
        page: query.page,
        size: query.size,
      };
    },

    /**
     * Lost device, through the operator: 2FA off, recovery codes and pending sign-in challenges gone,
     * withdrawals held for 24 hours, and an audit entry naming the operator. Every session of the
     * user ends (revokeAllSessions: the cache, other servers and the sockets hear it), since one of
     * them may be whoever asked for the reset; the owner is told in the app and by email.
     */
    async operatorReset(
      operatorId: number,
      userId: number,
      /** The users desk's audit row (operatorDesk/actions.ts), written as the transaction's last statement. */
      finish: (tx: Queryable, until: number) => Promise<void> = async () => undefined,
      lang?: string,
    ): Promise<Outcome<{ withdrawals_locked_until: number }>> {
      const done = await outcomeOf(() =>
        db.transaction(async (tx) => {
          if (!(await accountOf(tx, userId))) throw new Refusal('notFound');
          const row = await twoFactorRow(tx, userId);
          if (!row?.enabled) throw new Refusal('twoFactorNotOn');
          await tx.query(`update user_two_factor set enabled = false, secret = '', updated_at = now() where user_id = $1`, [userId]);
          await unlockSecondFactor(tx, userId);
          await revokeAllSessions(tx, userId);
          await recordSecurityNotice(tx, userId, { kind: 'two_factor_reset' });
          await lockWithdrawals(tx, userId, now() + WITHDRAWAL_LOCK_MS, 'two_factor_reset');
          const until = (await withdrawalsLockedUntil(tx, userId, now()))!;
          await tx.query('delete from two_factor_recovery where user_id = $1', [userId]);
          await tx.query('delete from two_factor_challenge where user_id = $1', [userId]);
          await tx.query(`insert into operator_audit (operator_id, user_id, action, detail) values ($1, $2, 'reset_2fa', $3)`, [
            operatorId,
            userId,
            `withdrawals locked until ${new Date(until).toISOString()}`,
          ]);
          await finish(tx, until);
          return { withdrawals_locked_until: until };
        }),
      );
      if (done.ok) announce(userId, { kind: 'two_factor_reset' }, lang);
      return done;
    },
  };
}

export type TwoFactor = ReturnType<typeof twoFactor>;
