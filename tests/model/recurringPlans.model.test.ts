import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVE_PLAN, NEW_PLAN, PAUSED_PLAN, PLANS_FIXTURE, RUNS_FIXTURE } from '../../src/features/recurring/machines/recurringPlans/recurringPlans.fixtures';
import { recurringKeyMinter as recurringKeyFrom, recurringPlansMachine } from '../../src/features/recurring/machines/recurringPlans/recurringPlans.machine';
import { recurringPlansModel } from '../../src/features/recurring/machines/recurringPlans/recurringPlans.model';
import { describeModel, runModel, startAsking } from './harness';

/**
 * The recurring buys page (/recurring): its generated paths, and scenarios — it reads the plans,
 * creates one (checked here first; its idempotency key kept for a retry of the same request, a
 * refusal under the form until it is edited), pauses and resumes, cancels after a question, reads
 * again on a notice push, and shows one plan's runs a page at a time.
 */
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('recurringPlans (generated paths)', () => describeModel(recurringPlansModel));

type Run = ReturnType<typeof runModel>;
const start = async () => {
  const run = runModel(recurringPlansModel, { log: ['showToast'] });
  await run.settle({ type: 'xstate.done.actor.fetchPlans', output: PLANS_FIXTURE });
  return run;
};
const reads = (run: Run) => run.deferred.inputsOf('fetchPlans').length;
const plans = (run: Run) => run.actor.getSnapshot().value.plans as string;
const runsState = (run: Run) => run.actor.getSnapshot().value.runs as string;
const context = (run: Run) => run.actor.getSnapshot().context as { refusal?: unknown; created: number; plans?: { id: number }[]; runsOf?: number; runsPage: number; stale: boolean };

