import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyStateMachine } from 'xstate';
import { countdownModel } from '../../src/app/machines/countdown/countdown.model';
import { loginModel } from '../../src/features/accounts/machines/login/login.model';
import { passwordResetModel } from '../../src/features/accounts/machines/passwordReset/passwordReset.model';
import { registrationModel } from '../../src/features/accounts/machines/registration/registration.model';
import type { MachineModel } from '../../src/app/machines/model.types';
import { generatePaths } from '../../scripts/lib/machineModels';
import { deferredActors, walkPath } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** Walks every generated path of a flow machine whose promise actors the path settles. */
function walkAll(model: MachineModel, promiseActors: string[], extraActors: Record<string, unknown> = {}, check?: (log: string[], machine: AnyStateMachine) => void) {
  it.each(generatePaths(model, 'edges').map((p) => [`${p.variant}: ${p.description}`, p] as const))('%s', async (_, path) => {
    const deferred = deferredActors(promiseActors);
    const log: string[] = [];
    const record = (name: string) => (_: unknown, params?: unknown) => void log.push(params === undefined ? name : `${name}:${JSON.stringify(params)}`);
    const machine = model.machine.provide({
      actors: { ...deferred.actors, ...extraActors },
      actions: { showToast: record('toast'), signedIn: record('signedIn'), goToDetails: record('goToDetails'), goToNewPassword: record('goToNewPassword'), goToLogin: record('goToLogin') },
    } as never);
    const actor = createActor(machine, { input: path.input as never }).start();
    await walkPath({ machine, actor, path, settle: deferred.settle });
    check?.(log, machine);
    actor.stop();
  });
}

/** Stands in for the submit guard on generated paths, which drive its reply (`guard.accepted`) themselves. */
const silentGuard = fromCallback(() => () => undefined);

describe('login machine (generated paths)', () => {
  walkAll(loginModel, ['login'], { submitGuard: silentGuard });

  it('a double press submits once, inside the 2000 ms window', async () => {
    const deferred = deferredActors(['login']);
    const actor = createActor(loginModel.machine.provide({ actors: deferred.actors as never })).start();
    const fields = { account: 'ada@example.org', password: 'Trader2026' };
    actor.send({ type: 'login.submit', fields });
    expect(actor.getSnapshot().value).toBe('submitting');
    deferred.settle({ type: 'xstate.error.actor.login', error: { kind: 'network' } } as never);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'login.submit', fields });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(deferred.inputsOf('login')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    actor.send({ type: 'login.submit', fields });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(deferred.inputsOf('login')).toEqual([fields, fields]);
  });
});

describe('registration machine (generated paths)', () => {
  walkAll(registrationModel, ['sendCode', 'checkCode', 'register']);

  it('counts the resend window down from 60 seconds and allows a new code only after it', async () => {
    const deferred = deferredActors(['sendCode', 'checkCode', 'register']);
    const actor = createActor(registrationModel.machine.provide({ actors: deferred.actors as never })).start();
    actor.send({ type: 'reg.sendCode', fields: { account: 'ada@example.org' } });
    deferred.settle({ type: 'xstate.done.actor.sendCode', output: null } as never);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.resendIn).toBe(60);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(actor.getSnapshot().context.resendIn).toBe(45);
    actor.send({ type: 'reg.sendCode', fields: { account: 'ada@example.org' } });
    expect(deferred.inputsOf('sendCode')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(45_000);
    expect(actor.getSnapshot().value).toMatchObject({ resend: 'ready' });
    actor.send({ type: 'reg.sendCode', fields: { account: 'ada@example.org' } });
    expect(deferred.inputsOf('sendCode')).toHaveLength(2);
  });

  it('sends step two with the step-one account and code, and forgets the passwords afterwards', async () => {
    const deferred = deferredActors(['sendCode', 'checkCode', 'register']);
    const actor = createActor(registrationModel.machine.provide({ actors: deferred.actors as never })).start();
    actor.send({ type: 'reg.checkCode', fields: { account: 'ada@example.org', code: '123456' } });
    deferred.settle({ type: 'xstate.done.actor.checkCode', output: {} } as never);
    await vi.advanceTimersByTimeAsync(0);
    const details = { password: 'Trader2026', password_repeat: 'Trader2026', funds_password: 'Funds2026', funds_password_repeat: 'Funds2026', invitation_code: 'OPENEX', agree: true };
    actor.send({ type: 'reg.submit', fields: details });
    expect(deferred.inputsOf('register')).toEqual([{ account: 'ada@example.org', code: '123456', ...details }]);
    deferred.settle({ type: 'xstate.error.actor.register', error: { kind: 'network' } } as never);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.details).toBeUndefined();
  });
});

describe('password reset machine (generated paths)', () => {
  walkAll(passwordResetModel, ['sendCode', 'reset']);
});

describe('countdown machine (generated paths)', () => {
  it.each(generatePaths(countdownModel, 'edges').map((p) => [`${p.variant}: ${p.description}`, p] as const))('%s', async (_, path) => {
    const actor = createActor(countdownModel.machine, { input: path.input as never }).start();
    await walkPath({ machine: countdownModel.machine, actor, path, settle: () => undefined });
    actor.stop();
  });
});
