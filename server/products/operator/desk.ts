import { OPERATOR_ACCOUNT, OPERATOR_ROLES, type OperatorCreate, type OperatorRole, type OperatorView } from '../../../domain/operators.js';
import { passwordStrength } from '../../kernel/platform/auth/passwordStrength/offThread.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit } from '../../kernel/platform/auth/operators/auditLog.js';
import { askOperatorCode } from '../../kernel/platform/auth/operators/operatorAction.js';
import { endStepUp } from '../../kernel/platform/auth/operators/stepUp.js';
import { hashPassword } from '../../kernel/platform/auth/passwords.js';
import { revokeAllSessions } from '../../kernel/platform/auth/sessions.js';
import type { MessageKey } from '../../kernel/platform/i18n/messages.js';
import type { Outcome } from '../../kernel/platform/outcome.js';
import './messages.js';

/**
 * The admin's operators desk (issue 51 §1): list, create, disable and enable, set roles. Each change
 * gives or takes access, so it asks the admin's own 2FA code (kernel operatorAction.ts: checked on
 * the database before the change's transaction, so a wrong one stays counted). Every call that gets
 * past the permission check and the body's schema writes exactly one audit row in its own
 * transaction — a change with its values before and after, a refusal (a missing, wrong or used
 * code, yourself, the environment's operator, an unknown id, a taken name) as `refused` with its
 * message key — so the log shows attempts as well as changes.
 */

interface Row {
  id: number;
  account: string;
  roles: string[];
  disabled: boolean;
  from_environment: boolean;
  created_at: number;
}

const VIEW = `select u.id, u.account, o.roles, o.disabled_at is not null as disabled, o.from_environment,
  (extract(epoch from o.created_at) * 1000)::bigint as created_at
  from operator_account o join app_user u on u.id = o.user_id`;

function toView(row: Row): OperatorView {
  return {
    id: Number(row.id),
    account: row.account,
    roles: OPERATOR_ROLES.filter((role) => row.roles.includes(role)),
    disabled: row.disabled,
    from_environment: row.from_environment,
    created_at: Number(row.created_at),
  };
}

/** The roles in their canonical order, each once. */
const canonical = (roles: readonly OperatorRole[]): OperatorRole[] => OPERATOR_ROLES.filter((role) => roles.includes(role));

/** The changes an admin makes to another operator's standing. */
type Change = { kind: 'operator.disable' | 'operator.enable' } | { kind: 'operator.set_roles'; roles: OperatorRole[] };

/** The admin's own 2FA code (a TOTP or recovery code) and the request's language. */
export interface DeskCode {
  code: string | undefined;
  lang?: string | undefined;
}

