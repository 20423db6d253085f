import { defineFeature } from '../../app/feature';
import { TreasuryContext } from './treasury.context';

/**
 * The treasury (issue 52 §3): a tab of /operator for finance and auditors — what the house earns
 * and holds, per day from the ledger, and user liabilities against holdings. It has no routes of
 * its own; its desk and flows load with the console (desks.ts, treasury.flows.ts).
 */
export const treasuryFeature = defineFeature({
  id: 'treasury',
  context: TreasuryContext,
  routes: {},
  desks: () => import('./desks').then((m) => m.desks),
  load: () => import('./treasury.flows'),
});
