import type { ProductLedger } from '../../kernel/platform/product.js';
import { correctionFindings, CORRECTIONS_ACCOUNT } from './corrections/account.js';

/**
 * The wallet's part of the ledger: an unfinished withdrawal (waiting for review, or sent and not
 * yet confirmed) holds its quantity and fee frozen in the user's spot account.
 */
export const walletLedger: ProductLedger = {
  // The other side of every balance correction (issue 51 §4, corrections/account.ts).
  systemAccounts: [CORRECTIONS_ACCOUNT],
  auditFindings: correctionFindings,
  heldFunds: [
    {
      table: 'withdrawal',
      sql: `coalesce((select sum(w.quantity + w.fee) from withdrawal w where w.currency = c.symbol and w.status in (1, 2)), 0)`,
    },
  ],
};
