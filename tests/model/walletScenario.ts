/**
 * What the wallet scenario tests share: a machine started on deferred stand-ins with its actions
 * logged, a USDT network and a currency list with withdrawals open (USDT) and closed (DOGE).
 */
import { vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import type { MachineModel } from '../../src/app/machines/model.types';
import { standInsFor } from './harness';

const ACTIONS = ['showToast', 'withdrawn', 'transferred', 'rowActed'];

export function setUp(model: MachineModel, promiseActors: string[], input?: unknown, extra: Record<string, unknown> = {}) {
  const deferred = standInsFor(model.machine);
  const log: string[] = [];
  const actions = Object.fromEntries(ACTIONS.map((name) => [name, (_: unknown, params?: unknown) => void log.push(params === undefined ? name : `${name}:${JSON.stringify(params)}`)]));
  const machine = model.machine.provide({ actors: { ...deferred.actors, ...extra }, actions });
  const actor = createActor(machine, { input: input }).start();
  const settle = async (event: EventObject & { output?: unknown; error?: unknown }) => {
    deferred.settle(event);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { deferred, log, machine, actor, settle };
}

export const network = { currency: 'USDT', network: 'TRC20', deposit_min: '1', withdraw_min: '10', withdraw_fee: '1', confirmations: 3, deposit_enabled: true, withdraw_enabled: true };
export const currencies = [
  { symbol: 'USDT', draw_turn: 1, recharge_turn: 1 },
  { symbol: 'DOGE', draw_turn: 0, recharge_turn: 0 },
];
