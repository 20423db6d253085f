import { defineFeature, page } from '../../app/feature';
import { RecurringContext } from './recurring.context';

/**
 * Recurring buys (/recurring): the signed-in user buys a spot pair's base currency for a fixed
 * amount of its quote currency every hour, day, week or month (domain/recurring.ts), and pauses,
 * resumes or cancels the plan. `?symbol=BTC_USDT` preselects the pair. The account menu in the
 * header links here.
 */
export const recurringFeature = defineFeature({
  id: 'recurring',
  context: RecurringContext,
  routes: {
    gated: [{ path: 'recurring', page: page(() => import('./views/RecurringPage'), 'RecurringPage') }],
  },
  load: () => import('./recurring.flows'),
});
