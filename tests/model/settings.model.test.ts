import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { profileModel } from '../../src/features/accounts/machines/profile/profile.model';
import { recordBookModel } from '../../src/features/accounts/machines/recordBook/recordBook.model';
import { securityChangeModel } from '../../src/features/accounts/machines/securityChange/securityChange.model';
import { standInsFor, startAsking } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const ACTIONS = ['showToast', 'sessionEnded', 'saved', 'refreshSession'];

function recorded() {
  const log: string[] = [];
  const actions = Object.fromEntries(ACTIONS.map((a) => [a, (_: unknown, params?: unknown) => void log.push(params === undefined ? a : `${a}:${JSON.stringify(params)}`)]));
  return { log, actions };
}

describe('securityChange machine (scenarios)', () => {
  it('a login password change sends one code, submits once per window, and ends the session', async () => {
    const deferred = standInsFor(securityChangeModel.machine);
    const { log, actions } = recorded();
    const actor = createActor(securityChangeModel.machine.provide({ actors: deferred.actors, actions: actions }), { input: { kind: 'loginPwd' } }).start();
    actor.send({ type: 'security.sendCode', to: 'current' });
    expect(deferred.inputsOf('sendCode')).toEqual([{ purpose: 'change_login_pwd', to: 'current' }]);
    deferred.settle({ type: 'xstate.done.actor.sendCode', output: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ resend: { current: 'coolingDown', next: 'ready' } })).toBe(true);
    expect((actor.getSnapshot().children.resendCurrent?.getSnapshot() as { context: { remaining: number } }).context.remaining).toBe(60);
    actor.send({ type: 'security.sendCode', to: 'current' });
    expect(deferred.inputsOf('sendCode')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().matches({ resend: { current: 'ready' } })).toBe(true);
    const fields = { code: '123456', password: 'Fresh2026x', password_repeat: 'Fresh2026x' };
    actor.send({ type: 'security.submit', fields });
    actor.send({ type: 'security.submit', fields });
    expect(deferred.inputsOf('submitChange')).toEqual([{ kind: 'loginPwd', fields }]);
    deferred.settle({ type: 'xstate.done.actor.submitChange', output: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ flow: 'done' })).toBe(true);
    expect(log).toContain('sessionEnded');
  });

  it('an email change counts down the old and the new address separately; a fund password keeps the session', async () => {
    const deferred = standInsFor(securityChangeModel.machine);
    const actor = createActor(securityChangeModel.machine.provide({ actors: deferred.actors }), { input: { kind: 'email' } }).start();
    actor.send({ type: 'security.sendCode', to: 'new', account: 'new@example.org' });
    expect(deferred.inputsOf('sendCode')).toEqual([{ purpose: 'change_email', to: 'new', account: 'new@example.org', area_code: undefined }]);
    deferred.settle({ type: 'xstate.done.actor.sendCode', output: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ resend: { current: 'ready', next: 'coolingDown' } })).toBe(true);

    const funds = recorded();
    const fundsDeferred = standInsFor(securityChangeModel.machine);
    const other = createActor(securityChangeModel.machine.provide({ actors: fundsDeferred.actors, actions: funds.actions }), { input: { kind: 'fundsPwd' } }).start();
    other.send({ type: 'security.submit', fields: { code: '123456', password: 'Funds2026x', password_repeat: 'Funds2026x' } });
    fundsDeferred.settle({ type: 'xstate.done.actor.submitChange', output: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(funds.log).not.toContain('sessionEnded');
    expect(funds.log).toContain('showToast:{"tone":"success","message":{"key":"security.fundsPasswordChanged"}}');
  });
});

describe('securityChange machine: whether 2FA is on', () => {
  it.each([true, false])('reads it once at the start (%s), so the form asks the code only then', async (on) => {
    const deferred = standInsFor(securityChangeModel.machine);
    const actor = createActor(securityChangeModel.machine.provide({ actors: deferred.actors }), { input: { kind: 'loginPwd' } }).start();
    expect(deferred.inputsOf('readTwoFactor')).toHaveLength(1);
    deferred.settle({ type: 'xstate.done.actor.readTwoFactor', output: on });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.twoFactor).toBe(on);
  });

  it('a failed read leaves it unknown and the form working', async () => {
    const deferred = standInsFor(securityChangeModel.machine);
    const actor = createActor(securityChangeModel.machine.provide({ actors: deferred.actors }), { input: { kind: 'email' } }).start();
    deferred.settle({ type: 'xstate.error.actor.readTwoFactor', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.twoFactor).toBeUndefined();
    actor.send({ type: 'security.sendCode', to: 'current' });
    expect(deferred.inputsOf('sendCode')).toHaveLength(1);
  });
});

