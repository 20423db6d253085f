import type { OperatorMarket } from '../../../domain/market.js';
import type { OperatorActor } from '../../kernel/auth/operators/access.js';
import { writeOperatorAudit } from '../../kernel/auth/operators/auditLog.js';
import type { Database, Queryable } from '../../kernel/db/database.js';
import type { Outcome } from '../../kernel/outcome.js';
import './messages.js';

/**
 * Market halts (issue 52 §1): a risk operator stops new orders on a spot market during an incident,
 * with a reason traders read, and resumes it. The switch is the pair row's `halted_reason`
 * (migration 046); everything that takes a new order reads it there, on whichever process it runs:
 * the spot order intake and the stops (spot/trading.ts, stops.ts: at most a second old), the makers
 * (marketService.ts: one read a second), seconds purchases (in their transaction) and the Binance
 * dialect's exchangeInfo. Cancels are never refused. Each change is written to the audit log in
 * its transaction, and a refused one as refused.
 */
interface HaltRow {
  symbol: string;
  trading: boolean;
  halted_reason: string | null;
  halted_at: number | null;
}

const SELECT = `select left_symbol || '_' || right_symbol as symbol, trade_status = 1 as trading, halted_reason,
  (extract(epoch from halted_at) * 1000)::bigint as halted_at from pair`;

const toMarket = (row: HaltRow): OperatorMarket => ({ ...row, halted_at: row.halted_at === null ? null : Number(row.halted_at) });

export function marketHalts(db: Database) {
  const lockMarket = async (tx: Queryable, symbol: string) => {
    const [left = '', right = ''] = symbol.toUpperCase().split('_');
    const [row] = await tx.query<HaltRow>(`${SELECT} where left_symbol = $1 and right_symbol = $2 for update`, [left, right]);
    return row && row.trading ? { row, left, right } : undefined;
  };

  async function change(operator: OperatorActor, symbol: string, reason: string | null): Promise<Outcome<OperatorMarket>> {
    const kind = reason === null ? 'market.resume' : 'market.halt';
    const object = { type: 'pair', id: symbol.toUpperCase() };
    const outcome = await db.transaction(async (tx): Promise<Outcome<OperatorMarket>> => {
      const found = await lockMarket(tx, symbol);
      if (!found) return { ok: false, key: 'marketNotListed' };
      if (reason !== null && found.row.halted_reason !== null) return { ok: false, key: 'marketAlreadyHalted' };
      if (reason === null && found.row.halted_reason === null) return { ok: false, key: 'marketNotHalted' };
      const [after] = await tx.query<HaltRow>(
        `update pair set halted_reason = $3, halted_at = case when $3::text is null then null else now() end
         where left_symbol = $1 and right_symbol = $2
         returning left_symbol || '_' || right_symbol as symbol, trade_status = 1 as trading, halted_reason, (extract(epoch from halted_at) * 1000)::bigint as halted_at`,
        [found.left, found.right, reason],
      );
      await writeOperatorAudit(tx, { operator, kind, object, before: { halted_reason: found.row.halted_reason }, after: { halted_reason: reason }, detail: reason ?? '' });
      return { ok: true, data: toMarket(after!) };
    });
    if (!outcome.ok) await writeOperatorAudit(db, { operator, kind, object, outcome: 'refused', detail: outcome.key });
    return outcome;
  }

  return {
    /** Every spot market with its halt, in the pairs' order. */
    async list(): Promise<OperatorMarket[]> {
      return (await db.query<HaltRow>(`${SELECT} where trade_status = 1 order by sort, left_symbol, right_symbol`)).map(toMarket);
    },
    halt: (operator: OperatorActor, symbol: string, reason: string) => change(operator, symbol, reason.trim()),
    resume: (operator: OperatorActor, symbol: string) => change(operator, symbol, null),
  };
}
