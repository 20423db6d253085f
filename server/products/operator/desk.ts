import type { OperatorAuditKind } from '../../../domain/operatorAuditKinds.js';
import { OPERATOR_ACCOUNT, rolesAdded, type OperatorChangeAnswer, type OperatorCreate, type OperatorRole, type OperatorView } from '../../../domain/operators.js';
import { passwordStrength } from '../../kernel/platform/auth/passwordStrength/offThread.js';
import type { Database } from '../../kernel/platform/db/database.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { askOperatorCode } from '../../kernel/platform/auth/operators/operatorAction.js';
import { hashPassword } from '../../kernel/platform/auth/passwords.js';
import type { MessageKey } from '../../kernel/platform/i18n/messages.js';
import type { Outcome } from '../../kernel/platform/outcome.js';
import { askForAccess } from './accessRequests.js';
import { applyChange, applyCreate, canonicalRoles, isEnvironmentOperator, OPERATOR_VIEW, refusedChange, toOperatorView, type OperatorChange, type OperatorRow } from './operatorChanges.js';
import './messages.js';

/**
 * The admin's operators desk (issue 51 §1): list, create, disable and enable, set roles. Each change
 * gives or takes access, so it asks the admin's own 2FA code (kernel operatorAction.ts: checked on
 * the database before the change's transaction, so a wrong one stays counted). Every call that gets
 * past the permission check and the body's schema writes exactly one audit row in its own
 * transaction — a change with its values before and after, a refusal (a missing, wrong or used
 * code, yourself, the environment's operator, an unknown id, a taken name) as `refused` with its
 * message key — so the log shows attempts as well as changes. A change that gives access (create,
 * enable, a role added) made by an admin other than the environment's operator is only asked for:
 * it waits for a second admin's approval (accessRequests.ts), and the answer is the request.
 */

/** The admin's own 2FA code (a TOTP or recovery code) and the request's language. */
export interface DeskCode {
  code: string | undefined;
  lang?: string | undefined;
}

export function operatorDesk(db: Database, now: () => number = Date.now) {
  /** The admin's code for a change to `id` (`''`: one being created); a refusal is audited as the change's. */
  const adminCode = (actor: OperatorActor, kind: OperatorAuditKind, id: number | string, asked: unknown, code: DeskCode) =>
    askOperatorCode(db, { operator: actor, kind, object: { type: 'operator', id }, asked, code: code.code, now: now(), lang: code.lang, notEnabled: 'operatorDeskTwoFactorRequired' });

  async function change(actor: OperatorActor, id: number, what: OperatorChange, code: DeskCode): Promise<Outcome<OperatorChangeAnswer>> {
    const asked = what.kind === 'operator.set_roles' ? { roles: what.roles } : undefined;
    const proven = await adminCode(actor, what.kind, id, asked, code);
    if (!proven.ok) return proven;
    return db.transaction(async (tx): Promise<Outcome<OperatorChangeAnswer>> => {
      const [row] = await tx.query<OperatorRow>(`${OPERATOR_VIEW} where o.user_id = $1 for update of o`, [id]);
      if (!row) return refusedChange(tx, actor, what.kind, id, 'operatorNotFound', asked);
      if (row.from_environment) return refusedChange(tx, actor, what.kind, id, 'operatorFromEnvironment', asked);
      // The acting admin stays an enabled admin, so there is always one (and nobody locks themselves out).
      const selfLockout = what.kind === 'operator.disable' || (what.kind === 'operator.set_roles' && !what.roles.includes('admin'));
      if (id === actor.id && selfLockout) return refusedChange(tx, actor, what.kind, id, 'operatorNotYourself', asked);
      const gives = what.kind === 'operator.enable' ? row.disabled : what.kind === 'operator.set_roles' && rolesAdded(row.roles, what.roles);
      if (gives && what.kind !== 'operator.disable' && !(await isEnvironmentOperator(tx, actor.id))) {
        const roles = what.kind === 'operator.set_roles' ? what.roles : canonicalRoles(row.roles);
        return askForAccess(tx, actor, { kind: what.kind, operatorId: id, account: row.account, roles }, now());
      }
      return { ok: true, data: await applyChange(tx, actor, row, what) };
    });
  }

  return {
    async list(): Promise<OperatorView[]> {
      return (await db.query<OperatorRow>(`${OPERATOR_VIEW} order by u.id limit 1000`)).map(toOperatorView);
    },

    async create(actor: OperatorActor, input: OperatorCreate, lang?: string): Promise<Outcome<OperatorChangeAnswer>> {
      const account = input.account.trim().toLowerCase();
      const roles = canonicalRoles(input.roles);
      const asked = { account, roles };
      const problem: MessageKey | undefined = !OPERATOR_ACCOUNT.test(account)
        ? 'operatorAccountInvalid'
        : !(await passwordStrength.strongEnough(input.password, [account]))
          ? 'operatorPasswordWeak'
          : undefined;
      if (problem) return db.transaction((tx) => refusedChange(tx, actor, 'operator.create', '', problem, asked));
      const proven = await adminCode(actor, 'operator.create', '', asked, { code: input.code, lang });
      if (!proven.ok) return proven;
      // Hashed outside the transaction: scrypt takes tens of milliseconds and needs no lock.
      const hash = await hashPassword(input.password);
      return db.transaction(async (tx): Promise<Outcome<OperatorChangeAnswer>> => {
        if (await isEnvironmentOperator(tx, actor.id)) return applyCreate(tx, actor, asked, hash);
        // Asked for: refused now if the name is taken already, rather than at the approval.
        const [taken] = await tx.query('select 1 from app_user where account = $1', [account]);
        if (taken) return refusedChange(tx, actor, 'operator.create', '', 'operatorAccountTaken', asked);
        return askForAccess(tx, actor, { kind: 'operator.create', operatorId: null, account, roles, passwordHash: hash }, now());
      });
    },

    disable: (actor: OperatorActor, id: number, code: DeskCode) => change(actor, id, { kind: 'operator.disable' }, code),
    enable: (actor: OperatorActor, id: number, code: DeskCode) => change(actor, id, { kind: 'operator.enable' }, code),
    setRoles: (actor: OperatorActor, id: number, roles: readonly OperatorRole[], code: DeskCode) => change(actor, id, { kind: 'operator.set_roles', roles: canonicalRoles(roles) }, code),
  };
}

export type OperatorDesk = ReturnType<typeof operatorDesk>;
