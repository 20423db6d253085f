import { HALT_REASON_MAX } from '../../../domain/market.js';
import type { MarketKind, OperatorCurrency, OperatorDeskEntry, OperatorMarket } from '../../../domain/marketsDesk.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit } from '../../kernel/platform/auth/operators/auditLog.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import type { Outcome } from '../../kernel/platform/outcome.js';
import './messages.js';
import { cacheChanged, forgetCache } from '../../kernel/platform/caches.js';
import { PAIRS_CACHE } from '../../kernel/platform/catalogue.js';
import { listedBy } from '../../kernel/platform/pairListing.js';

/**
 * Market halts (issue 52 §1): a risk operator stops new orders on a spot market or a perpetual
 * contract during an incident, with a reason traders read, and resumes it. The switch is a column
 * of the pair row — `halted_reason` for spot (migration 046), `contract_halted_reason` for the
 * contract (048) — read by everything that takes a new order, on whichever process it runs: spot's
 * intake, stops and makers, seconds purchases (spot/trading.ts, stops.ts, marketService.ts,
 * seconds/contracts.ts), the futures intake, makers and tick (futures/halts.ts: a halted contract
 * still takes closes) and the Binance dialect's exchangeInfo. Cancels are never refused. Each
 * change is written to the audit log in its transaction, and a refused one as refused. A market its
 * delisting halted (delisting.ts, contractDelisting.ts) is not resumed: its close is under way.
 */
interface HaltRow {
  symbol: string;
  trading: boolean;
  halted_reason: string | null;
  halted_at: number | null;
  delist_at: number | null;
  delist_halted: boolean;
}

/**
 * Per kind of market: its halt's columns and its delisting's (migrations 049 spot, 058 contract).
 * Whether the pair has one is the product's listing row (pair_listing, the kind being the product's id).
 */
const COLUMNS: Record<MarketKind, { reason: string; at: string; delistAt: string; delistHalted: string; delisted: string }> = {
  spot: { reason: 'halted_reason', at: 'halted_at', delistAt: 'delist_at', delistHalted: 'delist_halted_at', delisted: 'delisted_at' },
  futures: {
    reason: 'contract_halted_reason',
    at: 'contract_halted_at',
    delistAt: 'contract_delist_at',
    delistHalted: 'contract_delist_halted_at',
    delisted: 'contract_delisted_at',
  },
};

const select = (kind: MarketKind) => {
  const c = COLUMNS[kind];
  return `select left_symbol || '_' || right_symbol as symbol, ${listedBy(kind)} and delisted_at is null as trading, ${c.reason} as halted_reason,
    (extract(epoch from ${c.at}) * 1000)::bigint as halted_at, (extract(epoch from ${c.delistAt}) * 1000)::bigint as delist_at,
    ${c.delistHalted} is not null and ${c.delisted} is null as delist_halted from pair`;
};

const toMarket = (kind: MarketKind, row: HaltRow): OperatorMarket => ({
  ...row,
  market: kind,
  halted_at: row.halted_at === null ? null : Number(row.halted_at),
  delist_at: row.delist_at === null ? null : Number(row.delist_at),
});

export function marketHalts(db: Database) {
  const lockMarket = async (tx: Queryable, kind: MarketKind, symbol: string) => {
    const [left = '', right = ''] = symbol.toUpperCase().split('_');
    const [row] = await tx.query<HaltRow>(`${select(kind)} where left_symbol = $1 and right_symbol = $2 for update`, [left, right]);
    return row ? { row, left, right } : undefined;
  };

  async function change(operator: OperatorActor, kind: MarketKind, symbol: string, reason: string | null): Promise<Outcome<OperatorMarket>> {
    const audit = reason === null ? 'market.resume' : 'market.halt';
    // A contract's object is told apart from the spot market of the same pair.
    const object = { type: kind === 'spot' ? 'pair' : 'contract', id: symbol.toUpperCase() };
    const c = COLUMNS[kind];
    // Traders read a halt's reason: 1 to HALT_REASON_MAX characters, else a refused row like any refusal.
    if (reason !== null && (reason.length === 0 || reason.length > HALT_REASON_MAX)) {
      await writeOperatorAudit(db, { operator, kind: audit, object, outcome: 'refused', detail: 'marketHaltReasonRequired' });
      return { ok: false, key: 'marketHaltReasonRequired' };
    }
    const outcome = await db.transaction(async (tx): Promise<Outcome<OperatorMarket>> => {
      const found = await lockMarket(tx, kind, symbol);
      // Before "not listed": a spot market its delisting halted no longer trades (spot's listing 0) but is still being closed, which the operator is told.
      if (found && reason === null && found.row.delist_halted) return { ok: false, key: 'marketDelistHalted' };
      if (!found || !found.row.trading) return { ok: false, key: kind === 'spot' ? 'marketNotListed' : 'contractNotListed' };
      if (reason !== null && found.row.halted_reason !== null) return { ok: false, key: 'marketAlreadyHalted' };
      if (reason === null && found.row.halted_reason === null) return { ok: false, key: 'marketNotHalted' };
      await tx.query(`update pair set ${c.reason} = $3, ${c.at} = case when $3::text is null then null else now() end where left_symbol = $1 and right_symbol = $2`, [
        found.left,
        found.right,
        reason,
      ]);
      const [after] = await tx.query<HaltRow>(`${select(kind)} where left_symbol = $1 and right_symbol = $2`, [found.left, found.right]);
      // Every process's intake, ticks and makers hear it at the commit (kernel/platform/caches.ts).
      await cacheChanged(tx, PAIRS_CACHE);
      await writeOperatorAudit(tx, { operator, kind: audit, object, before: { halted_reason: found.row.halted_reason }, after: { halted_reason: reason }, detail: reason ?? '' });
      return { ok: true, data: toMarket(kind, after!) };
    });
    if (!outcome.ok) await writeOperatorAudit(db, { operator, kind: audit, object, outcome: 'refused', detail: outcome.key });
    else forgetCache(db, PAIRS_CACHE);
    return outcome;
  }

  return {
    /**
     * The desk's list: every spot market, then every contract, with its halt, in the pairs' order;
     * then every currency not yet past its delisting's end (the lists' rule, catalogue.ts
     * listedCurrencies), with the delisting announced on it (the wallet's currencyDelisting.ts).
     */
    async list(): Promise<OperatorDeskEntry[]> {
      const out: OperatorDeskEntry[] = [];
      for (const kind of ['spot', 'futures'] as const) {
        const rows = await db.query<HaltRow>(`${select(kind)} where ${listedBy(kind)} and delisted_at is null order by sort, left_symbol, right_symbol`);
        out.push(...rows.map((row) => toMarket(kind, row)));
      }
      const currencies = await db.query<Omit<OperatorCurrency, 'market'>>(
        `select symbol, name, delist_at_ms as delist_at, delist_reason from currency
         where delist_at_ms is null or delist_at_ms > extract(epoch from clock_timestamp()) * 1000 order by sort, symbol`,
      );
      out.push(...currencies.map((c): OperatorCurrency => ({ market: 'currency', ...c, delist_at: c.delist_at === null ? null : Number(c.delist_at) })));
      return out;
    },
    halt: (operator: OperatorActor, kind: MarketKind, symbol: string, reason: string) => change(operator, kind, symbol, reason.trim()),
    resume: (operator: OperatorActor, kind: MarketKind, symbol: string) => change(operator, kind, symbol, null),
  };
}
