import { FUTURES_ACCOUNT, FUTURES_CURRENCY } from '../../../domain/futures/api.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { systemAccount } from '../../kernel/platform/ledger/systemAccounts.js';
import type { ProductLedger } from '../../kernel/platform/product.js';

declare module '../../kernel/platform/ledger/ledger.js' {
  interface LedgerAccounts {
    /** The futures (U-margined contract) account: margin, and open orders' opening margin and fee. */
    contract: true;
  }
}

/** Holds every futures position's margin and clears realised PnL: its USDT is Σ margin − Σ cost over all positions. */
export const FUTURES_POOL = systemAccount('futuresPool', 'system:futures_pool');

/** Takes liquidation fees and surpluses, pays deficits beyond a bankrupt position's margin, keeps funding's rounding remainders. */
export const INSURANCE_FUND = systemAccount('insuranceFund', 'system:insurance_fund');

/**
 * Futures' part of the ledger: open orders (new, partial, triggered …) hold their opening margin and
 * fee, and the pool must hold exactly the positions' margin − cost.
 */
export const futuresLedger: ProductLedger = {
  kinds: [FUTURES_ACCOUNT],
  systemAccounts: [FUTURES_POOL, INSURANCE_FUND],
  heldFunds: [
    {
      table: 'futures_order',
      sql: `coalesce((select sum(f.held) from futures_order f where c.symbol = '${FUTURES_CURRENCY}' and f.status in (0, 1, 2, 4)), 0)`,
    },
  ],
  auditFindings: poolFindings,
};

/** The futures pool's USDT against Σ margin − Σ cost of the positions. */
async function poolFindings(db: Queryable): Promise<string[]> {
  const [table] = await db.query<{ name: string | null }>(`select to_regclass('futures_position')::text as name`);
  if (!table?.name) return [];
  const [row] = await db.query<{ pool: string; expected: string }>(
    `select trim_scale(coalesce((select b.available + b.frozen from balance b join app_user u on u.id = b.user_id
         where u.account = $1 and b.currency = $2 and b.account = $3), 0))::text as pool,
       trim_scale(coalesce((select sum(margin - cost) from futures_position), 0))::text as expected`,
    [FUTURES_POOL.account, FUTURES_CURRENCY, FUTURES_ACCOUNT],
  );
  return row && row.pool !== row.expected ? [`futures pool holds ${row.pool} but positions' margin − cost is ${row.expected}`] : [];
}
