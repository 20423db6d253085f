import { randomBytes } from 'node:crypto';
import type { TwoFactorChallenge, TwoFactorEnrolment, TwoFactorStatus, OperatorUserRow } from '../../../domain/twoFactor.js';
import type { Database, Queryable } from '../../kernel/db/database.js';
import { hashToken, userById } from '../../kernel/auth/sessions.js';
import {
  checkSecondFactor,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  recoveryHash,
  requireSecondFactor,
  totpUri,
  twoFactorRow,
  useStep,
} from '../../kernel/auth/twoFactor.js';
import { lockWithdrawals, WITHDRAWAL_LOCK_MS, withdrawalsLockedUntil } from '../../kernel/auth/withdrawalLock.js';
import type { DeviceInfo } from '../../kernel/notifications/notify.js';
import { outcomeOf, Refusal, type Outcome } from '../../kernel/outcome.js';
import type { SessionGrant } from './accounts.js';
import type { CodeDelivery } from './delivery.js';
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
 * Two-factor authentication's use cases (issue 35; the rules are kernel/auth/twoFactor.ts's):
 * enrolment (a secret waiting for its first code, then ten recovery codes shown once), turning it
 * off with a code, the sign-in's second step over a short-lived challenge, and the operator's reset
 * for a lost device (which holds withdrawals for 24 hours and leaves an audit entry).
 */
