import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldBelowMinimum, heldDelisted, operatorHeldDepositsModel, RETURN_ADDRESS } from '../../src/features/wallet/machines/operatorHeldDeposits/operatorHeldDeposits.model';
import { describeModel, startPagedDesk } from './harness';

/**
 * The held deposits desk: its generated paths, and scenarios as the desk drives them — the list read
 * at once, a credit only of a below-minimum deposit and only with a code-shaped 2FA code, a return
 * only with an address typed, both sent trimmed; the server's refusal shown in the dialog that stays
 * open (the code emptied), and the list read again after each decision and each refusal; within the
 * session's step-up window (read as a dialog opens) no code at all.
 */
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('operatorHeldDeposits (generated paths)', () => describeModel(operatorHeldDepositsModel));

/** The desk with its list child on deferred page reads and a toast log. */
const desk = (input?: { clock: () => number }) => startPagedDesk(operatorHeldDepositsModel.machine, { input });

const page = { list: [heldBelowMinimum, heldDelisted], total: 2 };

describe('operatorHeldDeposits (scenarios)', () => {
  it('reads the held deposits at once; a delisted deposit opens no credit', async () => {
    const t = desk();
    expect(t.reads()).toEqual([{ filter: {}, page: 1, size: 10 }]);
    await t.settleList(page);
    expect(t.listRef().getSnapshot().context).toMatchObject({ rows: page.list });
    t.actor.send({ type: 'held.credit', id: heldDelisted.id, reason: 'delisted' });
    expect(t.actor.getSnapshot().value).toBe('idle');
  });

  it('credits only with a code-shaped 2FA code, sent trimmed; a refusal stays in the dialog with the code emptied, and the list is read again', async () => {
    const t = desk();
    await t.settleList(page);
    t.actor.send({ type: 'held.credit', id: heldBelowMinimum.id, reason: 'below_minimum' });
    t.actor.send({ type: 'held.edit', field: 'code', value: '12' });
    t.actor.send({ type: 'held.submit' });
    expect(t.actor.getSnapshot().matches({ crediting: 'editing' })).toBe(true);
    expect(t.actor.getSnapshot().context.refusal).toEqual({ key: 'wallet.held.codeInvalid' });
    expect(t.effects.inputsOf('creditHeldDeposit')).toEqual([]);
    t.actor.send({ type: 'held.edit', field: 'code', value: ' 123456 ' });
    t.actor.send({ type: 'held.submit' });
    expect(t.effects.inputsOf('creditHeldDeposit')).toEqual([{ id: heldBelowMinimum.id, code: '123456' }]);
    // Sending: a close is not heard.
    t.actor.send({ type: 'held.close' });
    expect(t.actor.getSnapshot().value).toEqual({ crediting: 'sending' });
    await t.settle({ type: 'xstate.error.actor.creditHeldDeposit', error: { kind: 'server', serverMessage: 'This deposit is no longer held: it has already been resolved' } });
    expect(t.actor.getSnapshot().matches({ crediting: 'editing' })).toBe(true);
    expect(t.actor.getSnapshot().context).toMatchObject({ code: '', refusal: { text: 'This deposit is no longer held: it has already been resolved' } });
    expect(t.reads()).toHaveLength(2);
    t.actor.send({ type: 'held.edit', field: 'code', value: '654321' });
    t.actor.send({ type: 'held.submit' });
    await t.settle({ type: 'xstate.done.actor.creditHeldDeposit', output: { id: heldBelowMinimum.id, status: 3, fee: '0.5', credited: '9.49' } });
    expect(t.actor.getSnapshot().value).toBe('idle');
    expect(t.actor.getSnapshot().context).toMatchObject({ target: undefined, code: '', refusal: undefined });
    expect(JSON.stringify(t.toasts.at(-1))).toContain('wallet.held.credited');
    expect(t.reads()).toHaveLength(3);
  });

  it('returns only with an address typed and a code, both sent trimmed, then reads the list again', async () => {
    const t = desk();
    await t.settleList(page);
    t.actor.send({ type: 'held.return', id: heldDelisted.id });
    t.actor.send({ type: 'held.edit', field: 'code', value: '123456' });
    t.actor.send({ type: 'held.submit' });
    expect(t.actor.getSnapshot().context.refusal).toEqual({ key: 'wallet.held.addressRequired' });
    t.actor.send({ type: 'held.edit', field: 'address', value: ` ${RETURN_ADDRESS} ` });
    t.actor.send({ type: 'held.edit', field: 'code', value: '1234' });
    t.actor.send({ type: 'held.submit' });
    expect(t.actor.getSnapshot().matches({ returning: 'editing' })).toBe(true);
    expect(t.actor.getSnapshot().context.refusal).toEqual({ key: 'wallet.held.codeInvalid' });
    t.actor.send({ type: 'held.edit', field: 'code', value: '123456' });
    t.actor.send({ type: 'held.submit' });
    expect(t.effects.inputsOf('returnHeldDeposit')).toEqual([{ id: heldDelisted.id, address: RETURN_ADDRESS, code: '123456' }]);
    await t.settle({ type: 'xstate.done.actor.returnHeldDeposit', output: { id: heldDelisted.id, status: 5, return_address: RETURN_ADDRESS, return_tx_hash: '0xabc' } });
    expect(t.actor.getSnapshot().value).toBe('idle');
    expect(JSON.stringify(t.toasts.at(-1))).toContain('wallet.held.returned');
    expect(t.reads()).toHaveLength(2);
  });

  it('within the step-up window credits and returns with no code sent; a refusal (the window ran out) reads the window again and asks a code', async () => {
    const t = desk();
    await t.settleList(page);
    t.actor.send({ type: 'held.credit', id: heldBelowMinimum.id, reason: 'below_minimum' });
    await t.settle({ type: 'xstate.done.actor.readStepUp', output: 1_900_000_000_000 });
    expect(t.actor.getSnapshot().context.stepUpUntil).toBe(1_900_000_000_000);
    t.actor.send({ type: 'held.submit' });
    expect(t.effects.inputsOf('creditHeldDeposit')).toEqual([{ id: heldBelowMinimum.id }]);
    await t.settle({ type: 'xstate.error.actor.creditHeldDeposit', error: { kind: 'server', serverMessage: 'Enter your authentication code' } });
    expect(t.actor.getSnapshot().matches({ crediting: 'editing' })).toBe(true);
    expect(t.actor.getSnapshot().context.refusal).toEqual({ text: 'Enter your authentication code' });
    await t.settle({ type: 'xstate.error.actor.readStepUp', error: { kind: 'network' } });
    expect(t.actor.getSnapshot().context.stepUpUntil).toBeNull();
    t.actor.send({ type: 'held.submit' });
    expect(t.actor.getSnapshot().context.refusal).toEqual({ key: 'wallet.held.codeInvalid' });
    expect(t.effects.inputsOf('creditHeldDeposit')).toHaveLength(1);
    t.actor.send({ type: 'held.close' });

    t.actor.send({ type: 'held.return', id: heldDelisted.id });
    await t.settle({ type: 'xstate.done.actor.readStepUp', output: 1_900_000_000_000 });
    t.actor.send({ type: 'held.edit', field: 'address', value: RETURN_ADDRESS });
    t.actor.send({ type: 'held.submit' });
    expect(t.effects.inputsOf('returnHeldDeposit')).toEqual([{ id: heldDelisted.id, address: RETURN_ADDRESS }]);
  });

  it("forgets an earlier dialog's window as a dialog opens, and takes an ended window for none: an empty code is then refused", async () => {
    let now = 1_000_000;
    const t = desk({ clock: () => now });
    await t.settleList(page);
    t.actor.send({ type: 'held.credit', id: heldBelowMinimum.id, reason: 'below_minimum' });
    await t.settle({ type: 'xstate.done.actor.readStepUp', output: now + 60_000 });
    t.actor.send({ type: 'held.close' });
    // The next dialog's read has not answered: the window the last one read is not this one's.
    t.actor.send({ type: 'held.credit', id: heldBelowMinimum.id, reason: 'below_minimum' });
    expect(t.actor.getSnapshot().context.stepUpUntil).toBeNull();
    t.actor.send({ type: 'held.submit' });
    expect(t.actor.getSnapshot().context.refusal).toEqual({ key: 'wallet.held.codeInvalid' });
    await t.settle({ type: 'xstate.done.actor.readStepUp', output: now + 60_000 });
    // At its end the window is over, as the server counts it (stepUp.ts); a moment before, it is not.
    now += 60_000;
    t.actor.send({ type: 'held.submit' });
    expect(t.effects.inputsOf('creditHeldDeposit')).toEqual([]);
    now -= 1;
    t.actor.send({ type: 'held.submit' });
    expect(t.effects.inputsOf('creditHeldDeposit')).toEqual([{ id: heldBelowMinimum.id }]);
  });

  it('forgets the window when it ends while the dialog stays open (the note goes), and then refuses an empty code', async () => {
    const t = desk();
    await t.settleList(page);
    t.actor.send({ type: 'held.return', id: heldDelisted.id });
    await t.settle({ type: 'xstate.done.actor.readStepUp', output: Date.now() + 60_000 });
    t.actor.send({ type: 'held.edit', field: 'address', value: RETURN_ADDRESS });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(t.actor.getSnapshot().context.stepUpUntil).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(t.actor.getSnapshot().context.stepUpUntil).toBeNull();
    t.actor.send({ type: 'held.submit' });
    expect(t.actor.getSnapshot().context.refusal).toEqual({ key: 'wallet.held.codeInvalid' });
    expect(t.effects.inputsOf('returnHeldDeposit')).toEqual([]);
  });

  it('a closed dialog forgets its fields', () => {
    const t = desk();
    t.actor.send({ type: 'held.return', id: heldDelisted.id });
    t.actor.send({ type: 'held.edit', field: 'address', value: RETURN_ADDRESS });
    t.actor.send({ type: 'held.close' });
    expect(t.actor.getSnapshot().context).toMatchObject({ target: undefined, address: '', code: '' });
  });
});
