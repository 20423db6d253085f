import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MY_FEES_FIXTURE } from '../../src/features/fees/machines/myFees/myFees.fixtures';
import { feesDeskModel } from '../../src/features/fees/machines/feesDesk/feesDesk.model';
import { FEES_DESK_FIXTURE } from '../../src/features/fees/machines/feesDesk/feesDesk.fixtures';
import { feesDeskMachine } from '../../src/features/fees/machines/feesDesk/feesDesk.machine';
import { myFeesModel } from '../../src/features/fees/machines/myFees/myFees.model';
import { createActor, type EventObject } from 'xstate';
import { describeModel, runModel, standInsFor } from './harness';

/**
 * The user's fees page (issue 52 §2): its generated paths, and scenarios — it reads the user's
 * fees once, shows spot or futures markets, and after a failed read reads again on retry.
 */
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('myFees (generated paths)', () => describeModel(myFeesModel));

describe('myFees (scenarios)', () => {
  it('reads the fees, then switches between spot and futures markets', async () => {
    const run = runModel(myFeesModel, { log: ['showToast'] });
    await run.settle({ type: 'xstate.done.actor.fetchMyFees', output: MY_FEES_FIXTURE });
    expect(run.actor.getSnapshot().value).toBe('shown');
    expect(run.actor.getSnapshot().context.fees?.tier).toBe(1);
    run.actor.send({ type: 'fees.show', product: 'futures' });
    expect(run.actor.getSnapshot().context.product).toBe('futures');
  });

  it('a failed read says so (toast) and retry reads again', async () => {
    const run = runModel(myFeesModel, { log: ['showToast'] });
    await run.settle({ type: 'xstate.error.actor.fetchMyFees', error: { kind: 'network' } });
    expect(run.actor.getSnapshot().value).toBe('failed');
    expect(run.log.some((entry) => entry.startsWith('showToast'))).toBe(true);
    run.actor.send({ type: 'fees.retry' });
    expect(run.actor.getSnapshot().value).toBe('loading');
  });
});

describe('feesDesk (generated paths)', () => describeModel(feesDeskModel));

