import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CorrectionsDeskInput } from '../../src/features/wallet/machines/operatorCorrections/operatorCorrections.machine';
import { creditProposal, operatorCorrectionsModel, proposedCorrection } from '../../src/features/wallet/machines/operatorCorrections/operatorCorrections.model';
import { describeModel, startPagedDesk } from './harness';

/**
 * The corrections desk (issue 51 §4): its generated paths, and scenarios of the four-eyes flow as
 * the desk drives it — a proposal sent trimmed and read back, an approval only with a code-shaped
 * 2FA code, a refusal (the proposer's own approval, a wrong code) shown in the dialog that stays
 * open, a rejection only with a reason, and the list read again after each decision.
 */
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('operatorCorrections (generated paths)', () => describeModel(operatorCorrectionsModel));

/** The desk with its list child on deferred page reads and a toast log. */
const desk = (input: CorrectionsDeskInput = { self: 8, mayPropose: true, mayDecide: true }) => startPagedDesk(operatorCorrectionsModel.machine, { input });

const page = { list: [proposedCorrection], total: 1, extra: [{ currency: 'USDT', balance: '0', funded: '25.5', net_credited: '25.5' }] };

describe('operatorCorrections (scenarios)', () => {
  it('lists proposals first, with the corrections account beside the page; a state filter reads page 1 again', async () => {
    const t = desk();
    expect(t.reads()).toEqual([{ filter: { state: 'proposed' }, page: 1, size: 10 }]);
    await t.settleList(page);
    expect(t.listRef().getSnapshot().context).toMatchObject({ rows: [proposedCorrection], extra: page.extra });
    t.listRef().send({ type: 'list.filter', filter: { state: undefined } });
    expect(t.reads().at(-1)).toEqual({ filter: { state: undefined }, page: 1, size: 10 });
  });

  it('sends a proposal only when the one decimal rule and a reason allow it, trimmed; the server refusal stays in the form', async () => {
    const t = desk();
    await t.settleList(page);
    t.actor.send({ type: 'corrections.propose' });
    t.actor.send({ type: 'corrections.submitProposal', fields: { ...creditProposal, quantity: '01.5' } });
    t.actor.send({ type: 'corrections.submitProposal', fields: { ...creditProposal, quantity: '1.123456789' } });
    t.actor.send({ type: 'corrections.submitProposal', fields: { ...creditProposal, reason: ' ' } });
    expect(t.actor.getSnapshot().value).toEqual({ proposing: 'editing' });
    t.actor.send({ type: 'corrections.submitProposal', fields: creditProposal });
    expect(t.effects.inputsOf('proposeCorrection')).toEqual([
      { user_id: 42, currency: 'USDT', account: 'spot', direction: 'credit', quantity: '25.50', reason: 'Deposit 0xabc missed', reference: '0xabc' },
    ]);
    await t.settle({ type: 'xstate.error.actor.proposeCorrection', error: { kind: 'server', serverMessage: 'There is no user with id 42' } });
    expect(t.actor.getSnapshot().value).toEqual({ proposing: 'editing' });
    expect(t.actor.getSnapshot().context.refusal).toEqual({ text: 'There is no user with id 42' });
    t.actor.send({ type: 'corrections.submitProposal', fields: creditProposal });
    expect(t.actor.getSnapshot().context.refusal).toBeUndefined();
    await t.settle({ type: 'xstate.done.actor.proposeCorrection', output: proposedCorrection });
    expect(t.actor.getSnapshot().value).toBe('closed');
    expect(t.actor.getSnapshot().context.proposed).toBe(1);
    expect(JSON.stringify(t.toasts.at(-1))).toContain('corrections.proposed');
    expect(t.reads()).toHaveLength(2);
  });

  it('approves only with a code-shaped 2FA code; a refusal (the proposer, a wrong code) stays in the dialog and reads the list again', async () => {
    const t = desk();
    await t.settleList(page);
    t.actor.send({ type: 'corrections.approve', id: 9 });
    t.actor.send({ type: 'corrections.submitApproval', code: '12345' });
    t.actor.send({ type: 'corrections.submitApproval', code: '' });
    expect(t.actor.getSnapshot().value).toEqual({ approving: 'editing' });
    t.actor.send({ type: 'corrections.submitApproval', code: ' 123456 ' });
    expect(t.effects.inputsOf('approveCorrection')).toEqual([{ id: 9, code: '123456' }]);
    t.actor.send({ type: 'corrections.close' });
    expect(t.actor.getSnapshot().value).toEqual({ approving: 'sending' });
    await t.settle({ type: 'xstate.error.actor.approveCorrection', error: { kind: 'server', serverMessage: 'You proposed this correction: a different operator must approve it' } });
    expect(t.actor.getSnapshot().value).toEqual({ approving: 'editing' });
    expect(t.actor.getSnapshot().context.refusal).toEqual({ text: 'You proposed this correction: a different operator must approve it' });
    expect(t.reads()).toHaveLength(2);
    await t.settleList(page);
    t.actor.send({ type: 'corrections.submitApproval', code: 'ABCDE-12345' });
    await t.settle({ type: 'xstate.done.actor.approveCorrection', output: { ...proposedCorrection, state: 'executed' } });
    expect(t.actor.getSnapshot().value).toBe('closed');
    expect(t.actor.getSnapshot().context).toMatchObject({ target: undefined, refusal: undefined });
    expect(JSON.stringify(t.toasts.at(-1))).toContain('corrections.executed');
    expect(t.reads()).toHaveLength(3);
  });

  it('an operator whose roles only read (the auditor) opens no form or dialog', async () => {
    const t = desk({ self: 11, mayPropose: false, mayDecide: false });
    await t.settleList(page);
    for (const event of [{ type: 'corrections.propose' }, { type: 'corrections.approve', id: 9 }, { type: 'corrections.reject', id: 9 }] as const) {
      t.actor.send(event);
      expect(t.actor.getSnapshot().value).toBe('closed');
    }
    expect(t.actor.getSnapshot().context).toMatchObject({ self: 11, mayPropose: false, mayDecide: false });
  });

  it('rejects only with a reason, sent trimmed; closing the dialog sends nothing', async () => {
    const t = desk();
    await t.settleList(page);
    t.actor.send({ type: 'corrections.reject', id: 9 });
    t.actor.send({ type: 'corrections.close' });
    expect(t.actor.getSnapshot().value).toBe('closed');
    t.actor.send({ type: 'corrections.reject', id: 9 });
    t.actor.send({ type: 'corrections.submitRejection', reason: '   ' });
    expect(t.effects.inputsOf('rejectCorrection')).toEqual([]);
    t.actor.send({ type: 'corrections.submitRejection', reason: ' No evidence ' });
    expect(t.effects.inputsOf('rejectCorrection')).toEqual([{ id: 9, reason: 'No evidence' }]);
    await t.settle({ type: 'xstate.done.actor.rejectCorrection', output: { ...proposedCorrection, state: 'rejected' } });
    expect(t.actor.getSnapshot().value).toBe('closed');
    expect(JSON.stringify(t.toasts.at(-1))).toContain('corrections.decided');
  });
});
