import type { OperatorAuditKind } from '../../../../../domain/operatorAuditKinds.js';
import type { Queryable } from '../../db/database.js';
import type { MessageKey } from '../../i18n/messages.js';
import { outcomeOf, type Outcome } from '../../outcome.js';
import { requireOperatorSecondFactor } from '../twoFactor.js';
import type { OperatorActor } from './access.js';
import { writeOperatorAudit } from './auditLog.js';
import { startStepUp, stepUpUntil } from './stepUp.js';

/**
 * The rule every desk follows (docs/OPERATOR.md "The audit log"): an operator action that moves
 * money or access asks the operator's own 2FA code before its transaction, and every refusal of an
 * action is written to the audit log as 'refused', on the database and not in the action's
 * transaction (none has begun, or it rolled back), so a wrong code stays counted by the budget and
 * the refusal stays recorded. The desks call these two instead of writing the pair again.
 */

/** An operator action as its audit rows name it: who, what (`kyc.approve` …), to what. */
export interface OperatorAction {
  operator: OperatorActor;
  kind: OperatorAuditKind;
  object: { type: string; id: string | number };
  /** What was asked, written as a refused row's `after` (the roles an admin tried to give). */
  asked?: unknown;
}

/** The code an action asks for, and the desk's own words for an operator without 2FA on. */
export interface OperatorCodeAsk extends OperatorAction {
  code: string | undefined;
  now: number;
  lang?: string | undefined;
  notEnabled: MessageKey;
  /**
   * 'allowed' for an approval-queue action (an identity review, a withdrawal's approval, a held
   * deposit's credit or return, an appeal ruling): within the session's step-up window no code is
   * needed (stepUp.ts). Left out everywhere else — what gives or takes access, fees, listings,
   * corrections —, which asks a fresh code every time.
   */
  stepUp?: 'allowed';
}

/**
 * How the action was let through: by a code (nothing to add), or by the session's step-up window,
 * whose end (ms) the action's own audit row records (`after: { ...data }`), so the log tells an
 * approval made without a code from one made with it.
 */
export interface OperatorCodeProof {
  step_up_until?: number;
}

/** A refused outcome written as the action's 'refused' row (the refusal's key as its detail); answered unchanged. */
export async function auditRefusal<T>(db: Queryable, action: OperatorAction, outcome: Outcome<T>): Promise<Outcome<T>> {
  if (!outcome.ok) await writeOperatorAudit(db, { operator: action.operator, kind: action.kind, object: action.object, after: action.asked, outcome: 'refused', detail: outcome.key });
  return outcome;
}

/**
 * The operator's own code for the action (requireOperatorSecondFactor: 2FA on, the code right and
 * unused, within the budget): `ok` to go on; a refusal (missing, wrong, reused, locked, 2FA off) is
 * written as the action's 'refused' row and answered, translated by the route as any refusal.
 * A right code steps the session up (stepUp.ts); with `stepUp: 'allowed'`, no code within the
 * window is `ok` with the window's end. A code given is always checked: a wrong one within the
 * window is refused and counted like any other.
 */
export async function askOperatorCode(db: Queryable, ask: OperatorCodeAsk): Promise<Outcome<OperatorCodeProof>> {
  if (ask.stepUp === 'allowed' && !ask.code?.trim()) {
    const until = await stepUpUntil(db, ask.operator, ask.now);
    if (until !== undefined) return { ok: true, data: { step_up_until: until } };
  }
  const checked = await outcomeOf(async (): Promise<OperatorCodeProof> => {
    await requireOperatorSecondFactor(db, { operatorId: ask.operator.id, code: ask.code, client: ask.operator.client, now: ask.now, lang: ask.lang }, ask.notEnabled);
    await startStepUp(db, ask.operator, ask.now);
    return {};
  });
  return auditRefusal(db, ask, checked);
}
