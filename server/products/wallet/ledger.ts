import type { ProductLedger } from '../../kernel/product.js';

/**
 * The wallet's part of the ledger: an unfinished withdrawal (waiting for review, or sent and not
 * yet confirmed) holds its quantity and fee frozen in the user's spot account.
 */
export const walletLedger: ProductLedger = {
  heldFunds: [
    {
      table: 'withdrawal',
      sql: `coalesce((select sum(w.quantity + w.fee) from withdrawal w where w.currency = c.symbol and w.status in (1, 2)), 0)`,
    },
  ],
};
