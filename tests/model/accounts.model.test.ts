import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { loginModel } from '../../src/features/accounts/machines/login/login.model';
import { registrationModel } from '../../src/features/accounts/machines/registration/registration.model';
import { twoFactorLoginModel } from '../../src/features/accounts/machines/twoFactor/twoFactorLogin.model';
import { standInsFor } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());


describe('login machine (scenarios)', () => {

  it('a double press submits once, inside the 2000 ms window', async () => {
    const deferred = standInsFor(loginModel.machine);
    const actor = createActor(loginModel.machine.provide({ actors: deferred.actors })).start();
    const fields = { account: 'ada@example.org', password: 'Trader2026' };
    actor.send({ type: 'login.submit', fields });
    expect(actor.getSnapshot().value).toBe('submitting');
    deferred.settle({ type: 'xstate.error.actor.login', error: { kind: 'network' } });
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

describe('registration machine (scenarios)', () => {

  it('counts the resend window down from 60 seconds and allows a new code only after it', async () => {
    const deferred = standInsFor(registrationModel.machine);
    const actor = createActor(registrationModel.machine.provide({ actors: deferred.actors })).start();
    actor.send({ type: 'reg.sendCode', fields: { account: 'ada@example.org' } });
    deferred.settle({ type: 'xstate.done.actor.sendCode', output: null });
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
    const deferred = standInsFor(registrationModel.machine);
    const actor = createActor(registrationModel.machine.provide({ actors: deferred.actors })).start();
    actor.send({ type: 'reg.checkCode', fields: { account: 'ada@example.org', code: '123456' } });
    deferred.settle({ type: 'xstate.done.actor.checkCode', output: {} });
    await vi.advanceTimersByTimeAsync(0);
    const details = { password: 'Trader2026', password_repeat: 'Trader2026', funds_password: 'Funds2026', funds_password_repeat: 'Funds2026', invitation_code: 'OPENEX', agree: true };
    actor.send({ type: 'reg.submit', fields: details });
    expect(deferred.inputsOf('register')).toEqual([{ account: 'ada@example.org', code: '123456', ...details }]);
    deferred.settle({ type: 'xstate.error.actor.register', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.details).toBeUndefined();
  });
});


describe('2FA sign-in step (scenarios)', () => {
  it('a refused code stays written under the field until the next try or a switch to a recovery code', async () => {
    const deferred = standInsFor(twoFactorLoginModel.machine);
    const actor = createActor(twoFactorLoginModel.machine.provide({ actors: deferred.actors }), { input: { challenge: 'c1' } }).start();
    actor.send({ type: 'code.submit', code: ' 123456 ' });
    expect(deferred.inputsOf('verify')).toEqual([{ challenge: 'c1', code: '123456' }]);
    deferred.settle({ type: 'xstate.error.actor.verify', error: { kind: 'server', serverMessage: 'Wrong or already used authentication code' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('code');
    // Long after the toast is gone, the refusal is still on screen.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().context.refusal).toEqual({ text: 'Wrong or already used authentication code' });
    actor.send({ type: 'recovery.use' });
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
    actor.send({ type: 'code.submit', code: 'ABCDE-FGHJK' });
    deferred.settle({ type: 'xstate.error.actor.verify', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('recovery');
    expect(actor.getSnapshot().context.refusal).toBeDefined();
    actor.send({ type: 'code.submit', code: 'ABCDE-FGHJM' });
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
  });
});
