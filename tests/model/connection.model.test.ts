import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createSocketStatusActor } from '../../src/app/actors/socketStatus.actor';
import { createFakeSocket } from '../../src/services/testing/fakeSocket';
import { favouritesModel } from '../../src/features/markets/machines/favourites/favourites.model';
import { selectConnectionStatus, selectReconnectAttempt } from '../../src/app/machines/socketConnection/socketConnection.selectors';
import { socketConnectionModel } from '../../src/app/machines/socketConnection/socketConnection.model';
import { generatePaths } from '../../scripts/lib/machineModels';
import { standInsFor, walkPath } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('socket connection machine: connecting → connected → reconnecting …', () => {
  it.each(generatePaths(socketConnectionModel, 'edges').map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const deferred = standInsFor(socketConnectionModel.machine);
    const machine = socketConnectionModel.machine.provide({ actors: deferred.actors });
    const actor = createActor(machine).start();
    await walkPath({
      machine,
      actor,
      path,
      settle: deferred.settle,
      afterStep: () => {
        const s = actor.getSnapshot();
        if (selectConnectionStatus(s) === 'connected') expect(selectReconnectAttempt(s)).toBe(0);
      },
    });
    actor.stop();
  });

  it('follows a real drop and reconnect of the socket client', () => {
    const fake = createFakeSocket();
    const machine = socketConnectionModel.machine.provide({ actors: { socketStatus: createSocketStatusActor(fake.socket) } });
    const actor = createActor(machine).start();
    expect(selectConnectionStatus(actor.getSnapshot())).toBe('connected');
    fake.drop();
    fake.reconnecting(1);
    fake.reconnecting(2);
    expect(selectConnectionStatus(actor.getSnapshot())).toBe('reconnecting');
    expect(selectReconnectAttempt(actor.getSnapshot())).toBe(2);
    fake.reconnect();
    expect(selectConnectionStatus(actor.getSnapshot())).toBe('connected');
    actor.stop();
  });
});

describe('favourites machine: starred pairs in the trader’s order, persisted after each change', () => {
  it.each(generatePaths(favouritesModel, 'edges').map((p) => [`${p.variant}: ${p.description}`, p] as const))('%s', async (_, path) => {
    const persisted: string[][] = [];
    const machine = favouritesModel.machine.provide({ actions: { persistFavourites: (_, p) => void persisted.push(p.pairs) } });
    const actor = createActor(machine, { input: path.input }).start();
    await walkPath({
      machine,
      actor,
      path,
      settle: () => undefined,
      afterStep: (_value, event) => {
        const { pairs } = actor.getSnapshot().context;
        // Whatever was stored, only pair keys remain, each once; every change is written back.
        expect(pairs.every((p) => /^[A-Z0-9]+_[A-Z0-9]+$/.test(p))).toBe(true);
        expect(new Set(pairs).size).toBe(pairs.length);
        if (persisted.length > 0) expect(persisted.at(-1)).toEqual(pairs);
        if (event.type === 'favourites.move' && persisted.length > 0) expect(pairs.indexOf('ETH_USDT')).toBeLessThan(pairs.indexOf('BTC_USDT'));
      },
    });
    actor.stop();
  });

  it('ignores moves onto pairs that are not favourites, and keys that are not pairs', () => {
    const persisted: unknown[] = [];
    const machine = favouritesModel.machine.provide({ actions: { persistFavourites: (_, p) => void persisted.push(p.pairs) } });
    const actor = createActor(machine, { input: { stored: ['BTC_USDT'] } }).start();
    actor.send({ type: 'favourites.move', pair: 'BTC_USDT', over: 'ETH_USDT' });
    actor.send({ type: 'favourites.toggle', pair: '<script>' });
    expect(persisted).toEqual([]);
    actor.send({ type: 'favourites.toggle', pair: 'BTC_USDT' });
    expect(persisted).toEqual([[]]);
  });
});
