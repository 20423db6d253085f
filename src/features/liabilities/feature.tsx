import { defineFeature, page } from '../../app/feature';
import { LiabilitiesContext } from './liabilities.context';

/**
 * Proof of liabilities (/liabilities, issue 52 §4): the published root and totals for everyone;
 * a signed-in user's own leaf and path with a "Verify" button that recomputes the root in the
 * browser. The wallet overview links here. The console's desk lists the snapshots built (finance
 * and the auditor) and lets finance build one now.
 */
export const liabilitiesFeature = defineFeature({
  id: 'liabilities',
  context: LiabilitiesContext,
  routes: {
    site: [{ path: 'liabilities', page: page(() => import('./views/LiabilitiesPage'), 'LiabilitiesPage') }],
  },
  // The snapshots built, and finance's "build now" (the daily build needs nobody).
  desks: () => import('./desks').then((m) => m.desks),
  // The machine and its effects load with the page (liabilities.flows.ts).
  load: () => import('./liabilities.flows'),
});
