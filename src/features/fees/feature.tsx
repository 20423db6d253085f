import { defineFeature, page } from '../../app/feature';
import { FeesContext } from './fees.context';

/**
 * Fees (/fees, issue 52 §2): the signed-in user's VIP tier, 30-day volume, the next tier and what
 * it needs, and per market the schedule by tier with their own rate. The footer links here.
 */
export const feesFeature = defineFeature({
  id: 'fees',
  context: FeesContext,
  routes: {
    // The user's own tier and rates: behind the sign-in.
    gated: [{ path: 'fees', page: page(() => import('./views/FeesPage'), 'FeesPage') }],
  },
  // The tiers, schedules and overrides: finance edits them through the desk's forms, auditors read them.
  desks: () => import('./desks').then((m) => m.desks),
  load: () => import('./fees.flows'),
});
