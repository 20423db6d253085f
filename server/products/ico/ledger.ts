import { ICO_ACCOUNT } from '../../../domain/ico.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { familyAccountId, systemAccountFamily } from '../../kernel/platform/ledger/systemAccounts.js';
import type { ProductLedger } from '../../kernel/platform/product.js';

declare module '../../kernel/platform/ledger/ledger.js' {
  interface LedgerAccounts {
    /** The subscription account: USDT paid in, and allocated tokens frozen until they thaw. */
    ico: true;
  }
}

/** One account per project, `system:ico:<TOKEN>`: it issues the project's tokens and receives the paid USDT. */
export const ICO_PROJECTS = systemAccountFamily('system:ico:', (token) => `ICO project (${token})`);

/** The system account of the ICO project selling `token`, created on first use. */
export const icoProjectAccountId = (db: Queryable, token: string): Promise<number> => familyAccountId(db, ICO_PROJECTS, token);

/**
 * ICO's part of the ledger. Subscriptions hold the USDT paid into projects not settled yet, and
 * each settled project's allocated tokens not yet thawed (frozen in the holders' ico accounts).
 */
export const icoLedger: ProductLedger = {
  kinds: [ICO_ACCOUNT],
  systemAccounts: [ICO_PROJECTS],
  heldFunds: [
    {
      table: 'ico_subscription',
      sql: `coalesce((select sum(s.paid) from ico_subscription s join ico_project p on p.id = s.project_id
         where c.symbol = 'USDT' and p.settled_ms is null), 0)
       + coalesce((select sum(s.allocated - s.thawed) from ico_subscription s join ico_project p on p.id = s.project_id
         where p.symbol = c.symbol and p.settled_ms is not null), 0)`,
    },
  ],
};
