import type { OperatorAuditKind } from '../../../../domain/operatorAuditKinds.js';
import { randomBytes } from 'node:crypto';
import type { OperatorEnrolment, OperatorSecondStep } from '../../../../domain/operators.js';
import { readPlatConfig } from '../../../kernel/platform/catalogue.js';
import type { Database, Queryable } from '../../../kernel/platform/db/database.js';
import { verifyPasswordOrDecoy } from '../../../kernel/platform/auth/passwords.js';
import { loginBlocked, loginFailed, loginSucceeded } from '../../../kernel/platform/auth/loginThrottle.js';
import { operatorStanding } from '../../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit, type AuditActor } from '../../../kernel/platform/auth/operators/auditLog.js';
import { hashToken, openSession } from '../../../kernel/platform/auth/sessions.js';
import { checkSecondFactor, confirmEnrolment, startEnrolment, totpUri, twoFactorEnabled } from '../../../kernel/platform/auth/twoFactor.js';
import { knownDevice, rememberDevice, type DeviceInfo } from '../../../kernel/platform/notifications/notify.js';
import { outcomeOf, Refusal, type Outcome } from '../../../kernel/platform/outcome.js';
import './messages.js';
import { lockKey, OPERATOR_SESSION_DAYS, type Operator } from '../operators.js';
import { ownPasswordHash, passwordChangeRequired, replacePassword } from './ownPassword.js';
import { isEnvironmentOperator } from '../operatorChanges.js';

/** How long a right password's ticket (second step or enrolment) waits for its code. */
export const OPERATOR_TICKET_TTL_MS = 5 * 60_000;

export interface OperatorGrant {
  token: string;
  operator: Operator;
}
/** A session after enrolment: its recovery codes come with it, once. */
export type OperatorEnrolled = OperatorGrant & { recovery_codes: string[] };
export type OperatorSignIn = OperatorGrant | OperatorSecondStep | OperatorEnrolment;

type Purpose = 'second_step' | 'enrol';
type Audit = Parameters<typeof writeOperatorAudit>[0];

/**
 * The operator's sign-in (issue 51 §1): password AND a TOTP code, always. The rules are the users'
 * (kernel/platform/auth/twoFactor.ts: a code's step is used once, the account's budget of wrong codes, the
 * backoff per client and per account of loginThrottle.ts, keyed `operator:<account>`). After the
 * right password:
 *
 * - 2FA on: the session if a right `code` came along, else a challenge for the second step;
 * - 2FA not on (a new operator's first sign-in, or after an admin's reset): an enrolment ticket
 *   with a new secret and its otpauth:// URI; its first right code turns 2FA on, answers the
 *   recovery codes once and opens the session. A new operator's enrolment also takes the password
 *   it chooses (`new_password`), which replaces the one its admin chose (ownPassword.ts).
 *
 * Tickets are short, bound to the address that obtained them, and only their hash is stored
 * (migration 041). Every completed or refused attempt is one audit row, in the attempt's own
 * transaction: `operator.sign_in` (done, or refused with the refusal's key as detail) or, for the
 * enrolment, `operator.two_factor_enrol`.
 */
