import { defineProduct } from '../../kernel/platform/product.js';
import { treasuryRoutes } from './routes.js';

/**
 * The treasury (issue 52 §3; docs/OPERATOR.md "Treasury"): read-only figures for finance and
 * auditors — fee income by product, the insurance fund, the seconds house's result, P2P escrow,
 * ICO funds, operator corrections, deposits and withdrawals, each per day from the ledger; and user
 * liabilities against holdings, whose difference is the ledger audit's rule. It keeps no tables,
 * timers or funds of its own.
 */
export const treasury = defineProduct({
  id: 'treasury',
  create: ({ db }) => ({ routes: treasuryRoutes(db, Date.now) }),
});
