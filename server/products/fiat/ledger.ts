import { FIAT_ACCOUNT } from '../../../domain/fiat.js';
import type { ProductLedger } from '../../kernel/platform/product.js';
import { userStatsFindings } from './userStats.js';

declare module '../../kernel/platform/ledger/ledger.js' {
  interface LedgerAccounts {
    /** The P2P fiat account: sell ads' remaining and orders' escrow are frozen here. */
    legal: true;
  }
}

/**
 * P2P fiat's part of the ledger: every online sell ad's remaining (frozen in the advertiser's legal
 * account) and the escrow of every unfinished order (frozen in the seller's); and the users' P2P
 * records (fiat_user_stats), which must equal a recount of their orders.
 */
export const fiatLedger: ProductLedger = {
  kinds: [FIAT_ACCOUNT],
  heldFunds: [
    {
      table: 'fiat_order',
      sql: `coalesce((select sum(a.remaining) from fiat_ad a where a.crypto = c.symbol and a.side = 'sell' and a.status = 'online'), 0)
       + coalesce((select sum(o.quantity) from fiat_order o where o.crypto = c.symbol and o.status in ('unpaid', 'paid', 'appeal')), 0)`,
    },
  ],
  auditFindings: userStatsFindings,
};
