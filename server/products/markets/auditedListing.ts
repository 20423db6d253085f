import type { OperatorAuditKind } from '../../../domain/operatorAuditKinds.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit } from '../../kernel/platform/auth/operators/auditLog.js';
import { askOperatorCode, auditRefusal } from '../../kernel/platform/auth/operators/operatorAction.js';
import { cacheChanged, forgetCache } from '../../kernel/platform/caches.js';
import { PAIRS_CACHE } from '../../kernel/platform/catalogue.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import type { Outcome } from '../../kernel/platform/outcome.js';

/** One listing (a spot pair, a perpetual contract) as the operator asked it. */
export interface ListingRequest<L extends object, T> {
  operator: OperatorActor;
  code: string | undefined;
  lang?: string;
  /** The audit row's kind and object; the object's id is also its detail. */
  kind: OperatorAuditKind;
  object: { type: string; id: string };
  /** The listing as checked and written, the audit row's `after`. */
  listing: L;
  /** The listing's own rules, judged before the code is asked. */
  checked: Outcome<true>;
  /** Its rows, in the listing's transaction. */
  write: (tx: Queryable) => Promise<Outcome<T>>;
}

/**
 * A listing's steps: its own rules, then the operator's 2FA code, then one transaction with its rows,
 * the pairs' cache notice and its audit row last; the cache is forgotten here at once. A refusal
 * changes nothing and is audited as refused.
 */
export async function auditedListing<L extends object, T>(db: Database, now: () => number, request: ListingRequest<L, T>): Promise<Outcome<T>> {
  const { operator, kind, object } = request;
  if (!request.checked.ok) return auditRefusal(db, request, request.checked);
  const allowed = await askOperatorCode(db, { operator, kind, object, code: request.code, now: now(), lang: request.lang, notEnabled: 'marketTwoFactorRequired' });
  if (!allowed.ok) return allowed;
  const outcome = await db.transaction(async (tx) => {
    const done = await request.write(tx);
    if (done.ok) await cacheChanged(tx, PAIRS_CACHE);
    if (done.ok) await writeOperatorAudit(tx, { operator, kind, object, after: { ...request.listing }, detail: object.id });
    return done;
  });
  if (outcome.ok) forgetCache(db, PAIRS_CACHE);
  return auditRefusal(db, request, outcome);
}
