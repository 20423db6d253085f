import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';
import { recurringPlansMachine } from './recurringPlans.machine';
import { ACTIVE_PLAN, NEW_PLAN, PAUSED_PLAN, PLANS_FIXTURE, RUNS_FIXTURE } from './recurringPlans.fixtures';

const plan = { symbol: 'BTC_USDT', amount: '25', frequency: 'hourly' as const };

export const recurringPlansModel = machineModel(recurringPlansMachine, [{ name: 'recurring buys' }], [
  ...actorAnswers('fetchPlans', PLANS_FIXTURE),
  { type: 'recurring.retry' },
  { type: 'recurring.pushed' },
  // Sendable, then refused here: too many places for a pair priced in cents.
  { type: 'recurring.create', plan, places: 2 },
  { type: 'recurring.create', plan: { ...plan, amount: '25.001' }, places: 2 },
  { type: 'recurring.edit' },
  ...actorAnswers('createPlan', NEW_PLAN, { kind: 'server', serverMessage: 'Not enough USDT available' }),
  // Pause the active plan and resume the paused one; the other way round nothing is sent.
  { type: 'recurring.act', id: ACTIVE_PLAN.id, action: 'pause' },
  { type: 'recurring.act', id: PAUSED_PLAN.id, action: 'pause' },
  { type: 'recurring.act', id: PAUSED_PLAN.id, action: 'resume' },
  ...actorAnswers('actOnPlan', { ...ACTIVE_PLAN, status: 'paused' }, { kind: 'server', serverMessage: 'This plan is no longer active' }),
  // One the page shows, and one it does not (nothing is asked).
  ...typedValues('recurring.cancel', [ACTIVE_PLAN.id, 999], 'id'),
  // What the cancelPlan child (the shared confirm-then-act) reports.
  { type: 'confirmAct.done', subject: { plan_id: ACTIVE_PLAN.id }, output: { ...ACTIVE_PLAN, status: 'cancelled' } },
  { type: 'confirmAct.failed', subject: { plan_id: ACTIVE_PLAN.id }, error: { kind: 'server', serverMessage: 'This plan has ended' } },
  // A plan the page shows (again: its runs hide), and one it does not (nothing is read).
  ...typedValues('recurring.runs', [ACTIVE_PLAN.id, 999], 'id'),
  ...actorAnswers('fetchRuns', RUNS_FIXTURE),
  ...typedValues('recurring.runsPage', [2, 0], 'page'),
  { type: 'recurring.hideRuns' },
  { type: 'recurring.runsRetry' },
], (s) => [s.context.plans === undefined ? '?' : s.context.plans.length, s.context.refusal !== undefined, s.context.stale]);
