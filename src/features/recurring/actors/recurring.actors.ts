import { fromPromise } from 'xstate';
import { RECURRING_PATHS, type RecurringPlan, type RecurringRun } from '../../../../domain/recurring';
import type { Page } from '../../../../domain/wallet';
import { createNoticePushesActor, type UserStreamHub } from '../../../app/actors/userStream.actor';
import type { ApiClient } from '../../../services/api';
import type { CreatePlanInput, PlanActInput, RunsQuery } from '../machines/recurringPlans/recurringPlans.machine';

/**
 * The recurring buys page's effects: the user's plans read, created (with an idempotency key),
 * paused, resumed and cancelled, and a plan's runs read a page at a time, with their token
 * (domain/recurring.ts). A refusal comes back in the envelope already translated (the API client
 * throws it as an ApiError; the machine says its message).
 */
export function createRecurringActors(api: ApiClient, userStream: UserStreamHub) {
  return {
    fetchPlans: fromPromise<RecurringPlan[]>(({ signal }) => api.post<RecurringPlan[]>(RECURRING_PATHS.list, {}, signal)),
    // Not aborted when the page goes: a plan on its way is the user's plan either way.
    createPlan: fromPromise<RecurringPlan, CreatePlanInput>(({ input }) => api.post<RecurringPlan>(RECURRING_PATHS.create, input.plan, undefined, undefined, input.idempotencyKey)),
    actOnPlan: fromPromise<RecurringPlan, PlanActInput & { action: 'pause' | 'resume' }>(({ input }) => api.post<RecurringPlan>(RECURRING_PATHS[input.action], { plan_id: input.plan_id })),
    cancelPlan: fromPromise<RecurringPlan, PlanActInput>(({ input }) => api.post<RecurringPlan>(RECURRING_PATHS.cancel, { plan_id: input.plan_id })),
    fetchRuns: fromPromise<Page<RecurringRun>, RunsQuery>(({ input, signal }) => api.post<Page<RecurringRun>>(RECURRING_PATHS.runs, input, signal)),
    /** A plan paused by its failures writes the user a notice: its push reads the plans again, as alerts do. */
    notices: createNoticePushesActor(userStream, 'recurring.pushed'),
  };
}
