import { useActorRef } from '@xstate/react';
import type { RecurringPlanInput } from '../../../domain/recurring';
import { signals, useActorFlow } from '../../app/views/actorFlow';
import type { PlanAction, recurringPlansMachine } from './machines/recurringPlans/recurringPlans.machine';
import { RecurringContext } from './recurring.context';

export interface RecurringFlows {
  recurringPlans: typeof recurringPlansMachine;
}

/** The recurring buys page's own actor: the plans, the form's refusal, what is being sent, and one plan's runs. */
export function useRecurringPlansFlow() {
  return useActorFlow(
    useActorRef(RecurringContext.use().recurringPlans),
    {
      /** The first read, nothing on screen yet. */
      loading: (s) => s.matches({ plans: 'loading' }) && s.context.plans === undefined,
      loadFailed: (s) => s.matches({ plans: 'loadFailed' }),
      plans: (s) => s.context.plans,
      refusal: (s) => s.context.refusal,
      creating: (s) => s.matches({ plans: 'creating' }),
      /** The plan whose pause or resume is on its way. */
      acting: (s) => s.context.acting?.id,
      /** Whether a create would be heard now (not while a call runs or the plans are read). */
      canCreate: (s) => s.matches({ plans: 'ready' }) || s.matches({ plans: 'loadFailed' }),
      canAct: (s) => s.matches({ plans: 'ready' }),
      created: (s) => s.context.created,
      /** The question before a cancel: the machine's confirm-then-act child. */
      cancelQuestion: (s) => s.children.cancelPlan,
      runsOf: (s) => s.context.runsOf,
      runs: (s) => s.context.runs,
      runsLoading: (s) => s.matches({ runs: 'loading' }),
      runsFailed: (s) => s.matches({ runs: 'failed' }),
    },
    {
      ...signals('recurring', ['retry', 'edit', 'hideRuns', 'runsRetry']),
      create: (plan: RecurringPlanInput, places: number) => ({ type: 'recurring.create', plan, places }),
      act: (id: number, action: PlanAction) => ({ type: 'recurring.act', id, action }),
      cancel: (id: number) => ({ type: 'recurring.cancel', id }),
      toggleRuns: (id: number) => ({ type: 'recurring.runs', id }),
      runsPage: (page: number) => ({ type: 'recurring.runsPage', page }),
    },
  );
}
