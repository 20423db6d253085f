import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { kycModel } from '../../src/features/kyc/machines/kyc/kyc.model';
import type { MachineModel } from '../../src/app/machines/model.types';
import { kycReviewModel } from '../../src/features/kyc/machines/kycReview/kycReview.model';
import { operatorSessionModel } from '../../src/features/operator/machines/operatorSession/operatorSession.model';
import { standInsFor } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const ACTIONS = ['showToast', 'refreshSession', 'persist', 'clearStored', 'revokeToken'];

function setUp(model: MachineModel, promiseActors: string[], input?: unknown) {
  const deferred = standInsFor(model.machine);
  const log: string[] = [];
  const actions = Object.fromEntries(ACTIONS.map((name) => [name, (_: unknown, params?: unknown) => void log.push(params === undefined ? name : `${name}:${JSON.stringify(params)}`)]));
  const machine = model.machine.provide({ actors: deferred.actors, actions });
  const actor = createActor(machine, { input: input }).start();
  return { deferred, log, machine, actor };
}

const blob = new Blob([new Uint8Array([1])], { type: 'image/png' });
const fields = { name: 'Ada', id_number: 'X1', front: blob, back: blob };

describe('identity machine (scenarios)', () => {

  it('shows the reason after a failed review, resubmits, and says "submitted and awaiting review"', async () => {
    const { deferred, log, actor } = setUp(kycModel, ['fetchStatus', 'submitIdentity']);
    deferred.settle({ type: 'xstate.done.actor.fetchStatus', output: { name_status: 4, reason: 'Blurred', submission_id: 1 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.reason).toBe('Blurred');
    actor.send({ type: 'identity.submit', fields });
    actor.send({ type: 'identity.submit', fields });
    expect(deferred.inputsOf('submitIdentity')).toEqual([fields]);
    deferred.settle({ type: 'xstate.done.actor.submitIdentity', output: { name_status: 2, reason: '', submission_id: 2 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('pending');
    expect(actor.getSnapshot().context).toMatchObject({ status: 2, reason: '', fields: undefined });
    expect(log).toContain('showToast:{"tone":"success","message":{"key":"identity.submitted"}}');
    expect(log.filter((l) => l === 'refreshSession')).toHaveLength(2);
  });

  it('leaves "Pending review" when the operator\'s decision is pushed, without "Check again" (issue 37 §13)', async () => {
    const { deferred, log, actor } = setUp(kycModel, ['fetchStatus', 'submitIdentity']);
    deferred.settle({ type: 'xstate.done.actor.fetchStatus', output: { name_status: 2, reason: '', submission_id: 1 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('pending');
    actor.send({ type: 'identity.pushed' });
    expect(actor.getSnapshot().value).toBe('loading');
    deferred.settle({ type: 'xstate.done.actor.fetchStatus', output: { name_status: 3, reason: '', submission_id: 1 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('verified');
    expect(log.filter((l) => l === 'refreshSession')).toHaveLength(2);
  });

  it('a decision pushed while "Check again" is reading has the status read again (the answer under way may still say pending)', async () => {
    const { deferred, actor } = setUp(kycModel, ['fetchStatus', 'submitIdentity']);
    deferred.settle({ type: 'xstate.done.actor.fetchStatus', output: { name_status: 2, reason: '', submission_id: 1 } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'identity.reload' });
    actor.send({ type: 'identity.pushed' });
    expect(deferred.inputsOf('fetchStatus')).toHaveLength(3);
  });
});

describe('operator session machine (scenarios)', () => {

  it('a 403 from any operator call ends the operator session and clears only its storage', () => {
    const { log, actor } = setUp(operatorSessionModel, ['login'], { token: 'op', operator: { id: 1, account: 'r' } });
    expect(actor.getSnapshot().value).toBe('signedIn');
    actor.send({ type: 'operator.forbidden' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.token).toBeUndefined();
    expect(log).toContain('clearStored');
  });
});

/** The review desk with submission 7 open; approving and rejecting ask the reviewer's 2FA code, acting with deferred stand-ins. */
async function reviewing(input?: { clock: () => number }) {
  const deferred = standInsFor(kycReviewModel.machine);
  const log: string[] = [];
  const showToast = (_: unknown, params: unknown) => void log.push(`showToast:${JSON.stringify(params)}`);
  const actor = createActor(kycReviewModel.machine.provide({ actors: deferred.actors, actions: { showToast } }), { input }).start();
  deferred.settle({ type: 'xstate.done.actor.fetchQueue', output: { list: [], total: 0, page: 1, size: 20 } });
  await vi.advanceTimersByTimeAsync(0);
  actor.send({ type: 'review.open', id: 7 });
  deferred.settle({ type: 'xstate.done.actor.fetchDetail', output: { submission: {}, front: '', back: '' } });
  await vi.advanceTimersByTimeAsync(0);
  return { deferred, log, actor };
}

describe('operator review machine (scenarios)', () => {

  it("a row's Review clicked while the queue is read again, or after a reread failed, opens that submission", async () => {
    const { deferred, actor } = await reviewing();
    // Back to the queue: it is read again, and the rows shown meanwhile are the last ones read.
    actor.send({ type: 'review.back' });
    expect(actor.getSnapshot().value).toBe('loading');
    actor.send({ type: 'review.open', id: 9 });
    expect(actor.getSnapshot().value).toBe('loadingDetail');
    expect(deferred.inputsOf('fetchDetail').at(-1)).toEqual({ id: 9 });
    deferred.settle({ type: 'xstate.error.actor.fetchDetail', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'review.reload' });
    deferred.settle({ type: 'xstate.error.actor.fetchQueue', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('loadFailed');
    actor.send({ type: 'review.open', id: 11 });
    expect(actor.getSnapshot().value).toBe('loadingDetail');
    expect(deferred.inputsOf('fetchDetail').at(-1)).toEqual({ id: 11 });
  });

  it('searches the queue from its first page, pages through it, and keeps both when it is read again', async () => {
    const { deferred, actor } = await reviewing();
    expect(deferred.inputsOf('fetchQueue')).toEqual([{ search: '', page: 1, size: 20 }]);
    actor.send({ type: 'review.back' });
    deferred.settle({ type: 'xstate.done.actor.fetchQueue', output: { list: [], total: 45, page: 1, size: 20 } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'review.page', page: 3 });
    expect(deferred.inputsOf('fetchQueue').at(-1)).toEqual({ search: '', page: 3, size: 20 });
    deferred.settle({ type: 'xstate.done.actor.fetchQueue', output: { list: [], total: 45, page: 3, size: 20 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toMatchObject({ page: 3, total: 45 });
    // A search starts again from the first page; one typed while a read is under way replaces it.
    actor.send({ type: 'review.search', search: ' ada@example ' });
    actor.send({ type: 'review.search', search: '10001' });
    expect(deferred.inputsOf('fetchQueue').slice(-2)).toEqual([{ search: 'ada@example', page: 1, size: 20 }, { search: '10001', page: 1, size: 20 }]);
    deferred.settle({ type: 'xstate.done.actor.fetchQueue', output: { list: [], total: 0, page: 1, size: 20 } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'review.reload' });
    expect(deferred.inputsOf('fetchQueue').at(-1)).toEqual({ search: '10001', page: 1, size: 20 });
  });

  it("rejects only with a reason and the reviewer's 2FA code, sends them trimmed, then reads the queue again", async () => {
    const { deferred, log, actor } = await reviewing();
    actor.send({ type: 'review.reject' });
    actor.send({ type: 'review.confirm', reason: ' ' });
    expect(actor.getSnapshot().matches('confirmingReject')).toBe(true);
    // Said at the reason's field, not as a toast; nothing sent.
    expect(actor.getSnapshot().context.reasonMissing).toBe(true);
    expect(log.some((l) => l.includes('reasonRequired'))).toBe(false);
    expect(deferred.inputsOf('reject')).toEqual([]);
    actor.send({ type: 'review.confirm', reason: ' Blurred ', code: '12' });
    expect(actor.getSnapshot().context.refusal).toEqual({ key: 'operator.codeInvalid' });
    expect(actor.getSnapshot().context.reasonMissing).toBe(false);
    actor.send({ type: 'review.confirm', reason: ' Blurred ', code: ' 123456 ' });
    expect(deferred.inputsOf('reject')).toEqual([{ id: 7, reason: 'Blurred', code: '123456' }]);
    deferred.settle({ type: 'xstate.done.actor.reject', output: {} });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(deferred.inputsOf('fetchQueue')).toHaveLength(2);
  });

  it("approves only with the reviewer's 2FA code, once; a refusal is said in the dialog, which stays open; then reads the queue again", async () => {
    const { deferred, log, actor } = await reviewing();
    actor.send({ type: 'review.approve' });
    actor.send({ type: 'review.cancel' });
    expect(actor.getSnapshot().value).toBe('detail');
    actor.send({ type: 'review.approve' });
    actor.send({ type: 'review.confirm', code: 'abc' });
    expect(actor.getSnapshot().matches('confirmingApprove')).toBe(true);
    expect(actor.getSnapshot().context.refusal).toEqual({ key: 'operator.codeInvalid' });
    expect(deferred.inputsOf('approve')).toEqual([]);
    actor.send({ type: 'review.confirm', code: '123456' });
    actor.send({ type: 'review.confirm', code: '123456' });
    expect(deferred.inputsOf('approve')).toEqual([{ id: 7, code: '123456' }]);
    deferred.settle({ type: 'xstate.error.actor.approve', error: { kind: 'server', serverMessage: 'Wrong or already used authentication code' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('confirmingApprove')).toBe(true);
    expect(actor.getSnapshot().context.refusal).toEqual({ text: 'Wrong or already used authentication code' });
    actor.send({ type: 'review.confirm', code: '654321' });
    expect(deferred.inputsOf('approve').at(-1)).toEqual({ id: 7, code: '654321' });
    deferred.settle({ type: 'xstate.done.actor.approve', output: {} });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(log).toContain('showToast:{"tone":"success","message":{"key":"operator.approved"}}');
    expect(deferred.inputsOf('fetchQueue')).toHaveLength(2);
  });
  it('within the step-up window sends a decision with no code; a refusal (the window ran out) is said in the dialog, which reads the window again and asks a code', async () => {
    const { deferred, actor } = await reviewing();
    actor.send({ type: 'review.approve' });
    // Not stepped up (yet): an empty code is no code.
    actor.send({ type: 'review.confirm', code: '' });
    expect(actor.getSnapshot().context.refusal).toEqual({ key: 'operator.codeInvalid' });
    deferred.settle({ type: 'xstate.done.actor.readStepUp', output: 1_900_000_000_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.stepUpUntil).toBe(1_900_000_000_000);
    actor.send({ type: 'review.confirm', code: '  ' });
    expect(deferred.inputsOf('approve')).toEqual([{ id: 7 }]);
    deferred.settle({ type: 'xstate.error.actor.approve', error: { kind: 'server', serverMessage: 'Enter your authentication code' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('confirmingApprove')).toBe(true);
    expect(actor.getSnapshot().context.refusal).toEqual({ text: 'Enter your authentication code' });
    deferred.settle({ type: 'xstate.done.actor.readStepUp', output: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.stepUpUntil).toBeNull();
    actor.send({ type: 'review.confirm', code: '' });
    expect(deferred.inputsOf('approve')).toHaveLength(1);
    actor.send({ type: 'review.confirm', code: '123456' });
    expect(deferred.inputsOf('approve').at(-1)).toEqual({ id: 7, code: '123456' });
  });

  it("forgets an earlier dialog's window as a dialog opens, and takes an ended window for none: an empty code is then refused", async () => {
    let now = 1_000_000;
    const { deferred, actor } = await reviewing({ clock: () => now });
    actor.send({ type: 'review.approve' });
    deferred.settle({ type: 'xstate.done.actor.readStepUp', output: now + 60_000 });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'review.cancel' });
    // The next dialog's read has not answered: the window the last one read is not this one's.
    actor.send({ type: 'review.reject' });
    expect(actor.getSnapshot().context.stepUpUntil).toBeNull();
    actor.send({ type: 'review.confirm', reason: 'Blurred', code: '' });
    expect(actor.getSnapshot().context.refusal).toEqual({ key: 'operator.codeInvalid' });
    deferred.settle({ type: 'xstate.done.actor.readStepUp', output: now + 60_000 });
    await vi.advanceTimersByTimeAsync(0);
    // At its end the window is over, as the server counts it (stepUp.ts); a moment before, it is not.
    now += 60_000;
    actor.send({ type: 'review.confirm', reason: 'Blurred', code: '' });
    expect(deferred.inputsOf('reject')).toEqual([]);
    now -= 1;
    actor.send({ type: 'review.confirm', reason: 'Blurred', code: '' });
    expect(deferred.inputsOf('reject')).toEqual([{ id: 7, reason: 'Blurred' }]);
  });

  it('forgets the window when it ends while the dialog stays open (the note goes), and then refuses an empty code', async () => {
    const { deferred, actor } = await reviewing();
    actor.send({ type: 'review.approve' });
    deferred.settle({ type: 'xstate.done.actor.readStepUp', output: Date.now() + 60_000 });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(actor.getSnapshot().context.stepUpUntil).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context.stepUpUntil).toBeNull();
    actor.send({ type: 'review.confirm', code: '' });
    expect(actor.getSnapshot().context.refusal).toEqual({ key: 'operator.codeInvalid' });
    expect(deferred.inputsOf('approve')).toEqual([]);
  });
});
