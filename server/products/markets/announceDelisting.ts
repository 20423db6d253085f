import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit } from '../../kernel/platform/auth/operators/auditLog.js';
import { askOperatorCode, auditRefusal } from '../../kernel/platform/auth/operators/operatorAction.js';
import { cacheChanged, forgetCache } from '../../kernel/platform/caches.js';
import { PAIRS_CACHE } from '../../kernel/platform/catalogue.js';
import type { Database } from '../../kernel/platform/db/database.js';
import type { MessageKey } from '../../kernel/platform/i18n/messages.js';
import { refuse, type Outcome } from '../../kernel/platform/outcome.js';
import './messages.js';
import { HALT_REASON_MAX } from '../../../domain/market.js';

export interface DelistAnnounced {
  symbol: string;
  /** Epoch ms of the delisting. */
  delist_at: number;
}

/** Where a kind of market keeps its delisting in the pair row, and how it is named to operators. */
export interface DelistingColumns {
  /** The audit row's kind and object type. */
  kind: 'market.delist' | 'contract.delist';
  objectType: 'pair' | 'contract';
  /** The pair row's columns of this market's announced time and reason. */
  atColumn: 'delist_at' | 'contract_delist_at';
  reasonColumn: 'delist_reason' | 'contract_delist_reason';
  /** SQL: the row still takes an announcement (listed, its delisting not yet under way). */
  announceable: string;
  /** The refusal when it does not. */
  notListed: MessageKey;
}

/**
 * A risk operator's announcement of a delisting, shared by spot markets (delisting.ts) and
 * contracts (contractDelisting.ts), which differ only in their columns: the time must be ahead, the
 * operator's 2FA code is checked, the pair row is locked and must still take an announcement (a
 * second one moves the time while the market still trades), the time and reason are stored and every
 * process's pair cache is told, and the audit row is the transaction's last statement. A refusal
 * writes one refused audit row.
 */
export async function announceDelisting(
  db: Database,
  columns: DelistingColumns,
  request: { operator: OperatorActor; symbol: string; at: number; reason: string; code: string | undefined; lang?: string; now: number },
): Promise<Outcome<DelistAnnounced>> {
  const { operator, at, now } = request;
  const reason = request.reason.trim();
  const [left = '', right = ''] = request.symbol.toUpperCase().split('_');
  const object = { type: columns.objectType, id: `${left}_${right}` };
  const action = { operator, kind: columns.kind, object };
  // Traders read the reason: 1 to HALT_REASON_MAX characters.
  if (reason.length === 0 || reason.length > HALT_REASON_MAX) return auditRefusal(db, action, refuse('marketHaltReasonRequired'));
  if (at < now) return auditRefusal(db, action, refuse('marketDelistInPast'));
  const allowed = await askOperatorCode(db, { ...action, code: request.code, now, lang: request.lang, notEnabled: 'marketTwoFactorRequired' });
  if (!allowed.ok) return allowed;
  const outcome: Outcome<DelistAnnounced> = await db.transaction(async (tx) => {
    const [row] = await tx.query<{ delist_at: Date | null }>(
      `select ${columns.atColumn} as delist_at from pair where left_symbol = $1 and right_symbol = $2 and ${columns.announceable} for update`,
      [left, right],
    );
    if (!row) return refuse(columns.notListed);
    await tx.query(
      `update pair set ${columns.atColumn} = to_timestamp($3::double precision / 1000), ${columns.reasonColumn} = $4 where left_symbol = $1 and right_symbol = $2`,
      [left, right, at, reason],
    );
    await cacheChanged(tx, PAIRS_CACHE);
    await writeOperatorAudit(tx, { operator, kind: columns.kind, object, before: { delist_at: row.delist_at }, after: { delist_at: new Date(at).toISOString() }, detail: reason });
    return { ok: true as const, data: { symbol: object.id, delist_at: at } };
  });
  if (outcome.ok) forgetCache(db, PAIRS_CACHE);
  return auditRefusal(db, action, outcome);
}