describe('recurringPlans (scenarios)', () => {
  it('refuses a malformed request in place and sends nothing; sends a good one cleaned with a key, shows it, and reads the plans again', async () => {
    const run = await start();
    run.actor.send({ type: 'recurring.create', plan: { symbol: 'btc_usdt', amount: '25.001', frequency: 'hourly' }, places: 2 });
    expect(context(run).refusal).toEqual({ key: 'recurring.errors.amountPlaces' });
    run.actor.send({ type: 'recurring.create', plan: { symbol: 'BTC_USDT', amount: '0', frequency: 'hourly' }, places: 2 });
    expect(context(run).refusal).toEqual({ key: 'recurring.errors.amountInvalid' });
    run.actor.send({ type: 'recurring.create', plan: { symbol: '', amount: '5', frequency: 'hourly' }, places: 2 });
    expect(context(run).refusal).toEqual({ key: 'recurring.errors.pairRequired' });
    expect(run.deferred.inputsOf('createPlan')).toHaveLength(0);
    run.actor.send({ type: 'recurring.edit' });
    expect(context(run).refusal).toBeUndefined();
    run.actor.send({ type: 'recurring.create', plan: { symbol: 'btc_usdt', amount: ' 25 ', frequency: 'hourly' }, places: 2 });
    expect(run.deferred.inputsOf('createPlan')).toEqual([{ plan: { symbol: 'BTC_USDT', amount: '25', frequency: 'hourly' }, idempotencyKey: 'local-key-recurring-0' }]);
    await run.settle({ type: 'xstate.done.actor.createPlan', output: NEW_PLAN });
    expect(plans(run)).toBe('loading');
    expect(context(run).plans?.map((p) => p.id)).toEqual([ACTIVE_PLAN.id, PAUSED_PLAN.id, NEW_PLAN.id]);
    expect(context(run).created).toBe(1);
    expect(run.log).toContain('showToast:{"tone":"success","message":{"key":"recurring.createdToast"}}');
    expect(reads(run)).toBe(2);
  });

  it("keeps the key for a retry of the same request, a new one for another; the server's refusal stays until an edit", async () => {
    let minted = 0;
    const run = runModel(recurringPlansModel, { actions: { mintIdempotencyKey: recurringKeyFrom(() => `key-${++minted}`) } });
    await run.settle({ type: 'xstate.done.actor.fetchPlans', output: PLANS_FIXTURE });
    const plan = { symbol: 'BTC_USDT', amount: '25', frequency: 'daily' as const };
    run.actor.send({ type: 'recurring.create', plan, places: 2 });
    await run.settle({ type: 'xstate.error.actor.createPlan', error: { kind: 'network' } });
    expect(plans(run)).toBe('ready');
    expect(context(run).refusal).toEqual({ key: 'error.network' });
    run.actor.send({ type: 'recurring.create', plan, places: 2 });
    await run.settle({ type: 'xstate.error.actor.createPlan', error: { kind: 'server', serverMessage: 'Not enough USDT available' } });
    expect(context(run).refusal).toEqual({ text: 'Not enough USDT available' });
    run.actor.send({ type: 'recurring.edit' });
    expect(context(run).refusal).toBeUndefined();
    run.actor.send({ type: 'recurring.create', plan: { ...plan, amount: '10' }, places: 2 });
    expect(run.deferred.inputsOf('createPlan').map((i) => (i as { idempotencyKey: string }).idempotencyKey)).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('pauses only an active plan and resumes only a paused one, then reads the plans again; a refusal is toasted', async () => {
    const run = await start();
    run.actor.send({ type: 'recurring.act', id: PAUSED_PLAN.id, action: 'pause' });
    expect(plans(run)).toBe('ready');
    run.actor.send({ type: 'recurring.act', id: ACTIVE_PLAN.id, action: 'pause' });
    expect(run.deferred.inputsOf('actOnPlan')).toEqual([{ plan_id: ACTIVE_PLAN.id, action: 'pause' }]);
    await run.settle({ type: 'xstate.done.actor.actOnPlan', output: { ...ACTIVE_PLAN, status: 'paused' } });
    expect(run.log).toContain('showToast:{"tone":"success","message":{"key":"recurring.pausedToast"}}');
    await run.settle({ type: 'xstate.done.actor.fetchPlans', output: PLANS_FIXTURE });
    run.actor.send({ type: 'recurring.act', id: PAUSED_PLAN.id, action: 'resume' });
    await run.settle({ type: 'xstate.error.actor.actOnPlan', error: { kind: 'server', serverMessage: 'This plan has ended' } });
    expect(run.log).toContain('showToast:{"tone":"error","message":{"text":"This plan has ended"}}');
    expect(plans(run)).toBe('loading');
    expect(reads(run)).toBe(3);
  });

  it('cancels only a live plan it shows, after the question, and reads the plans again', async () => {
    const { actor, deferred, act, toasts, actsOnlyOnConfirm } = startAsking(recurringPlansMachine, 'cancelPlan');
    deferred.settle({ type: 'xstate.done.actor.fetchPlans', output: PLANS_FIXTURE });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'recurring.cancel', id: 999 });
    expect(actsOnlyOnConfirm(() => actor.send({ type: 'recurring.cancel', id: PAUSED_PLAN.id }))).toEqual([{ plan_id: PAUSED_PLAN.id }]);
    act.settle({ type: 'xstate.done.actor.act', output: { ...PAUSED_PLAN, status: 'cancelled' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ plans: 'loading', runs: 'closed' });
    expect(toasts).toContainEqual({ tone: 'success', message: { key: 'recurring.cancelledToast' } });
    expect(deferred.inputsOf('fetchPlans')).toHaveLength(2);
  });

  it('a notice or a cancel heard while a create runs reads the plans again once it ends', async () => {
    const run = await start();
    run.actor.send({ type: 'recurring.create', plan: { symbol: 'BTC_USDT', amount: '25', frequency: 'hourly' }, places: 2 });
    run.actor.send({ type: 'recurring.pushed' });
    expect(context(run).stale).toBe(true);
    await run.settle({ type: 'xstate.error.actor.createPlan', error: { kind: 'server', serverMessage: 'Refused' } });
    expect(plans(run)).toBe('loading');
    expect(context(run).stale).toBe(false);
    expect(reads(run)).toBe(2);
  });

  it("shows a plan's runs a page at a time, hides them on a second Runs, and retries a failed read", async () => {
    const run = await start();
    run.actor.send({ type: 'recurring.runs', id: 999 });
    expect(runsState(run)).toBe('closed');
    run.actor.send({ type: 'recurring.runs', id: ACTIVE_PLAN.id });
    await run.settle({ type: 'xstate.done.actor.fetchRuns', output: RUNS_FIXTURE });
    expect(runsState(run)).toBe('shown');
    run.actor.send({ type: 'recurring.runsPage', page: 2 });
    await run.settle({ type: 'xstate.error.actor.fetchRuns', error: { kind: 'network' } });
    expect(runsState(run)).toBe('failed');
    run.actor.send({ type: 'recurring.runsRetry' });
    expect(run.deferred.inputsOf('fetchRuns')).toEqual([
      { plan_id: ACTIVE_PLAN.id, page: 1 },
      { plan_id: ACTIVE_PLAN.id, page: 2 },
      { plan_id: ACTIVE_PLAN.id, page: 2 },
    ]);
    // Another plan's Runs starts at its newest page; its own Runs again hides them.
    run.actor.send({ type: 'recurring.runs', id: PAUSED_PLAN.id });
    expect(run.deferred.inputsOf('fetchRuns').at(-1)).toEqual({ plan_id: PAUSED_PLAN.id, page: 1 });
    run.actor.send({ type: 'recurring.runs', id: PAUSED_PLAN.id });
    expect(runsState(run)).toBe('closed');
    expect(context(run).runsOf).toBeUndefined();
  });

  it('a failed read keeps the form usable and retries on demand', async () => {
    const run = runModel(recurringPlansModel);
    await run.settle({ type: 'xstate.error.actor.fetchPlans', error: { kind: 'network' } });
    expect(plans(run)).toBe('loadFailed');
    run.actor.send({ type: 'recurring.create', plan: { symbol: 'BTC_USDT', amount: '25', frequency: 'monthly' }, places: 2 });
    expect(plans(run)).toBe('creating');
    await run.settle({ type: 'xstate.error.actor.createPlan', error: { kind: 'network' } });
    expect(plans(run)).toBe('loadFailed');
    run.actor.send({ type: 'recurring.retry' });
    await run.settle({ type: 'xstate.done.actor.fetchPlans', output: PLANS_FIXTURE });
    expect(plans(run)).toBe('ready');
  });
});