/** The desk with deferred stand-ins and a toast log, for an operator whose roles grant `input`. */
function startDesk(input = { mayEdit: true, mayOverride: true }) {
  const deferred = standInsFor(feesDeskMachine);
  const toasts: unknown[] = [];
  const machine = feesDeskMachine.provide({ actors: deferred.actors, actions: { showToast: (_: unknown, params: unknown) => void toasts.push(params) } });
  const actor = createActor(machine, { input }).start();
  const settle = async (event: EventObject & { output?: unknown; error?: unknown }) => {
    deferred.settle(event);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { actor, deferred, toasts, settle, reads: () => deferred.inputsOf('fetchDesk').length };
}

describe('feesDesk edits (scenarios)', () => {
  it('replaces the tiers only when they climb and once confirmed with a 2FA code; a refusal stays under the confirmation; saved, it closes and reads the desk again', async () => {
    const t = startDesk();
    t.actor.send({ type: 'desk.editTiers' });
    expect(t.actor.getSnapshot().value).toEqual({ desk: 'loading', edit: 'closed' });
    await t.settle({ type: 'xstate.done.actor.fetchDesk', output: FEES_DESK_FIXTURE });
    t.actor.send({ type: 'desk.editTiers' });
    expect(t.actor.getSnapshot().value).toEqual({ desk: 'shown', edit: { tiers: 'editing' } });
    // Tier 0 from 0, climbing: anything else is not sent.
    t.actor.send({ type: 'desk.submitTiers', tiers: [{ tier: 0, min_volume_usdt: '10' }] });
    t.actor.send({ type: 'desk.submitTiers', tiers: [{ tier: 0, min_volume_usdt: '0' }, { tier: 1, min_volume_usdt: '0' }] });
    t.actor.send({ type: 'desk.submitTiers', tiers: [] });
    expect(t.deferred.inputsOf('saveTiers')).toHaveLength(0);
    const tiers = [{ tier: 0, min_volume_usdt: '0' }, { tier: 1, min_volume_usdt: '500000' }, { tier: 2, min_volume_usdt: '5000000' }];
    // A sendable table is held for its confirmation, not sent; back to the form, it is still held.
    t.actor.send({ type: 'desk.submitTiers', tiers });
    expect(t.actor.getSnapshot().value).toEqual({ desk: 'shown', edit: { tiers: 'confirming' } });
    expect(t.actor.getSnapshot().context.pending).toEqual({ kind: 'tiers', tiers });
    t.actor.send({ type: 'desk.backToForm' });
    expect(t.actor.getSnapshot().value).toEqual({ desk: 'shown', edit: { tiers: 'editing' } });
    t.actor.send({ type: 'desk.submitTiers', tiers });
    // No code, or a malformed one: nothing is sent.
    t.actor.send({ type: 'desk.confirmEdit', code: '' });
    t.actor.send({ type: 'desk.confirmEdit', code: '12' });
    expect(t.deferred.inputsOf('saveTiers')).toHaveLength(0);
    t.actor.send({ type: 'desk.confirmEdit', code: ' 123456 ' });
    expect(t.deferred.inputsOf('saveTiers')).toEqual([{ tiers, code: '123456' }]);
    t.actor.send({ type: 'desk.closeEdit' });
    t.actor.send({ type: 'desk.backToForm' });
    expect(t.actor.getSnapshot().value).toEqual({ desk: 'shown', edit: { tiers: 'sending' } });
    await t.settle({ type: 'xstate.error.actor.saveTiers', error: { kind: 'server', serverMessage: 'A schedule row names a tier this edit removes' } });
    expect(t.actor.getSnapshot().value).toEqual({ desk: 'shown', edit: { tiers: 'confirming' } });
    expect(t.actor.getSnapshot().context.refusal).toEqual({ text: 'A schedule row names a tier this edit removes' });
    t.actor.send({ type: 'desk.confirmEdit', code: '654321' });
    expect(t.actor.getSnapshot().context.refusal).toBeUndefined();
    await t.settle({ type: 'xstate.done.actor.saveTiers', output: tiers });
    expect(t.actor.getSnapshot().value).toEqual({ desk: 'loading', edit: 'closed' });
    expect(t.toasts).toEqual([{ tone: 'success', message: { key: 'fees.form.saved' } }]);
    expect(t.reads()).toBe(2);
    expect(t.actor.getSnapshot().context.pending).toBeUndefined();
  });

  it('sets a schedule row with a rebate within the taker rate, removes one without rates, and refuses a futures rebate', async () => {
    const t = startDesk();
    await t.settle({ type: 'xstate.done.actor.fetchDesk', output: FEES_DESK_FIXTURE });
    const row = FEES_DESK_FIXTURE.schedule[2]!;
    t.actor.send({ type: 'desk.editSchedule', row });
    expect(t.actor.getSnapshot().context.form).toEqual({ kind: 'schedule', row });
    t.actor.send({ type: 'desk.submitSchedule', edit: { ...row, maker: '-0.001', taker: '0.0005' } });
    t.actor.send({ type: 'desk.submitSchedule', edit: { ...row, product: 'futures', maker: '-0.0001' } });
    t.actor.send({ type: 'desk.submitSchedule', edit: { ...row, taker: '-0.0001' } });
    t.actor.send({ type: 'desk.submitSchedule', edit: { ...row, maker: '1' } });
    expect(t.deferred.inputsOf('saveSchedule')).toHaveLength(0);
    expect(t.actor.getSnapshot().value).toEqual({ desk: 'shown', edit: { schedule: 'editing' } });
    t.actor.send({ type: 'desk.submitSchedule', edit: { ...row, maker: '', taker: '', remove: true } });
    expect(t.deferred.inputsOf('saveSchedule')).toHaveLength(0);
    t.actor.send({ type: 'desk.confirmEdit', code: '123456' });
    expect(t.deferred.inputsOf('saveSchedule')).toEqual([{ ...row, maker: '', taker: '', remove: true, code: '123456' }]);
    await t.settle({ type: 'xstate.done.actor.saveSchedule', output: row });
    t.actor.send({ type: 'desk.editSchedule' });
    expect(t.actor.getSnapshot().context.form).toEqual({ kind: 'schedule', row: undefined });
    t.actor.send({ type: 'desk.submitSchedule', edit: { product: 'spot', market: '*', tier: 1, maker: '-0.0002', taker: '0.0004' } });
    t.actor.send({ type: 'desk.confirmEdit', code: 'ABCDE-12345' });
    expect(t.deferred.inputsOf('saveSchedule').at(-1)).toEqual({ product: 'spot', market: '*', tier: 1, maker: '-0.0002', taker: '0.0004', code: 'ABCDE-12345' });
  });

  it("sets or ends a user's override only with a well-formed 2FA code, sent as code", async () => {
    const t = startDesk();
    await t.settle({ type: 'xstate.done.actor.fetchDesk', output: FEES_DESK_FIXTURE });
    t.actor.send({ type: 'desk.editOverride' });
    const edit = { user_id: 42, product: 'spot' as const, market: 'BTC_USDT', maker: '-0.0002', taker: '0.0004', ends_ms: Date.UTC(2027, 0, 1) };
    t.actor.send({ type: 'desk.submitOverride', edit, code: '12' });
    t.actor.send({ type: 'desk.submitOverride', edit: { ...edit, ends_ms: Number.NaN }, code: '123456' });
    t.actor.send({ type: 'desk.submitOverride', edit: { ...edit, taker: '-0.1' }, code: '123456' });
    expect(t.deferred.inputsOf('saveOverride')).toHaveLength(0);
    t.actor.send({ type: 'desk.submitOverride', edit, code: ' 123456 ' });
    expect(t.deferred.inputsOf('saveOverride')).toEqual([{ ...edit, code: '123456' }]);
    await t.settle({ type: 'xstate.error.actor.saveOverride', error: { kind: 'server', serverMessage: 'Wrong verification code' } });
    expect(t.actor.getSnapshot().value).toEqual({ desk: 'shown', edit: { override: 'editing' } });
    t.actor.send({ type: 'desk.submitOverride', edit: { user_id: 42, product: 'spot', market: 'BTC_USDT', end: true }, code: 'ABCDE-12345' });
    expect(t.deferred.inputsOf('saveOverride').at(-1)).toEqual({ user_id: 42, product: 'spot', market: 'BTC_USDT', end: true, code: 'ABCDE-12345' });
  });

  it('an auditor opens no form; finance without fees.override opens no override', async () => {
    const auditor = startDesk({ mayEdit: false, mayOverride: false });
    await auditor.settle({ type: 'xstate.done.actor.fetchDesk', output: FEES_DESK_FIXTURE });
    auditor.actor.send({ type: 'desk.editTiers' });
    auditor.actor.send({ type: 'desk.editSchedule' });
    auditor.actor.send({ type: 'desk.editOverride' });
    expect(auditor.actor.getSnapshot().value).toEqual({ desk: 'shown', edit: 'closed' });
    const editor = startDesk({ mayEdit: true, mayOverride: false });
    await editor.settle({ type: 'xstate.done.actor.fetchDesk', output: FEES_DESK_FIXTURE });
    editor.actor.send({ type: 'desk.editOverride' });
    expect(editor.actor.getSnapshot().value).toEqual({ desk: 'shown', edit: 'closed' });
    editor.actor.send({ type: 'desk.editSchedule' });
    expect(editor.actor.getSnapshot().value).toEqual({ desk: 'shown', edit: { schedule: 'editing' } });
  });
});
