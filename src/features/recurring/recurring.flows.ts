import type { Services } from '../../app/services';
import { confirmActing } from '../../app/machines/confirmAct/confirmAct.machine';
import { createRecurringActors } from './actors/recurring.actors';
import { recurringKeyMinter, recurringPlansMachine } from './machines/recurringPlans/recurringPlans.machine';

/** The recurring buys flows with their effects (defineFeature's `load`): fetched with the page. */
export const provide = ({ api, userStream, showToast, newKey }: Services) => {
  const { cancelPlan, ...actors } = createRecurringActors(api, userStream);
  return {
    recurringPlans: recurringPlansMachine.provide({
      actors: { ...actors, cancelPlan: confirmActing(cancelPlan, showToast) },
      actions: { showToast, mintIdempotencyKey: recurringKeyMinter(newKey) },
    }),
  };
};