export function operatorSignIn(db: Database, now: () => number = Date.now) {
  const issuer = async () => `${(await readPlatConfig(db)).config.sys.site_name || 'OpenEx'} operator`;

  async function ticket(userId: number, purpose: Purpose, ip: string): Promise<{ ticket: string; expires_at: number }> {
    const value = randomBytes(24).toString('base64url');
    const expires = now() + OPERATOR_TICKET_TTL_MS;
    await db.query('delete from operator_sign_in_ticket where user_id = $1 and (expires_ms < $2 or purpose = $3)', [userId, now(), purpose]);
    await db.query('insert into operator_sign_in_ticket (token_hash, user_id, purpose, expires_ms, ip) values ($1, $2, $3, $4, $5)', [hashToken(value), userId, purpose, expires, ip.slice(0, 64)]);
    return { ticket: value, expires_at: expires };
  }

  /** The operator of a live ticket of `purpose`, asked from the address that obtained it; anything else answers as expired. */
  async function ticketOwner(value: string, purpose: Purpose, ip: string): Promise<{ id: number; account: string }> {
    const [found] = await db.query<{ user_id: number; expires_ms: number; ip: string; account: string }>(
      `select t.user_id, t.expires_ms, t.ip, u.account from operator_sign_in_ticket t join app_user u on u.id = t.user_id
       where t.token_hash = $1 and t.purpose = $2 and u.kind = 'operator'`,
      [hashToken(value), purpose],
    );
    if (!found || Number(found.expires_ms) <= now() || found.ip !== ip.slice(0, 64)) throw new Refusal('operatorTicketExpired');
    return { id: Number(found.user_id), account: found.account };
  }

  /** The enabled operator behind `id`, or the refusal (audited) of a disabled one. */
  async function standing(id: number, account: string, device: DeviceInfo, kind: OperatorAuditKind): Promise<Operator> {
    const found = await operatorStanding(db, id);
    if (found) return { id, account, roles: found.roles };
    await refuse(db, { id, client: device.ip }, kind, 'operatorDisabled');
    throw new Refusal('operatorDisabled');
  }

  /** The operator as the console keeps it: whether it is the environment's (its password is set there, not on My security). */
  const answered = async (operator: Operator): Promise<Operator> => ({ ...operator, from_environment: await isEnvironmentOperator(db, operator.id) });

  const refuse = (tx: Audit, who: AuditActor, kind: OperatorAuditKind, detail: string) =>
    writeOperatorAudit(tx, { operator: who, kind, object: { type: 'operator', id: who.id ?? '' }, outcome: 'refused', detail });

  /** The session, with the device remembered and the audit row as the transaction's last statement. */
  async function open(tx: Queryable, operator: Operator, device: DeviceInfo, kind: OperatorAuditKind, after?: unknown): Promise<string> {
    await loginSucceeded(tx, lockKey(operator.account), device.ip);
    await rememberDevice(tx, operator.id, device);
    const token = await openSession(tx, operator.id, OPERATOR_SESSION_DAYS, device);
    await writeOperatorAudit(tx, { operator: { ...operator, client: device.ip }, kind, object: { type: 'operator', id: operator.id }, after });
    return token;
  }

  /** Checks a code of an enabled 2FA (kernel rules); a refusal is audited with its key, then thrown. */
  async function secondFactor(operator: Operator, code: string, device: DeviceInfo): Promise<void> {
    try {
      await checkSecondFactor(db, { userId: operator.id, account: lockKey(operator.account), code, client: device.ip, now: now(), knownClient: await knownDevice(db, operator.id, device), lang: device.lang });
    } catch (refusal) {
      if (refusal instanceof Refusal) await refuse(db, { id: operator.id, client: device.ip }, 'operator.sign_in', refusal.key);
      throw refusal;
    }
  }

  return {
    /** The password step (and the code, when it comes along). */
    async login(input: { account: string; password: string; code?: string }, device: DeviceInfo): Promise<Outcome<OperatorSignIn>> {
      return outcomeOf(async () => {
        const name = input.account.trim().toLowerCase();
        const key = lockKey(name);
        const [row] = await db.query<{ id: number; account: string; password_hash: string }>(`select id, account, password_hash from app_user where account = $1 and kind = 'operator'`, [name]);
        const who: AuditActor = row ? { id: Number(row.id), client: device.ip } : { id: null, account: name, roles: [], client: device.ip };
        const blocked = await loginBlocked(db, key, device.ip, Boolean(row && (await knownDevice(db, row.id, device))));
        if (blocked) {
          await refuse(db, who, 'operator.sign_in', blocked.key);
          throw new Refusal(blocked.key, blocked.vars);
        }
        // A user's credentials are refused here exactly like wrong ones, with the same timing.
        const good = await verifyPasswordOrDecoy(input.password, row?.password_hash);
        if (!good || !row) {
          const refusal = await db.transaction(async (tx) => {
            const counted = await loginFailed(tx, key, device.ip);
            await refuse(tx, who, 'operator.sign_in', counted?.key ?? 'loginFailed');
            return counted;
          });
          throw refusal ? new Refusal(refusal.key, refusal.vars) : new Refusal('loginFailed');
        }
        const operator = await standing(Number(row.id), row.account, device, 'operator.sign_in');
        // The client's count of wrong tries starts again only when a whole sign-in succeeds
        // (open): a right password alone must not wipe the wrong codes that came with it.
        if (!(await twoFactorEnabled(db, operator.id))) {
          const secret = await startEnrolment(db, operator.id);
          const made = await ticket(operator.id, 'enrol', device.ip);
          const by = await issuer();
          const enrolment = { enrol: true, ticket: made.ticket, expires_at: made.expires_at, secret, uri: totpUri(secret, operator.account, by), issuer: by, account: operator.account } as const;
          return (await passwordChangeRequired(db, operator.id)) ? { ...enrolment, new_password: true } : enrolment;
        }
        if (input.code === undefined) {
          const made = await ticket(operator.id, 'second_step', device.ip);
          return { second_factor: true, challenge: made.ticket, expires_at: made.expires_at };
        }
        await secondFactor(operator, input.code, device);
        return { token: await db.transaction((tx) => open(tx, operator, device, 'operator.sign_in')), operator: await answered(operator) };
      });
    },

    /** The second step: a live challenge and a right code (TOTP or recovery) open the session; a wrong one leaves the challenge for another try. */
    async secondStep(input: { challenge: string; code: string }, device: DeviceInfo): Promise<Outcome<OperatorGrant>> {
      return outcomeOf(async () => {
        const owner = await ticketOwner(input.challenge, 'second_step', device.ip);
        const operator = await standing(owner.id, owner.account, device, 'operator.sign_in');
        await secondFactor(operator, input.code, device);
        const token = await db.transaction(async (tx) => {
          const taken = await tx.query('delete from operator_sign_in_ticket where token_hash = $1 returning user_id', [hashToken(input.challenge)]);
          if (taken.length === 0) throw new Refusal('operatorTicketExpired');
          return open(tx, operator, device, 'operator.sign_in');
        });
        return { token, operator: await answered(operator) };
      });
    },

    /**
     * The enrolment's confirmation: the first right code of the ticket's secret turns 2FA on. A
     * wrong code counts towards this client's sign-in backoff (the budget of wrong codes is an
     * enabled 2FA's) and is audited; the ticket stays for another try until it expires.
     */
    async enrol(input: { ticket: string; code: string; new_password?: string }, device: DeviceInfo): Promise<Outcome<OperatorEnrolled>> {
      return outcomeOf(async () => {
        const owner = await ticketOwner(input.ticket, 'enrol', device.ip);
        const key = lockKey(owner.account);
        const who = { id: owner.id, client: device.ip };
        const blocked = await loginBlocked(db, key, device.ip, await knownDevice(db, owner.id, device));
        if (blocked) {
          await refuse(db, who, 'operator.two_factor_enrol', blocked.key);
          throw new Refusal(blocked.key, blocked.vars);
        }
        const operator = await standing(owner.id, owner.account, device, 'operator.two_factor_enrol');
        // An admin's first password is replaced here, before the code is spent (ownPassword.ts).
        const replacement = await ownPasswordHash(db, operator, input.new_password);
        if (!replacement.ok) {
          await refuse(db, who, 'operator.two_factor_enrol', replacement.key);
          throw new Refusal(replacement.key);
        }
        const done = await db.transaction(async (tx) => {
          const codes = await confirmEnrolment(tx, operator.id, input.code, now());
          if (!codes) return undefined;
          await tx.query('delete from operator_sign_in_ticket where user_id = $1', [operator.id]);
          if (replacement.data) await replacePassword(tx, operator.id, replacement.data);
          return { recovery_codes: codes, token: await open(tx, operator, device, 'operator.two_factor_enrol', replacement.data ? { password_changed: true } : undefined) };
        });
        if (!done) {
          const refusal = await db.transaction(async (tx) => {
            const counted = await loginFailed(tx, key, device.ip);
            await refuse(tx, who, 'operator.two_factor_enrol', counted?.key ?? 'twoFactorWrong');
            return counted;
          });
          throw refusal ? new Refusal(refusal.key, refusal.vars) : new Refusal('twoFactorWrong');
        }
        return { token: done.token, operator: await answered(operator), recovery_codes: done.recovery_codes };
      });
    },
  };
}
