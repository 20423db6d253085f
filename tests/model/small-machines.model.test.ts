import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, type EventObject } from 'xstate';
import { noteModel } from '../../src/features/support/machines/note/note.model';
import { submitGuardMachine } from '../../src/app/machines/submitGuard/submitGuard.machine';
import { toastModel } from '../../src/app/machines/toast/toast.model';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('toast machine: one at a time, 1.2 s info/error, 1 s success', () => {
  it('shows an error for 1200 ms and a success for 1000 ms, in order', async () => {
    const actor = createActor(toastModel.machine).start();
    actor.send({ type: 'toast.show', tone: 'error', message: { key: 'error.network' } });
    actor.send({ type: 'toast.show', tone: 'success', message: { text: 'ok' } });
    expect(actor.getSnapshot().context.current?.tone).toBe('error');
    await vi.advanceTimersByTimeAsync(1199);
    expect(actor.getSnapshot().context.current?.tone).toBe('error');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context.current?.tone).toBe('success');
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.current).toBeUndefined();
  });
});

describe('note machine: platform notes as popups', () => {
  it('offers agreement only for the user agreement and privacy policy', async () => {
    const agreed: unknown[] = [];
    const machine = noteModel.machine.provide({
      actors: { fetchNote: fromPromise(async () => ({ detail: { title: 't', content: 'c' } })) },
      actions: { agreed: (_, p) => void agreed.push(p.type) },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'note.open', noteType: 4 });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'note.agree' });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'note.open', noteType: 2 });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'note.agree' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(agreed).toEqual([2]);
  });
});

describe('submit guard: the 2000 ms anti-double-submit window', () => {
  it('lets a form submit once per window however often it is pressed', async () => {
    const form = createMachine({
      invoke: { id: 'guard', src: submitGuardMachine, input: ({ self }) => ({ replyTo: self }) },
    });
    const accepted: EventObject[] = [];
    const parent = createActor(form, {
      inspect: (e) => {
        if (e.type === '@xstate.event' && e.event.type === 'guard.accepted') accepted.push(e.event);
      },
    }).start();
    const guard = parent.getSnapshot().children.guard!;
    guard.send({ type: 'guard.submit', payload: 1 });
    guard.send({ type: 'guard.submit', payload: 2 });
    await vi.advanceTimersByTimeAsync(1999);
    guard.send({ type: 'guard.submit', payload: 3 });
    expect(accepted.map((e) => (e as { payload?: unknown }).payload)).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    guard.send({ type: 'guard.submit', payload: 4 });
    expect(accepted.map((e) => (e as { payload?: unknown }).payload)).toEqual([1, 4]);
    parent.stop();
  });
});