describe('recordBook machine (scenarios)', () => {
  it('the address book reads whether 2FA is on, so the form asks the code only then (issue 50 C8); collection methods read nothing', async () => {
    const deferred = standInsFor(recordBookModel.machine);
    const addresses = createActor(recordBookModel.machine.provide({ actors: deferred.actors }), { input: recordBookModel.variants[0]!.input }).start();
    expect(addresses.getSnapshot().context.twoFactor).toBeUndefined();
    expect(deferred.inputsOf('readTwoFactor')).toHaveLength(1);
    deferred.settle({ type: 'xstate.done.actor.readTwoFactor', output: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(addresses.getSnapshot().context.twoFactor).toBe(true);
    addresses.stop();

    const methodsStandIns = standInsFor(recordBookModel.machine);
    const methods = createActor(recordBookModel.machine.provide({ actors: methodsStandIns.actors }), { input: recordBookModel.variants[1]!.input }).start();
    expect(methodsStandIns.inputsOf('readTwoFactor')).toHaveLength(0);
    expect(methods.getSnapshot().context.twoFactor).toBeUndefined();
    methods.stop();
  });

  it('a failed read of whether 2FA is on leaves it unknown and the book working (it stopped the whole book)', async () => {
    const deferred = standInsFor(recordBookModel.machine);
    const addresses = createActor(recordBookModel.machine.provide({ actors: deferred.actors }), { input: recordBookModel.variants[0]!.input }).start();
    deferred.settle({ type: 'xstate.error.actor.readTwoFactor', error: { kind: 'network' } });
    deferred.settle({ type: 'xstate.done.actor.fetchRecords', output: [{ id: 7 }] });
    await vi.advanceTimersByTimeAsync(0);
    expect(addresses.getSnapshot().status).toBe('active');
    expect(addresses.getSnapshot().context).toMatchObject({ twoFactor: undefined, records: [{ id: 7 }] });
    addresses.stop();
  });

  it('deletes only after confirmation, then reloads with the spec message', async () => {
    // Deleting asks through the shared confirm-then-act child, acting with a deferred delete.
    const { actor, deferred, act: deleteRecord, toasts } = startAsking(recordBookModel.machine, 'deleteRecord', { input: recordBookModel.variants[0]!.input });
    deferred.settle({ type: 'xstate.done.actor.fetchRecords', output: [{ id: 7 }] });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'book.delete', id: 7 });
    const question = actor.getSnapshot().children.deleteRecord!;
    expect(question.getSnapshot().value).toBe('confirming');
    question.send({ type: 'confirmAct.cancel' });
    expect(question.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().value).toEqual({ book: 'ready' });
    expect(deleteRecord.inputsOf('act')).toEqual([]);
    actor.send({ type: 'book.delete', id: 7 });
    question.send({ type: 'confirmAct.confirm' });
    expect(deleteRecord.inputsOf('act')).toEqual([{ id: 7 }]);
    deleteRecord.settle({ type: 'xstate.done.actor.act', output: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ book: 'loading' });
    expect(toasts).toContainEqual({ tone: 'success', message: { key: 'addresses.deleted' } });
  });
});

describe('profile machine (scenarios)', () => {

  it('says "Copy success" or "Copy failed" from the clipboard service answer', async () => {
    const deferred = standInsFor(profileModel.machine);
    const { log, actions } = recorded();
    const actor = createActor(profileModel.machine.provide({ actors: deferred.actors, actions: actions })).start();
    deferred.settle({ type: 'xstate.done.actor.fetchAvatar', output: { data_url: '' } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'profile.copy', text: 'AB12' });
    deferred.settle({ type: 'xstate.done.actor.copyText', output: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['showToast:{"tone":"error","message":{"key":"settings.copyFailed"}}']);
    actor.send({ type: 'profile.uploadAvatar', file: { size: 300 * 1024, type: 'image/png' } });
    expect(deferred.inputsOf('uploadAvatar')).toEqual([]);
    expect(log.at(-1)).toContain('settings.avatarTooLarge');
  });

  it('takes a nickname save pressed while the avatar is still loading', async () => {
    const deferred = standInsFor(profileModel.machine);
    const actor = createActor(profileModel.machine.provide({ actors: deferred.actors })).start();
    expect(actor.getSnapshot().matches({ avatar: 'loading' })).toBe(true);
    actor.send({ type: 'profile.saveNickname', nickname: 'Ada' });
    expect(actor.getSnapshot().matches({ work: 'savingNickname' })).toBe(true);
    expect(deferred.inputsOf('saveNickname')).toEqual([{ nickname: 'Ada' }]);
  });
});
