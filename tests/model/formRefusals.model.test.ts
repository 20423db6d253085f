/**
 * Issue 50 S3: a form's refusal stays written in the form — in the machine's `refusal`, which the
 * view renders with role="alert" — until the user changes the form or sends it again, and is said
 * once, in place: not also as a toast that is gone a second later. Login, the sign-in's 2FA step,
 * API key creation and the address book; a refused delete of an address or an API key stays in
 * its question (the confirm-then-act child's `refused`); a refused unlock email stays at its button.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { apiKeysModel } from '../../src/features/accounts/machines/apiKeys/apiKeys.model';
import { loginModel } from '../../src/features/accounts/machines/login/login.model';
import { recordBookModel } from '../../src/features/accounts/machines/recordBook/recordBook.model';
import { twoFactorLoginModel } from '../../src/features/accounts/machines/twoFactor/twoFactorLogin.model';
import { twoFactorEnrolmentModel } from '../../src/features/accounts/machines/twoFactor/twoFactorEnrolment.model';
import { standInsFor, startAsking, type SettleEvent } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** The toasts a machine asks for. */
function toasts() {
  const shown: unknown[] = [];
  return { shown, showToast: (_: unknown, params: unknown) => void shown.push(params) };
}

const WRONG_CODE = { kind: 'server', serverMessage: 'Wrong or already used authentication code' };

/** What these checks read of a form's actor: its state and the refusal it shows. */
interface FormActor {
  send(event: EventObject): void;
  getSnapshot(): { value: unknown; context: { refusal?: unknown } };
}

/**
 * The server refuses the form's call (`failure`, the call's error event): 3 s later the refusal is
 * under the form (the form in `state` when given), untoasted, and the form's `edit` clears it.
 */
async function refusalStaysUntilEdit(actor: FormActor, settle: (event: SettleEvent) => void, failure: string, error: { serverMessage: string }, edit: EventObject, shown: unknown[], state?: unknown) {
  settle({ type: failure, error });
  await vi.advanceTimersByTimeAsync(3000);
  if (state !== undefined) expect(actor.getSnapshot().value).toEqual(state);
  expect(actor.getSnapshot().context.refusal).toEqual({ text: error.serverMessage });
  expect(shown).toEqual([]);
  actor.send(edit);
  expect(actor.getSnapshot().context.refusal).toBeUndefined();
}

/** `submit` fails on the network (`failure`): said by key 3 s later; sent again, the form is `busy` and the refusal gone. */
async function networkRefusalClearsOnResend(actor: FormActor, settle: (event: SettleEvent) => void, submit: EventObject & Record<string, unknown>, failure: string, busy: string) {
  actor.send(submit);
  settle({ type: failure, error: { kind: 'network' } });
  await vi.advanceTimersByTimeAsync(3000);
  expect(actor.getSnapshot().context.refusal).toEqual({ key: 'error.network' });
  actor.send(submit);
  expect(actor.getSnapshot().value).toBe(busy);
  expect(actor.getSnapshot().context.refusal).toBeUndefined();
}

