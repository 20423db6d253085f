import type { OperatorSessionView, OperatorSignInView } from '../../../../domain/operators.js';
import type { Page } from '../../../../domain/wallet.js';
import type { Database } from '../../../kernel/platform/db/database.js';
import type { OperatorActor } from '../../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit } from '../../../kernel/platform/auth/operators/auditLog.js';
import { hashToken, revokeAllSessions, revokeSessionHash } from '../../../kernel/platform/auth/sessions.js';
import { askOperatorCode } from '../../../kernel/platform/auth/operators/operatorAction.js';
import { removeTwoFactor, twoFactorEnabled } from '../../../kernel/platform/auth/twoFactor.js';
import type { MessageKey } from '../../../kernel/platform/i18n/messages.js';
import { outcomeOf, Refusal, type Outcome } from '../../../kernel/platform/outcome.js';
import './messages.js';

/** The audit kinds an operator's sign-in history shows: each password-and-code attempt, and the enrolment that opened a session. */
export const SIGN_IN_KINDS = ['operator.sign_in', 'operator.two_factor_enrol'] as const;

/**
 * An operator's own security (issue 51 §1): their live sessions (list, end one, end all others)
 * and their sign-in history, and an admin's reset of ANOTHER operator's 2FA.
 *
 * The history is read from the audit log's sign-in rows rather than login_device: the log already
 * holds every attempt — done or refused, with the refusal's key and the client's address — in the
 * attempt's own transaction, append-only and hash-chained, while login_device keeps only a hash of
 * each device (no time per attempt, no refusals). One record, no second one to keep in step.
 */
