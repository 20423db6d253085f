/**
 * The shared confirm-then-act child (app/machines/confirmAct): its paths generated with
 * xstate/graph and walked in a real actor, then inside a parent that shows a list, the way every
 * cancel, delete and revoke of the app uses it: the parent asks, the child acts once confirmed,
 * and the parent hears the outcome and reads again what it shows, after a refusal too.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, sendTo, setup, type EventObject, type PromiseActorLogic } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { confirmActMachine, confirmActing } from '../../src/app/machines/confirmAct/confirmAct.machine';
import { confirmActModel } from '../../src/app/machines/confirmAct/confirmAct.model';
import type { ConfirmActReport } from '../../src/app/machines/confirmAct/confirmAct.types';
import { generatePaths } from '../../scripts/lib/machineModels';
import { deferredActors, describeModel, walkPath } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const ORDER = { id: 7, label: 'BTC/USDT buy 0.5' };
const REFUSED = { kind: 'server', serverMessage: 'The order is already finished' };

describe('confirmAct (generated paths)', () => describeModel(confirmActModel));

describe('confirmAct (xstate/graph)', () => {
  const events = (state: { value: unknown }) =>
    ({
      idle: [{ type: 'confirmAct.ask', subject: ORDER }, { type: 'confirmAct.confirm' }, { type: 'confirmAct.cancel' }],
      confirming: [{ type: 'confirmAct.confirm' }, { type: 'confirmAct.cancel' }, { type: 'confirmAct.ask', subject: ORDER }],
      acting: [{ type: 'confirmAct.confirm' }, { type: 'confirmAct.cancel' }, { type: 'xstate.done.actor.act', output: { status: 4 } }, { type: 'xstate.error.actor.act', error: REFUSED }],
    })[state.value as string] ?? ([] as EventObject[]);

  it('reaches every state by a shortest path: idle, confirming, acting', () => {
    const reached = getShortestPaths(confirmActMachine, { events: events as never }).map((p) => p.state.value);
    expect(new Set(reached)).toEqual(new Set(['idle', 'confirming', 'acting']));
  });

  it('walks every simple path in a real actor with a deferred act', async () => {
    const paths = getSimplePaths(confirmActMachine, { events: events as never });
    expect(paths.length).toBeGreaterThanOrEqual(3);
    for (const p of paths) {
      const act = deferredActors(['act']);
      const actor = createActor(confirmActMachine.provide({ actors: act.actors }), { input: {} }).start();
      const steps = p.steps.map((s) => ({ event: s.event, state: { value: s.state.value, nodes: s.state._nodes } }));
      await walkPath({ machine: confirmActMachine, actor, path: { variant: 'simple', input: {}, description: p.steps.map((s) => s.event.type).join(' → '), steps }, settle: act.settle });
      actor.stop();
    }
  });

  it('the model file generates the same states the test walks, and `refused` for a parent keeping refusals', () => {
    const values = new Set(generatePaths(confirmActModel, 'shortest').map((p) => p.steps.at(-1)!.state.value));
    expect(values).toEqual(new Set(['idle', 'confirming', 'acting', 'refused']));
  });
});

/** A parent showing a list of orders: it asks its `cancel` child, and reads the list again on any report. */
function parentOver(act: PromiseActorLogic<unknown, unknown>, keepRefusal = false) {
  const toasts: unknown[] = [];
  const showToast = (_: unknown, params: unknown) => void toasts.push(params);
  const reports: Array<ConfirmActReport<typeof ORDER>> = [];
  const machine = setup({
    types: { events: {} as { type: 'list.cancel'; order: typeof ORDER } | ConfirmActReport<typeof ORDER> },
    actors: { cancel: confirmActing(act, showToast) },
    actions: { reload: () => undefined },
  }).createMachine({
    invoke: { id: 'cancel', src: 'cancel', input: ({ self }) => ({ replyTo: self, keepRefusal }) },
    on: {
      'list.cancel': { actions: sendTo('cancel', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: event.order })) },
      'confirmAct.done': { actions: [({ event }) => void reports.push(event), 'reload'] },
      'confirmAct.failed': { actions: [({ event }) => void reports.push(event), 'reload'] },
    },
  });
  let reloads = 0;
  const parent = createActor(machine.provide({ actions: { reload: () => void reloads++ } })).start();
  const child = parent.getSnapshot().children.cancel!;
  return { parent, child, toasts, reports, reloads: () => reloads };
}

