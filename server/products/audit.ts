import type { Queryable } from '../kernel/platform/db/database.js';
import { auditLedger } from '../kernel/platform/ledger/ledgerAudit.js';
import { PRODUCTS } from './index.js';

/**
 * The ledger audit over every product's declaration (kernel/platform/ledger/ledgerAudit.ts): what tests,
 * the crash test and the bench call. A product's held funds and checks join it by its line in
 * PRODUCTS, not by an edit here.
 */
export function auditBooks(db: Queryable): Promise<string[]> {
  return auditLedger(db, PRODUCTS.flatMap((p) => p.ledger ?? []));
}