describe('form refusals stay in the form (issue 50 S3)', () => {
  it('login: a wrong password stays under the form, untoasted, until a field changes; a new press clears it too', async () => {
    const deferred = standInsFor(loginModel.machine);
    const toast = toasts();
    const actor = createActor(loginModel.machine.provide({ actors: deferred.actors, actions: { showToast: toast.showToast } })).start();
    const fields = { account: 'ada@example.org', password: 'wrong-one' };
    actor.send({ type: 'login.submit', fields });
    const wrong = { kind: 'server', serverMessage: 'Wrong account or password' };
    await refusalStaysUntilEdit(actor, deferred.settle, 'xstate.error.actor.login', wrong, { type: 'login.edit' }, toast.shown, 'editing');
    await networkRefusalClearsOnResend(actor, deferred.settle, { type: 'login.submit', fields }, 'xstate.error.actor.login', 'submitting');
  });

  it('2FA step: a refused code is said once, under the field, and goes when the code is changed', async () => {
    const deferred = standInsFor(twoFactorLoginModel.machine);
    const toast = toasts();
    const actor = createActor(twoFactorLoginModel.machine.provide({ actors: deferred.actors, actions: { showToast: toast.showToast } }), { input: { challenge: 'c1' } }).start();
    actor.send({ type: 'code.submit', code: '123456' });
    await refusalStaysUntilEdit(actor, deferred.settle, 'xstate.error.actor.verify', WRONG_CODE, { type: 'code.edit' }, toast.shown);
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
    await refusalStaysUntilEdit(actor, deferred.settle, 'xstate.error.actor.createKey', WRONG_CODE, { type: 'apiKeys.edit' }, toast.shown, 'ready');
  });

  it('address book: a refused address stays under the form, untoasted, until it is changed; a new save clears it', async () => {
    const deferred = standInsFor(recordBookModel.machine);
    const toast = toasts();
    const actor = createActor(recordBookModel.machine.provide({ actors: deferred.actors, actions: { showToast: toast.showToast } }), { input: recordBookModel.variants[0]!.input }).start();
    deferred.settle({ type: 'xstate.done.actor.fetchRecords', output: [] });
    await vi.advanceTimersByTimeAsync(0);
    const fields = { currency: 'USDT', network: 'TRC20', address: 'TXYZ', note: 'mine', totp_code: '123456' };
    actor.send({ type: 'book.save', fields });
    await refusalStaysUntilEdit(actor, deferred.settle, 'xstate.error.actor.saveRecord', WRONG_CODE, { type: 'book.edit' }, toast.shown, { book: 'ready' });
    await networkRefusalClearsOnResend(actor, deferred.settle, { type: 'book.save', fields }, 'xstate.error.actor.saveRecord', 'saving');
  });

  it('address book: a refused delete stays in its question, untoasted, 3 s later, while the list is read again; "Keep address" closes it', async () => {
    const { actor, deferred, act: del, toasts: shown } = startAsking(recordBookModel.machine, 'deleteRecord', { input: recordBookModel.variants[0]!.input });
    deferred.settle({ type: 'xstate.done.actor.fetchRecords', output: [{ id: 7 }] });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'book.delete', id: 7 });
    const question = actor.getSnapshot().children.deleteRecord!;
    question.send({ type: 'confirmAct.confirm' });
    del.settle({ type: 'xstate.error.actor.act', error: WRONG_CODE });
    await vi.advanceTimersByTimeAsync(3000);
    expect(question.getSnapshot().value).toBe('refused');
    expect(question.getSnapshot().context.refusal).toEqual({ text: WRONG_CODE.serverMessage });
    expect(shown).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ book: 'loading' });
    question.send({ type: 'confirmAct.cancel' });
    expect(question.getSnapshot().value).toBe('idle');
  });

  it('API keys: a refused delete stays in its question, untoasted, 3 s later', async () => {
    const { actor, deferred, act: del, toasts: shown } = startAsking(apiKeysModel.machine, 'deleteKey');
    deferred.settle({ type: 'xstate.done.actor.fetchStatus', output: { enabled: false, recovery_codes_left: 0, withdrawals_locked_until: 0 } });
    await vi.advanceTimersByTimeAsync(0);
    deferred.settle({ type: 'xstate.done.actor.fetchKeys', output: [{ api_key: 'k1', label: 'bot', permissions: ['read'], ip_allowlist: [], created_ms: 0, last_used_ms: null, last_used_ip: null }] });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'apiKeys.delete', apiKey: 'k1' });
    const question = actor.getSnapshot().children.deleteKey!;
    question.send({ type: 'confirmAct.confirm' });
    del.settle({ type: 'xstate.error.actor.act', error: { kind: 'server', serverMessage: 'API key not found' } });
    await vi.advanceTimersByTimeAsync(3000);
    expect(question.getSnapshot().value).toBe('refused');
    expect(question.getSnapshot().context.refusal).toEqual({ text: 'API key not found' });
    expect(shown).toEqual([]);
  });

  it('sign-in: a refused unlock email is said at its button, untoasted, 3 s later; asking again clears it', async () => {
    const deferred = standInsFor(twoFactorLoginModel.machine);
    const toast = toasts();
    const actor = createActor(twoFactorLoginModel.machine.provide({ actors: deferred.actors, actions: { showToast: toast.showToast } }), { input: { challenge: 'c1', locked: true } }).start();
    actor.send({ type: 'unlock.send' });
    deferred.settle({ type: 'xstate.error.actor.sendUnlock', error: { kind: 'server', serverMessage: 'Please wait a minute before asking for another code' } });
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().value).toBe('entering');
    expect(actor.getSnapshot().context.unlockRefusal).toEqual({ text: 'Please wait a minute before asking for another code' });
    expect(toast.shown).toEqual([]);
    actor.send({ type: 'unlock.send' });
    expect(actor.getSnapshot().context.unlockRefusal).toBeUndefined();
    deferred.settle({ type: 'xstate.done.actor.sendUnlock', output: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toMatchObject({ unlockSent: true, unlockRefusal: undefined });
  });

  it('2FA in the user centre: a wrong password, a wrong code to turn it on or off, and a refused unlock email stay in the panel, untoasted, until a field changes', async () => {
    const deferred = standInsFor(twoFactorEnrolmentModel.machine);
    const toast = toasts();
    const actor = createActor(twoFactorEnrolmentModel.machine.provide({ actors: deferred.actors, actions: { showToast: toast.showToast } })).start();
    const status = (enabled: boolean, locked = false) => ({ type: 'xstate.done.actor.fetchStatus', output: { enabled, recovery_codes_left: enabled ? 10 : 0, withdrawals_locked_until: 0, locked } });
    deferred.settle(status(false));
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'enrol.start' });
    actor.send({ type: 'enrol.password', password: 'wrong' });
    deferred.settle({ type: 'xstate.error.actor.begin', error: { kind: 'server', serverMessage: 'The login password is wrong' } });
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().value).toBe('askingPassword');
    expect(actor.getSnapshot().context.refusal).toEqual({ text: 'The login password is wrong' });
    actor.send({ type: 'twoFactor.edit' });
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
    actor.send({ type: 'enrol.password', password: 'Trader2026!' });
    deferred.settle({ type: 'xstate.done.actor.begin', output: { secret: 'S', uri: 'otpauth://totp/x', issuer: 'OpenEx', account: 'a' } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'enrol.confirm', code: '123456' });
    deferred.settle({ type: 'xstate.error.actor.confirm', error: WRONG_CODE });
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().value).toBe('scanning');
    expect(actor.getSnapshot().context.refusal).toEqual({ text: WRONG_CODE.serverMessage });
    // Sent again: the refusal goes while it is checked.
    actor.send({ type: 'enrol.confirm', code: '654321' });
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
    deferred.settle({ type: 'xstate.done.actor.confirm', output: { recovery_codes: ['ABCDE-FGHJK'], withdrawals_locked_until: 0 } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'codes.saved' });
    actor.send({ type: 'disable.submit', code: '111111' });
    deferred.settle({ type: 'xstate.error.actor.disable', error: WRONG_CODE });
    await vi.advanceTimersByTimeAsync(0);
    // The status is read again (the refusal may have locked the checks): locked, with the refusal still said.
    deferred.settle(status(true, true));
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().value).toBe('locked');
    expect(actor.getSnapshot().context.refusal).toEqual({ text: WRONG_CODE.serverMessage });
    actor.send({ type: 'unlock.send' });
    deferred.settle({ type: 'xstate.error.actor.sendUnlock', error: { kind: 'server', serverMessage: 'Please wait a minute before asking for another code' } });
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().context.refusal).toEqual({ text: 'Please wait a minute before asking for another code' });
    expect(toast.shown.filter((t) => (t as { tone: string }).tone === 'error')).toEqual([]);
  });
});
