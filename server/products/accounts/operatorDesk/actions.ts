import type { OperatorAuditKind } from '../../../../domain/operatorAuditKinds.js';
import type { NameStatus } from '../../../../domain/api.js';
import type { FreezeDone } from '../../../../domain/usersDesk.js';
import type { AccountFreezes } from '../../../kernel/platform/accountFreeze/index.js';
import { apiKeysRevokedHere, revokeApiKeys } from '../../../kernel/platform/auth/apiKeyRevocation.js';
import { writeOperatorAudit } from '../../../kernel/platform/auth/operators/auditLog.js';
import type { OperatorActor } from '../../../kernel/platform/auth/operators/access.js';
import { askOperatorCode, auditRefusal, type OperatorAction } from '../../../kernel/platform/auth/operators/operatorAction.js';
import { revokeAllSessions } from '../../../kernel/platform/auth/sessions.js';
import type { Database, Queryable } from '../../../kernel/platform/db/database.js';
import { outcomeOf, refuse, Refusal, type Outcome } from '../../../kernel/platform/outcome.js';
import type { TwoFactor } from '../twoFactor.js';
import './messages.js';

/** Who asks, from where, in which language, with which of their own 2FA codes. */
export interface DeskRequest {
  operator: OperatorActor;
  lang: string;
  code?: string;
}

interface Locked {
  id: number;
  frozen: boolean;
  frozen_reason: string;
  name_status: number;
}

type Work<T> = (tx: Queryable, user: Locked) => Promise<{ before?: unknown; after?: unknown; data: T }>;

/**
 * The users desk's actions on a user (issue 51 §3; docs/OPERATOR.md "The users desk"). Each takes
 * a reason (required; it goes to the audit row), each that changes money or access first asks the
 * operator's own 2FA code (on the database, not the action's transaction, so a wrong code stays
 * counted against the operator's budget), and each writes exactly one audit row: in the action's
 * transaction as its last statement when done, or on its own as 'refused' with the refusal's key.
 */