export function twoFactor(deps: TwoFactorDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function accountOf(q: Queryable, userId: number): Promise<string | undefined> {
    const [row] = await q.query<{ account: string }>(`select account from app_user where id = $1 and kind = 'user'`, [userId]);
    return row?.account;
  }

  return {
    async status(userId: number): Promise<TwoFactorStatus> {
      const row = await twoFactorRow(db, userId);
      const [left] = await db.query<{ n: number }>('select count(*)::int as n from two_factor_recovery where user_id = $1 and used_at is null', [userId]);
      const lock = (await withdrawalsLockedUntil(db, userId, now())) ?? 0;
      return { enabled: Boolean(row?.enabled), recovery_codes_left: row?.enabled ? Number(left?.n ?? 0) : 0, withdrawals_locked_until: lock };
    },

    /** Step one: a new secret (replacing one not yet confirmed) and its otpauth:// URI. */
    async begin(userId: number): Promise<Outcome<TwoFactorEnrolment>> {
      return outcomeOf(async () => {
        const account = await accountOf(db, userId);
        if (!account) throw new Refusal('notLoggedIn');
        const row = await twoFactorRow(db, userId);
        if (row?.enabled) throw new Refusal('twoFactorAlreadyOn');
        const secret = newTotpSecret();
        const issuer = await deps.siteName();
        await db.query(
          `insert into user_two_factor (user_id, secret, enabled) values ($1, $2, false)
           on conflict (user_id) do update set secret = $2, enabled = false, updated_at = now()`,
          [userId, secret],
        );
        return { secret, uri: totpUri(secret, account, issuer), issuer, account };
      });
    },

    /** Step two: the first code proves the app has the secret; 2FA is on and the recovery codes are shown, once. */
    async confirm(userId: number, code: string): Promise<Outcome<{ recovery_codes: string[] }>> {
      return outcomeOf(() =>
        db.transaction(async (tx) => {
          const row = await twoFactorRow(tx, userId);
          if (row?.enabled) throw new Refusal('twoFactorAlreadyOn');
          if (!row?.secret) throw new Refusal('twoFactorNotStarted');
          const step = matchingStep(row.secret, code.trim(), now());
          if (step === undefined || !(await useStep(tx, userId, step))) throw new Refusal('twoFactorWrong');
          const codes = newRecoveryCodes();
          await tx.query('update user_two_factor set enabled = true, enabled_at = now(), updated_at = now() where user_id = $1', [userId]);
          await tx.query('delete from two_factor_recovery where user_id = $1', [userId]);
          for (const c of codes) await tx.query('insert into two_factor_recovery (user_id, code_hash) values ($1, $2)', [userId, recoveryHash(c)]);
          return { recovery_codes: codes };
        }),
      );
    },

    /** Turning 2FA off takes a code (or a recovery code) like any other protected change, and holds withdrawals for 24 h. */
    async disable(userId: number, code: string, client: string): Promise<Outcome<null>> {
      return outcomeOf(async () => {
        const row = await twoFactorRow(db, userId);
        if (!row?.enabled) throw new Refusal('twoFactorNotOn');
        await requireSecondFactor(db, { userId, code, client, now: now() });
        await db.transaction(async (tx) => {
          await tx.query(`update user_two_factor set enabled = false, secret = '', updated_at = now() where user_id = $1`, [userId]);
          await tx.query('delete from two_factor_recovery where user_id = $1', [userId]);
          await lockWithdrawals(tx, userId, now() + WITHDRAWAL_LOCK_MS, 'two_factor');
        });
        return null;
      });
    },

    /**
     * Sign-in with the right password: when 2FA is on, a challenge for the second step instead of a
     * session; undefined when it is off (the caller opens the session).
     */
    async challengeFor(userId: number): Promise<TwoFactorChallenge | undefined> {
      const row = await twoFactorRow(db, userId);
      if (!row?.enabled) return undefined;
      const challenge = randomBytes(24).toString('base64url');
      const expires = now() + CHALLENGE_TTL_MS;
      await db.query('delete from two_factor_challenge where user_id = $1 and expires_ms < $2', [userId, now()]);
      await db.query('insert into two_factor_challenge (token_hash, user_id, expires_ms) values ($1, $2, $3)', [hashToken(challenge), userId, expires]);
      return { second_factor: true, challenge, expires_at: expires };
    },

    /**
     * The sign-in's second step: a live challenge and a right code (TOTP or recovery) open the
     * session; the challenge is used up then. A wrong code counts towards the sign-in backoff and
     * leaves the challenge for another try until it expires.
     */
    async completeLogin(input: { challenge: string; code: string }, device?: DeviceInfo): Promise<Outcome<SessionGrant>> {
      return outcomeOf(async () => {
        const [found] = await db.query<{ user_id: number; expires_ms: number }>('select user_id, expires_ms from two_factor_challenge where token_hash = $1', [hashToken(input.challenge)]);
        if (!found || Number(found.expires_ms) <= now()) throw new Refusal('twoFactorChallengeExpired');
        const userId = Number(found.user_id);
        const account = await accountOf(db, userId);
        if (!account) throw new Refusal('twoFactorChallengeExpired');
        try {
          await checkSecondFactor(db, { userId, account, code: input.code, client: device?.ip ?? '', now: now() });
        } catch (refusal) {
          // The password was right; the login history says the second step was not.
          await recordLogin(db, userId, device, 'second_step_failed');
          throw refusal;
        }
        const taken = await db.query('delete from two_factor_challenge where token_hash = $1 returning user_id', [hashToken(input.challenge)]);
        if (taken.length === 0) throw new Refusal('twoFactorChallengeExpired');
        // As a sign-in without 2FA ends: the history, the new-device notice and email, the session.
        return { token: await completeSignIn(db, deps.delivery, { id: userId, account }, device), user_info: (await userById(db, userId))! };
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
     * withdrawals held for 24 hours, and an audit entry naming the operator.
     */
    async operatorReset(operatorId: number, userId: number): Promise<Outcome<{ withdrawals_locked_until: number }>> {
      return outcomeOf(() =>
        db.transaction(async (tx) => {
          if (!(await accountOf(tx, userId))) throw new Refusal('notFound');
          const row = await twoFactorRow(tx, userId);
          if (!row?.enabled) throw new Refusal('twoFactorNotOn');
          await tx.query(`update user_two_factor set enabled = false, secret = '', updated_at = now() where user_id = $1`, [userId]);
          await lockWithdrawals(tx, userId, now() + WITHDRAWAL_LOCK_MS, 'two_factor_reset');
          const until = (await withdrawalsLockedUntil(tx, userId, now()))!;
          await tx.query('delete from two_factor_recovery where user_id = $1', [userId]);
          await tx.query('delete from two_factor_challenge where user_id = $1', [userId]);
          await tx.query(`insert into operator_audit (operator_id, user_id, action, detail) values ($1, $2, 'reset_2fa', $3)`, [
            operatorId,
            userId,
            `withdrawals locked until ${new Date(until).toISOString()}`,
          ]);
          return { withdrawals_locked_until: until };
        }),
      );
    },
  };
}

export type TwoFactor = ReturnType<typeof twoFactor>;
