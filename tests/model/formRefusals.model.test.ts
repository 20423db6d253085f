/**
 * Issue 50 S3: a form's refusal stays written in the form — in the machine's `refusal`, which the
 * view renders with role="alert" — until the user changes the form or sends it again, and is said
 * once, in place: not also as a toast that is gone a second later. Login, the sign-in's 2FA step,
 * API key creation and the address book.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { apiKeysModel } from '../../src/features/accounts/machines/apiKeys/apiKeys.model';
import { loginModel } from '../../src/features/accounts/machines/login/login.model';
import { recordBookModel } from '../../src/features/accounts/machines/recordBook/recordBook.model';
import { twoFactorLoginModel } from '../../src/features/accounts/machines/twoFactor/twoFactorLogin.model';
import { standInsFor } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** The toasts a machine asks for. */
function toasts() {
  const shown: unknown[] = [];
  return { shown, showToast: (_: unknown, params: unknown) => void shown.push(params) };
}

const WRONG_CODE = { kind: 'server', serverMessage: 'Wrong or already used authentication code' };

describe('form refusals stay in the form (issue 50 S3)', () => {
  it('login: a wrong password stays under the form, untoasted, until a field changes; a new press clears it too', async () => {
    const deferred = standInsFor(loginModel.machine);
    const toast = toasts();
    const actor = createActor(loginModel.machine.provide({ actors: deferred.actors, actions: { showToast: toast.showToast } })).start();
    const fields = { account: 'ada@example.org', password: 'wrong-one' };
    actor.send({ type: 'login.submit', fields });
    deferred.settle({ type: 'xstate.error.actor.login', error: { kind: 'server', serverMessage: 'Wrong account or password' } });
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.refusal).toEqual({ text: 'Wrong account or password' });
    expect(toast.shown).toEqual([]);
    actor.send({ type: 'login.edit' });
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
    actor.send({ type: 'login.submit', fields });
    deferred.settle({ type: 'xstate.error.actor.login', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().context.refusal).toEqual({ key: 'error.network' });
    actor.send({ type: 'login.submit', fields });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
  });

  it('2FA step: a refused code is said once, under the field, and goes when the code is changed', async () => {
    const deferred = standInsFor(twoFactorLoginModel.machine);
    const toast = toasts();
    const actor = createActor(twoFactorLoginModel.machine.provide({ actors: deferred.actors, actions: { showToast: toast.showToast } }), { input: { challenge: 'c1' } }).start();
    actor.send({ type: 'code.submit', code: '123456' });
    deferred.settle({ type: 'xstate.error.actor.verify', error: WRONG_CODE });
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().context.refusal).toEqual({ text: WRONG_CODE.serverMessage });
    expect(toast.shown).toEqual([]);
    actor.send({ type: 'code.edit' });
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
  });

  it('API keys: a key refused here (no 2FA code) or by the server stays under the form, untoasted, until it is changed', async () => {
    const deferred = standInsFor(apiKeysModel.machine);
    const toast = toasts();
    const actor = createActor(apiKeysModel.machine.provide({ actors: deferred.actors, actions: { showToast: toast.showToast } })).start();
    deferred.settle({ type: 'xstate.done.actor.fetchStatus', output: { enabled: true, recovery_codes_left: 0, withdrawals_locked_until: 0 } });
    await vi.advanceTimersByTimeAsync(0);
    deferred.settle({ type: 'xstate.done.actor.fetchKeys', output: [] });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'apiKeys.create', fields: { label: 'bot', permissions: ['read'], ip_allowlist: [] } });
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().context.refusal).toEqual({ key: 'apiKeys.errors.codeNeeded' });
    actor.send({ type: 'apiKeys.edit' });
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
    actor.send({ type: 'apiKeys.create', fields: { label: 'bot', permissions: ['read'], ip_allowlist: [], totp_code: '123456' } });
    expect(actor.getSnapshot().value).toBe('creating');
    deferred.settle({ type: 'xstate.error.actor.createKey', error: WRONG_CODE });
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.refusal).toEqual({ text: WRONG_CODE.serverMessage });
    expect(toast.shown).toEqual([]);
    actor.send({ type: 'apiKeys.edit' });
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
  });

  it('address book: a refused address stays under the form, untoasted, until it is changed; a new save clears it', async () => {
    const deferred = standInsFor(recordBookModel.machine);
    const toast = toasts();
    const actor = createActor(recordBookModel.machine.provide({ actors: deferred.actors, actions: { showToast: toast.showToast } }), { input: recordBookModel.variants[0]!.input }).start();
    deferred.settle({ type: 'xstate.done.actor.fetchRecords', output: [] });
    await vi.advanceTimersByTimeAsync(0);
    const fields = { currency: 'USDT', network: 'TRC20', address: 'TXYZ', note: 'mine', totp_code: '123456' };
    actor.send({ type: 'book.save', fields });
    deferred.settle({ type: 'xstate.error.actor.saveRecord', error: WRONG_CODE });
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().value).toEqual({ book: 'ready' });
    expect(actor.getSnapshot().context.refusal).toEqual({ text: WRONG_CODE.serverMessage });
    expect(toast.shown).toEqual([]);
    actor.send({ type: 'book.edit' });
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
    actor.send({ type: 'book.save', fields });
    deferred.settle({ type: 'xstate.error.actor.saveRecord', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().context.refusal).toEqual({ key: 'error.network' });
    actor.send({ type: 'book.save', fields });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
  });
});
