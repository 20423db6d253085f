/**
 * Scenarios of the shared paged list (app/machines/pagedList; its generated paths run in
 * machines.model.test.ts) and of the products composed over it: what each read asks, the filter and
 * paging rules, pushes that settle, and a parent's events reaching its `list` child.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { pagedListMachine, type PagedListActorRef } from '../../src/app/machines/pagedList/pagedList.machine';
import { OPEN, SETTLED } from '../../src/features/seconds/machines/secondsFixtures';
import { secondsOrdersMachine } from '../../src/features/seconds/machines/secondsOrders/secondsOrders.machine';
import { standInsFor } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** The shared list with a deferred `loadPage`, and the toasts it says. */
function list(input: { filter: object; size?: number; pollMs?: number }, pushes?: ReturnType<typeof fromCallback<EventObject>>) {
  const loader = standInsFor(pagedListMachine);
  const toasts: unknown[] = [];
  const machine = pagedListMachine.provide({ actors: { ...loader.actors, ...(pushes ? { pushes } : {}) }, actions: { showToast: (_, params) => void toasts.push(params) } });
  const actor = createActor(machine, { input }).start();
  const answer = async (output: unknown) => {
    loader.settle({ type: 'xstate.done.actor.loadPage', output });
    await vi.advanceTimersByTimeAsync(0);
  };
  return { actor, reads: () => loader.inputsOf('loadPage'), answer, loader, toasts };
}

describe('paged list (scenarios)', () => {
  it('a push that comes while the page is being read has it read again once that read is in (its answer may predate the change)', async () => {
    const { actor, reads, answer } = list({ filter: {} });
    actor.send({ type: 'list.pushed' });
    await answer({ list: [{ id: 1, status: 'open' }], total: 1 });
    expect(actor.getSnapshot().value).toEqual({ ready: 'settling' });
    await vi.advanceTimersByTimeAsync(300);
    expect(reads()).toHaveLength(2);
    await answer({ list: [{ id: 1, status: 'filled' }], total: 1 });
    // Read again once only: the flag went with the read that followed it.
    expect(actor.getSnapshot().value).toEqual({ ready: 'shown' });
    expect(reads()).toHaveLength(2);
  });

  it('a filter change merges into the filter and goes back to page 1; paging stays inside the pages there are', async () => {
    const { actor, reads, answer } = list({ filter: { tab: 'all', days: 30 } });
    expect(reads()).toEqual([{ filter: { tab: 'all', days: 30 }, page: 1, size: 10 }]);
    await answer({ list: [{ id: 1 }], total: 25 });
    actor.send({ type: 'list.page', page: 4 });
    actor.send({ type: 'list.page', page: 0 });
    actor.send({ type: 'list.page', page: 1 });
    expect(reads()).toHaveLength(1);
    actor.send({ type: 'list.page', page: 3 });
    expect(reads().at(-1)).toEqual({ filter: { tab: 'all', days: 30 }, page: 3, size: 10 });
    await answer({ list: [{ id: 2 }], total: 25 });
    actor.send({ type: 'list.filter', filter: { tab: 'buy' } });
    expect(reads().at(-1)).toEqual({ filter: { tab: 'buy', days: 30 }, page: 1, size: 10 });
  });

  it('keeps the rows on screen while the next page loads, and what a read answers beside them when the next answers none', async () => {
    const { actor, answer } = list({ filter: { mode: 'current' } });
    await answer({ list: [{ id: 1 }], total: 12, extra: { account: 'seconds' } });
    actor.send({ type: 'list.page', page: 2 });
    expect(actor.getSnapshot().context.rows).toEqual([{ id: 1 }]);
    await answer({ list: [{ id: 2 }], total: 12 });
    expect(actor.getSnapshot().context).toMatchObject({ rows: [{ id: 2 }], page: 2, extra: { account: 'seconds' } });
  });

  it('a failed read says why and waits; `list.reload` reads again', async () => {
    const { actor, reads, loader, toasts } = list({ filter: {} });
    loader.settle({ type: 'xstate.error.actor.loadPage', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(toasts).toHaveLength(1);
    actor.send({ type: 'list.reload' });
    expect(reads()).toHaveLength(2);
  });

  it('a burst of pushes is one read after `settle`; `list.reload` reads at once, even over a read under way', async () => {
    const { actor, reads, answer } = list({ filter: {} });
    await answer({ list: [], total: 0 });
    actor.send({ type: 'list.pushed' });
    await vi.advanceTimersByTimeAsync(200);
    actor.send({ type: 'list.pushed' });
    await vi.advanceTimersByTimeAsync(299);
    expect(reads()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads()).toHaveLength(2);
    actor.send({ type: 'list.reload' });
    expect(reads()).toHaveLength(3);
  });

  it('hears the product’s pushes through `pushes`', async () => {
    let send: ((event: EventObject) => void) | undefined;
    const pushes = fromCallback<EventObject>(({ sendBack }) => {
      send = sendBack;
      return () => (send = undefined);
    });
    const { actor, reads, answer } = list({ filter: {} }, pushes);
    await answer({ list: [], total: 0 });
    send!({ type: 'list.reload' });
    expect(reads()).toHaveLength(2);
    actor.stop();
    expect(send).toBeUndefined();
  });
});

describe('products over the paged list (scenarios)', () => {
  it('seconds orders: a pushed contract has the list read again after `settle`; the clock ticks for the countdown column', async () => {
    const loader = standInsFor(pagedListMachine);
    const machine = secondsOrdersMachine.provide({ actors: { list: pagedListMachine.provide({ actors: loader.actors }) } });
    const actor = createActor(machine, { input: { mode: 'current' } }).start();
    const contracts = actor.getSnapshot().children.list as PagedListActorRef;
    expect(loader.inputsOf('loadPage')).toEqual([{ filter: { mode: 'current', days: 7 }, page: 1, size: 10 }]);
    loader.settle({ type: 'xstate.done.actor.loadPage', output: { list: [OPEN], total: 1, extra: { offset: 0 } } });
    await vi.advanceTimersByTimeAsync(0);
    const before = actor.getSnapshot().context.now;
    actor.send({ type: 'ticket.pushed', contract: SETTLED });
    expect(contracts.getSnapshot().value).toEqual({ ready: 'settling' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(loader.inputsOf('loadPage')).toHaveLength(2);
    expect(actor.getSnapshot().context.now).toBeGreaterThan(before);
  });

});
