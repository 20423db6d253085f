import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { IcoSubscription } from '../../src/domain/ico';
import { icoBoardMachine, type BoardData, type IcoBoardEvent } from '../../src/features/ico/machines/icoBoard/icoBoard.machine';
import { ACCOUNT, MINE, PROJECT } from '../../src/features/ico/machines/icoFixtures';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** The board over a counting loader and a hand-driven private channel. */
function board() {
  let loads = 0;
  let push: (event: IcoBoardEvent) => void = () => undefined;
  // Each read answers what the server has then: the account and the project's progress move on.
  const data = (): BoardData => ({ projects: [{ ...PROJECT, progress: String(loads) } as typeof PROJECT], mine: [MINE], account: { ...ACCOUNT, available: String(1000 - loads) }, receivedAt: 0 });
  const machine = icoBoardMachine.provide({
    actors: {
      loadBoard: fromPromise(async () => {
        loads += 1;
        return data();
      }),
      icoUpdates: fromCallback(({ sendBack }) => {
        push = (event) => sendBack(event);
        return () => undefined;
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, loads: () => loads, push: (e: IcoBoardEvent) => push(e) };
}

const settled: IcoSubscription = { ...MINE, allocated: '100', refund: '5', status: 'holding' };

describe('ICO board: the private channel instead of a 15 s poll', () => {
  it('a pushed subscription replaces the shown one at once and the board is read back; the poll is a minute', async () => {
    const b = board();
    await vi.advanceTimersByTimeAsync(0);
    expect(b.loads()).toBe(1);
    b.push({ type: 'board.pushed', event: 'settled', subscription: settled });
    expect(b.actor.getSnapshot().context.data?.mine[0]).toMatchObject({ allocated: '100', refund: '5' });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.loads()).toBe(2);
    // No other read until the fallback poll.
    await vi.advanceTimersByTimeAsync(59_000);
    expect(b.loads()).toBe(2);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(b.loads()).toBe(3);
  });

  it('during a popup the card is updated at once and the balance and progress behind the popup are read again, the popup staying open (issue 37 §12)', async () => {
    const b = board();
    await vi.advanceTimersByTimeAsync(0);
    b.actor.send({ type: 'board.join', projectId: PROJECT.id });
    expect(b.actor.getSnapshot().matches({ ready: 'joining' })).toBe(true);
    const popup = b.actor.getSnapshot().children.subscribe;
    expect(popup).toBeDefined();
    b.push({ type: 'board.pushed', event: 'subscribed', subscription: { ...MINE, quantity: '999' } });
    expect(b.actor.getSnapshot().matches({ ready: 'joining' })).toBe(true);
    // The popup is the same actor, not a new one: its "Subscription succeeded" stays on screen.
    expect(b.actor.getSnapshot().children.subscribe).toBe(popup);
    expect(b.actor.getSnapshot().context.data?.mine[0]?.quantity).toBe('999');
    await vi.advanceTimersByTimeAsync(0);
    expect(b.loads()).toBe(2);
    expect(b.actor.getSnapshot().matches({ ready: 'joining' })).toBe(true);
    expect(b.actor.getSnapshot().context.selected).toBe(PROJECT.id);
    expect(b.actor.getSnapshot().context.data?.account).toMatchObject({ available: '998' });
    expect((b.actor.getSnapshot().context.data?.projects[0] as unknown as { progress: string }).progress).toBe('2');
  });

  it('"Add more" clicked while the board reads again after a subscription opens its popup once the read is in', async () => {
    const b = board();
    await vi.advanceTimersByTimeAsync(0);
    // A push makes the board read again; the cards stay on screen meanwhile.
    b.push({ type: 'board.pushed', event: 'subscribed', subscription: MINE });
    expect(b.actor.getSnapshot().matches('loading')).toBe(true);
    b.actor.send({ type: 'board.join', projectId: PROJECT.id });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.actor.getSnapshot().matches({ ready: 'joining' })).toBe(true);
    expect(b.actor.getSnapshot().context.selected).toBe(PROJECT.id);
    expect(b.actor.getSnapshot().context.pending).toBeUndefined();
  });

  it('a resync after a dropped channel reads the board again', async () => {
    const b = board();
    await vi.advanceTimersByTimeAsync(0);
    b.push({ type: 'board.resync' });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.loads()).toBe(2);
  });
});