export function operatorSecurity(db: Database, now: () => number = Date.now) {
  return {
    async sessions(operatorId: number, token: string): Promise<OperatorSessionView[]> {
      const rows = await db.query<{ id: number; token_hash: string; user_agent: string; ip: string; created_ms: number; seen_ms: number; expires_ms: number; step_up_ms: number | null }>(
        `select id, token_hash, user_agent, ip, (extract(epoch from created_at) * 1000)::bigint as created_ms,
           (extract(epoch from last_seen_at) * 1000)::bigint as seen_ms, (extract(epoch from expires_at) * 1000)::bigint as expires_ms,
           (extract(epoch from step_up_until) * 1000)::bigint as step_up_ms
         from session_token where user_id = $1 and revoked_at is null and expires_at > now() order by id desc limit 100`,
        [operatorId],
      );
      const at = now();
      const mine = hashToken(token);
      return rows.map((r) => ({
        id: Number(r.id),
        user_agent: r.user_agent,
        ip: r.ip,
        created_at: Number(r.created_ms),
        last_seen_at: Number(r.seen_ms),
        expires_at: Number(r.expires_ms),
        current: r.token_hash === mine,
        // The window as the desks judge it (their clock): over is null, as never opened.
        step_up_until: r.step_up_ms !== null && Number(r.step_up_ms) > at ? Number(r.step_up_ms) : null,
      }));
    },

    /** Ends one of the operator's own live sessions (the current one too: that is a sign-out). */
    async revoke(operator: OperatorActor, id: number): Promise<Outcome<{ id: number }>> {
      return outcomeOf(() =>
        db.transaction(async (tx) => {
          const [row] = await tx.query<{ token_hash: string }>('select token_hash from session_token where id = $1 and user_id = $2 and revoked_at is null and expires_at > now()', [id, operator.id]);
          if (!row) throw new Refusal('operatorSessionNotFound');
          await revokeSessionHash(tx, row.token_hash);
          await writeOperatorAudit(tx, { operator, kind: 'operator.session_revoke', object: { type: 'session', id } });
          return { id };
        }),
      );
    },

    /** Ends every live session of the operator but the one this request came with. */
    async revokeOthers(operator: OperatorActor, token: string): Promise<{ ended: number }> {
      return db.transaction(async (tx) => {
        const rows = await tx.query<{ token_hash: string }>('select token_hash from session_token where user_id = $1 and revoked_at is null and token_hash <> $2', [operator.id, hashToken(token)]);
        for (const row of rows) await revokeSessionHash(tx, row.token_hash);
        await writeOperatorAudit(tx, { operator, kind: 'operator.sessions_revoke_others', object: { type: 'operator', id: operator.id }, after: { ended: rows.length } });
        return { ended: rows.length };
      });
    },

    /** The operator's sign-in attempts, newest first. */
    async signIns(operatorId: number, page: number, size: number): Promise<Page<OperatorSignInView>> {
      const rows = await db.query<{ id: number; at_ms: number; client: string; kind: string; outcome: 'done' | 'refused'; detail: string }>(
        `select id, (extract(epoch from at) * 1000)::bigint as at_ms, client, kind, outcome, detail from operator_audit_log
         where operator_id = $1 and kind = any($2::text[]) order by id desc limit $3 offset $4`,
        [operatorId, [...SIGN_IN_KINDS], size, (page - 1) * size],
      );
      const [count] = await db.query<{ total: number }>('select count(*)::int as total from operator_audit_log where operator_id = $1 and kind = any($2::text[])', [operatorId, [...SIGN_IN_KINDS]]);
      return {
        list: rows.map((r) => ({ id: Number(r.id), at: Number(r.at_ms), client: r.client, kind: r.kind, outcome: r.outcome, detail: r.detail })),
        total: Number(count?.total ?? 0),
        page,
        size,
      } as Page<OperatorSignInView>;
    },

    /**
     * An admin resets ANOTHER operator's 2FA (a lost device): asked with the admin's own code; the
     * target's secret, recovery codes, lock and sign-in tickets go, every session of theirs ends,
     * and their next sign-in enrols again. Resetting one's own is refused (another admin must
     * look), as is a wrong code; each refusal and the reset are one audit row.
     */
    async resetTwoFactor(admin: OperatorActor, input: { id: number; code: string }, lang?: string): Promise<Outcome<{ id: number }>> {
      const object = { type: 'operator', id: input.id };
      const refused = async (detail: MessageKey, vars?: Record<string, string>) => {
        await writeOperatorAudit(db, { operator: admin, kind: 'operator.reset_2fa', object, outcome: 'refused', detail });
        return new Refusal(detail, vars);
      };
      return outcomeOf(async () => {
        if (input.id === admin.id) throw await refused('operatorResetYourself');
        // Mandatory 2FA: an admin without it (a session opened some other way) is asked for it all the same.
        const proven = await askOperatorCode(db, { operator: admin, kind: 'operator.reset_2fa', object, code: input.code, now: now(), lang, notEnabled: 'twoFactorRequired' });
        if (!proven.ok) throw new Refusal(proven.key, proven.vars);
        const [target] = await db.query<{ id: number; from_environment: boolean | null }>(
          `select u.id, o.from_environment from app_user u left join operator_account o on o.user_id = u.id where u.id = $1 and u.kind = 'operator'`,
          [input.id],
        );
        if (!target) throw await refused('operatorNotFound');
        // The environment's operator is changed only there (its secret too: OPERATOR_TOTP_SECRET); a reset would sign it out and leave its enrolment to whoever has its password.
        if (target.from_environment) throw await refused('operatorFromEnvironment');
        if (!(await twoFactorEnabled(db, input.id))) throw await refused('operatorTwoFactorNotOn');
        await db.transaction(async (tx) => {
          await removeTwoFactor(tx, input.id);
          await tx.query('delete from operator_sign_in_ticket where user_id = $1', [input.id]);
          await revokeAllSessions(tx, input.id);
          await writeOperatorAudit(tx, { operator: admin, kind: 'operator.reset_2fa', object, before: { two_factor: true }, after: { two_factor: false, sessions_ended: true } });
        });
        return { id: input.id };
      });
    },
  };
}
