import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit } from '../../kernel/platform/auth/operators/auditLog.js';
import { cacheChanged, forgetCache } from '../../kernel/platform/caches.js';
import { PAIRS_CACHE } from '../../kernel/platform/catalogue.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import type { Outcome } from '../../kernel/platform/outcome.js';
import { operatorCode } from './operatorCode.js';

/** One listing (a spot pair, a perpetual contract) as the operator asked it. */
export interface ListingRequest<L extends object, T> {
  operator: OperatorActor;
  code: string | undefined;
  lang?: string;
  /** The audit row's kind and object; the object's id is also its detail. */
  kind: string;
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
  const allowed = request.checked.ok ? await operatorCode(db, operator, request.code, now(), request.lang) : request.checked;
  const outcome = allowed.ok
    ? await db.transaction(async (tx) => {
        const done = await request.write(tx);
        if (done.ok) await cacheChanged(tx, PAIRS_CACHE);
        if (done.ok) await writeOperatorAudit(tx, { operator, kind, object, after: { ...request.listing }, detail: object.id });
        return done;
      })
    : allowed;
  if (!outcome.ok) await writeOperatorAudit(db, { operator, kind, object, outcome: 'refused', detail: outcome.key });
  else forgetCache(db, PAIRS_CACHE);
  return outcome;
}