export function operatorDesk(db: Database, now: () => number = Date.now) {
  /** A refusal, written to the log in `tx` (which commits: the attempt is the record). */
  async function refused<T>(tx: Queryable, actor: OperatorActor, kind: string, id: number | string, key: MessageKey, after?: unknown): Promise<Outcome<T>> {
    await writeOperatorAudit(tx, { operator: actor, kind, object: { type: 'operator', id }, after, outcome: 'refused', detail: key });
    return { ok: false, key };
  }

  /** The admin's code for a change to `id` (`''`: one being created); a refusal is audited as the change's. */
  const adminCode = (actor: OperatorActor, kind: string, id: number | string, asked: unknown, code: DeskCode) =>
    askOperatorCode(db, { operator: actor, kind, object: { type: 'operator', id }, asked, code: code.code, now: now(), lang: code.lang, notEnabled: 'operatorDeskTwoFactorRequired' });

  async function change(actor: OperatorActor, id: number, what: Change, code: DeskCode): Promise<Outcome<OperatorView>> {
    const asked = what.kind === 'operator.set_roles' ? { roles: what.roles } : undefined;
    const proven = await adminCode(actor, what.kind, id, asked, code);
    if (!proven.ok) return proven;
    return db.transaction(async (tx) => {
      const [row] = await tx.query<Row>(`${VIEW} where o.user_id = $1 for update of o`, [id]);
      if (!row) return refused(tx, actor, what.kind, id, 'operatorNotFound', asked);
      if (row.from_environment) return refused(tx, actor, what.kind, id, 'operatorFromEnvironment', asked);
      // The acting admin stays an enabled admin, so there is always one (and nobody locks themselves out).
      const selfLockout = what.kind === 'operator.disable' || (what.kind === 'operator.set_roles' && !what.roles.includes('admin'));
      if (id === actor.id && selfLockout) return refused(tx, actor, what.kind, id, 'operatorNotYourself', asked);
      const before = toView(row);
      if (what.kind === 'operator.set_roles') {
        await tx.query('update operator_account set roles = $2::text[] where user_id = $1', [id, what.roles]);
        // What its sessions were stepped up as is gone: a new standing asks a fresh code (stepUp.ts).
        await endStepUp(tx, id);
      } else if (what.kind === 'operator.disable') {
        await tx.query('update operator_account set disabled_at = coalesce(disabled_at, now()) where user_id = $1', [id]);
        // Its sessions end now: every server evicts them when this commits (sessions.ts), and the
        // auth hook refuses a disabled operator even before then (access.ts).
        await revokeAllSessions(tx, id);
      } else {
        await tx.query('update operator_account set disabled_at = null where user_id = $1', [id]);
      }
      const [updated] = await tx.query<Row>(`${VIEW} where o.user_id = $1`, [id]);
      const after = toView(updated!);
      const field = what.kind === 'operator.set_roles' ? 'roles' : 'disabled';
      await writeOperatorAudit(tx, { operator: actor, kind: what.kind, object: { type: 'operator', id }, before: { [field]: before[field] }, after: { [field]: after[field] } });
      return { ok: true, data: after };
    });
  }

  return {
    async list(): Promise<OperatorView[]> {
      return (await db.query<Row>(`${VIEW} order by u.id limit 1000`)).map(toView);
    },

    async create(actor: OperatorActor, input: OperatorCreate, lang?: string): Promise<Outcome<OperatorView>> {
      const account = input.account.trim().toLowerCase();
      const roles = canonical(input.roles);
      const asked = { account, roles };
      const problem: MessageKey | undefined = !OPERATOR_ACCOUNT.test(account)
        ? 'operatorAccountInvalid'
        : !(await passwordStrength.strongEnough(input.password, [account]))
          ? 'operatorPasswordWeak'
          : undefined;
      if (problem) return db.transaction((tx) => refused(tx, actor, 'operator.create', '', problem, asked));
      const proven = await adminCode(actor, 'operator.create', '', asked, { code: input.code, lang });
      if (!proven.ok) return proven;
      // Hashed outside the transaction: scrypt takes tens of milliseconds and needs no lock.
      const hash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const [user] = await tx.query<{ id: number }>(
          `insert into app_user (account, nickname, kind, password_hash) values ($1, $1, 'operator', $2) on conflict (account) do nothing returning id`,
          [account, hash],
        );
        if (!user) return refused(tx, actor, 'operator.create', '', 'operatorAccountTaken', asked);
        const id = Number(user.id);
        await tx.query('insert into operator_account (user_id, roles, created_by) values ($1, $2::text[], $3)', [id, roles, actor.id]);
        const [row] = await tx.query<Row>(`${VIEW} where o.user_id = $1`, [id]);
        await writeOperatorAudit(tx, { operator: actor, kind: 'operator.create', object: { type: 'operator', id }, after: asked });
        return { ok: true, data: toView(row!) };
      });
    },

    disable: (actor: OperatorActor, id: number, code: DeskCode) => change(actor, id, { kind: 'operator.disable' }, code),
    enable: (actor: OperatorActor, id: number, code: DeskCode) => change(actor, id, { kind: 'operator.enable' }, code),
    setRoles: (actor: OperatorActor, id: number, roles: readonly OperatorRole[], code: DeskCode) => change(actor, id, { kind: 'operator.set_roles', roles: canonical(roles) }, code),
  };
}

export type OperatorDesk = ReturnType<typeof operatorDesk>;