describe('confirmAct inside a parent (scenarios)', () => {
  it('confirm → the act succeeds → the parent is told with the subject and the output, and reads again', async () => {
    const act = deferredActors(['act']);
    const { parent, child, toasts, reports, reloads } = parentOver(act.actors.act);
    parent.send({ type: 'list.cancel', order: ORDER });
    expect(child.getSnapshot().value).toBe('confirming');
    expect(child.getSnapshot().context.subject).toEqual(ORDER);
    expect(act.inputsOf('act')).toEqual([]);
    child.send({ type: 'confirmAct.confirm' });
    expect(act.inputsOf('act')).toEqual([ORDER]);
    act.settle({ type: 'xstate.done.actor.act', output: { status: 4 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(reports).toEqual([{ type: 'confirmAct.done', subject: ORDER, output: { status: 4 } }]);
    expect(reloads()).toBe(1);
    expect(toasts).toEqual([]);
    expect(child.getSnapshot().value).toBe('idle');
    expect(child.getSnapshot().context.subject).toBeUndefined();
  });

  it('the act is refused → the parent is told, the translated refusal is shown, and the parent reads again', async () => {
    const act = deferredActors(['act']);
    const { parent, child, toasts, reports, reloads } = parentOver(act.actors.act);
    parent.send({ type: 'list.cancel', order: ORDER });
    child.send({ type: 'confirmAct.confirm' });
    act.settle({ type: 'xstate.error.actor.act', error: REFUSED });
    await vi.advanceTimersByTimeAsync(0);
    expect(reports).toEqual([{ type: 'confirmAct.failed', subject: ORDER, error: REFUSED }]);
    expect(toasts).toEqual([{ tone: 'error', message: { text: 'The order is already finished' } }]);
    expect(reloads()).toBe(1);
    expect(child.getSnapshot().value).toBe('idle');
  });

  it('cancel while confirming: nothing is acted, nobody is told', () => {
    const act = deferredActors(['act']);
    const { parent, child, reports, reloads } = parentOver(act.actors.act);
    parent.send({ type: 'list.cancel', order: ORDER });
    child.send({ type: 'confirmAct.cancel' });
    expect(child.getSnapshot().value).toBe('idle');
    expect(child.getSnapshot().context.subject).toBeUndefined();
    child.send({ type: 'confirmAct.confirm' });
    expect(act.inputsOf('act')).toEqual([]);
    expect(reports).toEqual([]);
    expect(reloads()).toBe(0);
  });

  it('a second confirm (or a cancel, or another question) while acting is ignored: the act runs once', async () => {
    const act = deferredActors(['act']);
    const { parent, child, reports, reloads } = parentOver(act.actors.act);
    parent.send({ type: 'list.cancel', order: ORDER });
    child.send({ type: 'confirmAct.confirm' });
    child.send({ type: 'confirmAct.confirm' });
    child.send({ type: 'confirmAct.cancel' });
    parent.send({ type: 'list.cancel', order: { id: 8, label: 'another' } });
    expect(child.getSnapshot().value).toBe('acting');
    expect(child.getSnapshot().context.subject).toEqual(ORDER);
    expect(act.inputsOf('act')).toEqual([ORDER]);
    act.settle({ type: 'xstate.done.actor.act', output: {} });
    await vi.advanceTimersByTimeAsync(0);
    expect(reports).toHaveLength(1);
    expect(reloads()).toBe(1);
  });

  it('a parent keeping refusals (issue 50 S3): the refusal stays in the question, untoasted, 3 s later; confirm tries again, cancel closes it', async () => {
    const act = deferredActors(['act']);
    const { parent, child, toasts, reports, reloads } = parentOver(act.actors.act, true);
    parent.send({ type: 'list.cancel', order: ORDER });
    child.send({ type: 'confirmAct.confirm' });
    act.settle({ type: 'xstate.error.actor.act', error: REFUSED });
    await vi.advanceTimersByTimeAsync(3000);
    expect(child.getSnapshot().value).toBe('refused');
    expect(child.getSnapshot().context).toMatchObject({ subject: ORDER, refusal: { text: REFUSED.serverMessage } });
    expect(toasts).toEqual([]);
    // The parent still hears it and reads again what it shows.
    expect(reports).toEqual([{ type: 'confirmAct.failed', subject: ORDER, error: REFUSED }]);
    expect(reloads()).toBe(1);
    // Confirm again: the refusal goes while it acts; a network failure is said in its place.
    child.send({ type: 'confirmAct.confirm' });
    expect(child.getSnapshot().value).toBe('acting');
    expect(child.getSnapshot().context.refusal).toBeUndefined();
    expect(act.inputsOf('act')).toEqual([ORDER, ORDER]);
    act.settle({ type: 'xstate.error.actor.act', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(3000);
    expect(child.getSnapshot().context.refusal).toEqual({ key: 'error.network' });
    child.send({ type: 'confirmAct.cancel' });
    expect(child.getSnapshot().value).toBe('idle');
    expect(child.getSnapshot().context).toMatchObject({ subject: undefined, refusal: undefined });
    expect(toasts).toEqual([]);
  });
});
