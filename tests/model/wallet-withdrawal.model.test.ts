import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookAddress, quota, withdrawalModel } from '../../src/features/wallet/machines/withdrawal/withdrawal.model';
import { limitsOf } from '../../src/features/wallet/machines/withdrawal/withdrawal.machine';
import { withdrawalProblem } from '../../domain/walletValidation';
import type { WithdrawQuota } from '../../domain/wallet';
import { currencies, network, setUp } from './walletScenario';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const WITHDRAW_ACTORS = ['fetchNetworks', 'fetchQuota', 'fetchAddresses', 'submitWithdrawal', 'checkFundsPassword'];

describe('withdrawal machine (scenarios)', () => {
  async function toEditing(withQuota: WithdrawQuota = quota) {
    const t = setUp(withdrawalModel, WITHDRAW_ACTORS, { currency: 'usdt', currencies });
    expect(t.actor.getSnapshot().value).toEqual({ loading: { networks: 'loading', quota: 'loading', book: 'loading' } });
    await t.settle({ type: 'xstate.done.actor.fetchQuota', output: withQuota });
    await t.settle({ type: 'xstate.done.actor.fetchAddresses', output: [bookAddress] });
    await t.settle({ type: 'xstate.done.actor.fetchNetworks', output: [network] });
    expect(t.actor.getSnapshot().value).toBe('editing');
    /** The funds password typed at the security step, and the server's check of it passing. */
    const pass = async (password: string) => {
      t.actor.send({ type: 'withdraw.password', password });
      await t.settle({ type: 'xstate.done.actor.checkFundsPassword', output: { ok: true } });
    };
    return { ...t, pass };
  }
  const form = { address: bookAddress.address, quantity: '25' };

  it('draw_turn 0: withdrawals are closed and nothing is loaded', () => {
    const { actor, deferred } = setUp(withdrawalModel, WITHDRAW_ACTORS, { currency: 'DOGE', currencies });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(deferred.inputsOf('fetchNetworks')).toHaveLength(0);
  });

  it('a security change\'s hold the quota names takes no submission: the form stays, nothing is asked', async () => {
    const { actor } = await toEditing({ ...quota, withdrawals_locked_until: Date.UTC(2026, 11, 1, 4, 42) });
    actor.send({ type: 'withdraw.submit', form });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('a quantity under the minimum is refused with its message and goes no further', async () => {
    const { actor, log } = await toEditing();
    actor.send({ type: 'withdraw.submit', form: { ...form, quantity: '9.5' } });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(log.at(-1)).toContain('wallet.validation.belowMinimum');
  });

  it('asks the funds password, confirms, submits once with one key, and says "withdrawal submitted, waiting for review" (issue 37 §11)', async () => {
    const { actor, deferred, log, settle, pass } = await toEditing();
    actor.send({ type: 'withdraw.submit', form: { address: ` ${form.address} `, quantity: '25' } });
    expect(actor.getSnapshot().matches('securityCheck')).toBe(true);
    actor.send({ type: 'withdraw.password', password: '' });
    expect(actor.getSnapshot().matches('securityCheck')).toBe(true);
    await pass('Funds2026');
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'withdraw.confirm' });
    actor.send({ type: 'withdraw.confirm' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(deferred.inputsOf('submitWithdrawal')).toEqual([
      { request: { currency: 'USDT', network: 'TRC20', address: form.address, quantity: '25', funds_password: 'Funds2026' }, idempotencyKey: 'local-key-1' },
    ]);
    await settle({ type: 'xstate.done.actor.submitWithdrawal', output: {} });
    expect(actor.getSnapshot().matches('done')).toBe(true);
    expect(actor.getSnapshot().context.fundsPassword).toBe('');
    expect(actor.getSnapshot().context.idempotencyKey).toBeUndefined();
    expect(log).toContain('showToast:{"tone":"success","message":{"key":"wallet.withdraw.submitted"}}');
    expect(log).toContain('withdrawn');
  });

  it('keeps the idempotency key when the same request is retried after a lost answer, and mints a new one when it changes', async () => {
    const { actor, deferred, settle, pass } = await toEditing();
    const attempt = async (quantity: string) => {
      actor.send({ type: 'withdraw.submit', form: { ...form, quantity } });
      await pass('Funds2026');
      actor.send({ type: 'withdraw.confirm' });
      await vi.advanceTimersByTimeAsync(2000);
    };
    await attempt('25');
    await settle({ type: 'xstate.error.actor.submitWithdrawal', error: { kind: 'network' } });
    expect(actor.getSnapshot().value).toBe('editing');
    await attempt('25');
    await settle({ type: 'xstate.error.actor.submitWithdrawal', error: { kind: 'network' } });
    await attempt('30');
    const keys = deferred.inputsOf('submitWithdrawal').map((i) => (i as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toEqual(['local-key-1', 'local-key-1', 'local-key-2']);
  });

  it('refuses a wrong funds password at the security step, before the confirmation, with the attempts left (issue 37 §11)', async () => {
    const { actor, deferred, log, settle } = await toEditing();
    actor.send({ type: 'withdraw.submit', form });
    actor.send({ type: 'withdraw.password', password: 'Wrong2026' });
    expect(actor.getSnapshot().value).toEqual({ securityCheck: 'verifying' });
    expect(deferred.inputsOf('checkFundsPassword')).toEqual([{ password: 'Wrong2026' }]);
    const wrong = { text: 'Incorrect funds password (4 attempts left)' };
    await settle({ type: 'xstate.error.actor.checkFundsPassword', error: { kind: 'server', serverMessage: wrong.text } });
    expect(actor.getSnapshot().value).toEqual({ securityCheck: 'asking' });
    // Issue 50 M1: said once, in the dialog (passwordRefusal); not toasted, not under the form (refusal).
    expect(actor.getSnapshot().context).toMatchObject({ passwordRefusal: wrong, refusal: undefined, fundsPassword: '' });
    expect(log.filter((l) => l.startsWith('showToast'))).toEqual([]);
    expect(deferred.inputsOf('submitWithdrawal')).toEqual([]);
    actor.send({ type: 'withdraw.password', password: '' });
    expect(actor.getSnapshot().context.passwordRefusal).toEqual({ key: 'validation.fundsPasswordRequired' });
    expect(log.filter((l) => l.startsWith('showToast'))).toEqual([]);
    actor.send({ type: 'withdraw.back' });
    expect(actor.getSnapshot().context).toMatchObject({ passwordRefusal: undefined, refusal: undefined });
  });

  it('allowlist on: an unsaved address, or a saved one not yet usable, is refused at the address before the funds password (issue 50 M16)', async () => {
    vi.setSystemTime(1_800_000_000_000);
    const t = setUp(withdrawalModel, WITHDRAW_ACTORS, { currency: 'USDT', currencies });
    const fresh = { ...bookAddress, id: 4, address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', usable_from: Date.now() + 3_600_000 };
    const matured = { ...bookAddress, usable_from: Date.now() - 1 };
    await t.settle({ type: 'xstate.done.actor.fetchQuota', output: { ...quota, allowlist: true } });
    await t.settle({ type: 'xstate.done.actor.fetchAddresses', output: [matured, fresh] });
    await t.settle({ type: 'xstate.done.actor.fetchNetworks', output: [network] });
    const limits = limitsOf(t.actor.getSnapshot().context, Date.now())!;
    expect(withdrawalProblem(limits, { address: fresh.address, quantity: '25' })).toBe('wallet.validation.notYetUsable');
    expect(withdrawalProblem(limits, { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', quantity: '25' })).toBe('wallet.validation.notInAllowlist');
    expect(withdrawalProblem(limits, { address: matured.address, quantity: '25' })).toBeUndefined();
    t.actor.send({ type: 'withdraw.submit', form: { address: fresh.address, quantity: '25' } });
    expect(t.actor.getSnapshot().value).toBe('editing');
    expect(t.log.at(-1)).toContain('wallet.validation.notYetUsable');
    t.actor.send({ type: 'withdraw.submit', form: { address: matured.address, quantity: '25' } });
    expect(t.actor.getSnapshot().matches('securityCheck')).toBe(true);
  });

  it('an address that is not of the chosen network is refused on the form, before the security step (issue 37 §11)', async () => {
    const { actor, log } = await toEditing();
    actor.send({ type: 'withdraw.submit', form: { address: '0x52908400098527886E0F7030069857D2E4169EE7', quantity: '25' } });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(log.at(-1)).toContain('wallet.validation.addressInvalid');
  });

  it('keeps the server\'s refusal (a wrong 2FA code) on the form until the next attempt (issue 11)', async () => {
    const { actor, log, settle, pass } = await toEditing();
    actor.send({ type: 'withdraw.submit', form });
    await pass('Funds2026');
    actor.send({ type: 'withdraw.confirm' });
    const refusal = { text: 'Incorrect funds password (4 attempts left)' };
    await settle({ type: 'xstate.error.actor.submitWithdrawal', error: { kind: 'server', serverMessage: refusal.text } });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.refusal).toEqual(refusal);
    // Issue 50 M1: once, on the form; no toast beside it.
    expect(log.filter((l) => l.startsWith('showToast:{"tone":"error"'))).toEqual([]);
    actor.send({ type: 'withdraw.submit', form });
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
  });

  it('reads the quota again after a withdrawal, so the available balance and the 24-hour use are the new ones (issue 11)', async () => {
    const { actor, deferred, settle, pass } = await toEditing();
    actor.send({ type: 'withdraw.submit', form });
    await pass('Funds2026');
    actor.send({ type: 'withdraw.confirm' });
    await settle({ type: 'xstate.done.actor.submitWithdrawal', output: {} });
    expect(actor.getSnapshot().value).toEqual({ done: 'refreshing' });
    expect(deferred.inputsOf('fetchQuota')).toEqual([{ currency: 'USDT' }, { currency: 'USDT' }]);
    const after = { ...quota, used_usdt: '26', remaining: '74', available: '224' };
    await settle({ type: 'xstate.done.actor.refreshQuota', output: after });
    expect(actor.getSnapshot().value).toEqual({ done: 'fresh' });
    expect(actor.getSnapshot().context.quota).toEqual(after);
  });

  it('a second confirm inside the 2000 ms window is dropped by the submit guard', async () => {
    const { actor, deferred, settle, pass } = await toEditing();
    actor.send({ type: 'withdraw.submit', form });
    await pass('Funds2026');
    actor.send({ type: 'withdraw.confirm' });
    await settle({ type: 'xstate.error.actor.submitWithdrawal', error: { kind: 'server', serverMessage: 'Wrong fund password' } });
    actor.send({ type: 'withdraw.submit', form });
    await pass('Funds2027');
    actor.send({ type: 'withdraw.confirm' });
    expect(actor.getSnapshot().value).toBe('confirming');
    await vi.advanceTimersByTimeAsync(2000);
    actor.send({ type: 'withdraw.confirm' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(deferred.inputsOf('submitWithdrawal')).toHaveLength(2);
  });
});