export function userActions(db: Database, deps: { secondFactor: TwoFactor; freezes?: AccountFreezes; now: () => number }) {
  const object = (userId: number) => ({ type: 'user', id: userId });
  const action = (req: DeskRequest, kind: OperatorAuditKind, userId: number): OperatorAction => ({ operator: req.operator, kind, object: object(userId) });

  /** The operator's own code: 2FA must be on for them, and the code right; a refusal is audited (kernel operatorAction.ts). */
  const operatorCode = (req: DeskRequest, kind: OperatorAuditKind, userId: number) =>
    askOperatorCode(db, { ...action(req, kind, userId), code: req.code, now: deps.now(), lang: req.lang, notEnabled: 'usersDeskOperatorTwoFactor' });

  async function act<T>(req: DeskRequest, kind: OperatorAuditKind, userId: number, reason: string, needsCode: boolean, work: Work<T>): Promise<Outcome<T>> {
    const why = reason.trim();
    if (!why) return auditRefusal(db, action(req, kind, userId), refuse('usersDeskReasonRequired'));
    if (needsCode) {
      const proven = await operatorCode(req, kind, userId);
      if (!proven.ok) return proven;
    }
    const outcome = await outcomeOf(() =>
      db.transaction(async (tx) => {
        const [user] = await tx.query<Locked>(
          `select id, frozen_at is not null as frozen, frozen_reason, name_status from app_user where id = $1 and kind = 'user' for update`,
          [userId],
        );
        if (!user) throw new Refusal('usersDeskNoUser');
        const done = await work(tx, user);
        await writeOperatorAudit(tx, { operator: req.operator, kind, object: object(userId), before: done.before, after: done.after, detail: why });
        return done.data;
      }),
    );
    return auditRefusal(db, action(req, kind, userId), outcome);
  }

  return {
    /**
     * No sign-in, every session ended (the sockets hear it on every process), API keys revoked;
     * after the commit, the products release what they hold (spot: orders and stops cancelled,
     * funds back). Futures positions stay with the risk engine; new withdrawals are refused.
     */
    async freeze(req: DeskRequest, userId: number, reason: string): Promise<Outcome<FreezeDone>> {
      const done = await act(req, 'users.freeze', userId, reason, true, async (tx, user) => {
        if (user.frozen) throw new Refusal('usersDeskAlreadyFrozen');
        await tx.query(`update app_user set frozen_at = now(), frozen_reason = $2, frozen_by = $3 where id = $1`, [userId, reason.trim(), req.operator.id]);
        const [sessions] = await tx.query<{ n: number }>('select count(*)::int as n from session_token where user_id = $1 and revoked_at is null and expires_at > now()', [userId]);
        await revokeAllSessions(tx, userId);
        await tx.query('delete from two_factor_challenge where user_id = $1', [userId]);
        const keys = await revokeApiKeys(tx, userId, deps.now());
        const counts = { sessions_ended: Number(sessions?.n ?? 0), api_keys_suspended: keys };
        return { before: { frozen: false }, after: { frozen: true, reason: reason.trim(), ...counts }, data: counts };
      });
      if (!done.ok) return done;
      apiKeysRevokedHere(userId);
      const { released, failed } = (await deps.freezes?.release(userId)) ?? { released: {}, failed: [] };
      return { ok: true, data: { ...done.data, released, failed } };
    },

    /** Sign-in works again; the revoked API keys stay revoked (the user makes new ones). */
    unfreeze: (req: DeskRequest, userId: number, reason: string) =>
      act(req, 'users.unfreeze', userId, reason, true, async (tx, user) => {
        if (!user.frozen) throw new Refusal('usersDeskNotFrozen');
        await tx.query(`update app_user set frozen_at = null, frozen_reason = '', frozen_by = null where id = $1`, [userId]);
        return { before: { frozen: true, reason: user.frozen_reason }, after: { frozen: false }, data: { frozen: false } };
      }),

    endSessions: (req: DeskRequest, userId: number, reason: string) =>
      act(req, 'users.end_sessions', userId, reason, true, async (tx) => {
        const [sessions] = await tx.query<{ n: number }>('select count(*)::int as n from session_token where user_id = $1 and revoked_at is null and expires_at > now()', [userId]);
        await revokeAllSessions(tx, userId);
        return { after: { sessions_ended: Number(sessions?.n ?? 0) }, data: { sessions_ended: Number(sessions?.n ?? 0) } };
      }),

    async suspendKeys(req: DeskRequest, userId: number, reason: string): Promise<Outcome<{ api_keys_suspended: number }>> {
      const done = await act(req, 'users.suspend_keys', userId, reason, true, async (tx) => {
        const keys = await revokeApiKeys(tx, userId, deps.now());
        return { after: { api_keys_suspended: keys }, data: { api_keys_suspended: keys } };
      });
      if (done.ok) apiKeysRevokedHere(userId);
      return done;
    },

    /** The lost-device reset (twoFactor.ts operatorReset: sessions end, the user is emailed), with the operator's code and the audit row. */
    async resetTwoFactor(req: DeskRequest, userId: number, reason: string): Promise<Outcome<{ withdrawals_locked_until: number }>> {
      const kind = 'users.reset_2fa';
      const why = reason.trim();
      if (!why) return auditRefusal(db, action(req, kind, userId), refuse('usersDeskReasonRequired'));
      const proven = await operatorCode(req, kind, userId);
      if (!proven.ok) return proven;
      const done = await deps.secondFactor.operatorReset(
        req.operator.id,
        userId,
        (tx, until) => writeOperatorAudit(tx, { operator: req.operator, kind, object: { type: 'user', id: userId }, before: { two_factor: true }, after: { two_factor: false, withdrawals_locked_until: until }, detail: why }),
        req.lang,
      );
      return auditRefusal(db, action(req, kind, userId), done);
    },

    identity: (req: DeskRequest, userId: number, reason: string, nameStatus: NameStatus) =>
      act(req, 'users.identity', userId, reason, true, async (tx, user) => {
        if (Number(user.name_status) === nameStatus) throw new Refusal('usersDeskSameLevel');
        await tx.query('update app_user set name_status = $2 where id = $1', [userId, nameStatus]);
        return { before: { name_status: Number(user.name_status) }, after: { name_status: nameStatus }, data: { name_status: nameStatus } };
      }),

    /** Add-only (the table refuses edits); audited; no 2FA code: it changes neither money nor access. */
    async note(req: DeskRequest, userId: number, body: string): Promise<Outcome<{ id: number }>> {
      const text = body.trim();
      if (!text) return auditRefusal(db, action(req, 'users.note', userId), refuse('usersDeskNoteRequired'));
      return act(req, 'users.note', userId, text, false, async (tx) => {
        const [row] = await tx.query<{ id: number }>('insert into operator_user_note (user_id, operator_id, operator_account, body) values ($1, $2, $3, $4) returning id::int', [
          userId,
          req.operator.id,
          req.operator.account,
          text,
        ]);
        return { after: { note_id: Number(row!.id), body: text }, data: { id: Number(row!.id) } };
      });
    },
  };
}

export type UserActions = ReturnType<typeof userActions>;
