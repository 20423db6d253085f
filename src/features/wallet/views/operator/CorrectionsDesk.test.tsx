// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CORRECTION_PATHS, type CorrectionView } from '../../../../../domain/corrections';
import { expectCodeRefusedInDialog, fakeApi, refusal, renderWithFlows, withDeskList } from '../../../../app/testing/viewHarness';
import { createOperatorCorrectionsActors } from '../../actors/operatorCorrections.actors';
import { operatorCorrectionsMachine, type CorrectionsDeskInput } from '../../machines/operatorCorrections/operatorCorrections.machine';
import { proposedCorrection } from '../../machines/operatorCorrections/operatorCorrections.model';
import { WalletContext } from '../../wallet.context';
import type { WalletFlows } from '../../wallet.hooks';
import { CorrectionsDesk } from './CorrectionsDesk';

afterEach(cleanup);

// A proposal by fiona, as the model tests know it.
const base = proposedCorrection;
const own: CorrectionView = { ...base, id: 10, proposed_by: 8, proposed_by_account: 'gary', reason: 'Double credit' };

/** The desk over a fake operator API, for the operator `input` says. */
async function renderDesk(input: CorrectionsDeskInput) {
  const { api, calls } = fakeApi({
    [CORRECTION_PATHS.list]: { list: [base, own], total: 2, page: 1, size: 10 },
    [CORRECTION_PATHS.account]: [{ currency: 'USDT', balance: '0', funded: '25.5', net_credited: '25.5' }],
    [CORRECTION_PATHS.propose]: { ...base, id: 11 },
    [CORRECTION_PATHS.approve]: () => refusal('Incorrect authentication code'),
  });
  const actors = createOperatorCorrectionsActors(api);
  const flows = {
    operatorCorrections: withDeskList(operatorCorrectionsMachine, actors.fetchCorrections, {
      proposeCorrection: actors.proposeCorrection,
      approveCorrection: actors.approveCorrection,
      rejectCorrection: actors.rejectCorrection,
    }),
    operatorCorrectionsInput: () => input,
  } as unknown as WalletFlows;
  await renderWithFlows(WalletContext, flows, <CorrectionsDesk />);
  return calls;
}

describe('corrections desk view', () => {
  it('lists proposals with the corrections account; another operator’s proposal offers approval, one’s own only its withdrawal', async () => {
    const calls = await renderDesk({ self: 8, mayPropose: true, mayDecide: true });
    expect(calls.map((c) => c.path).sort()).toEqual([CORRECTION_PATHS.account, CORRECTION_PATHS.list].sort());
    expect(calls.find((c) => c.path === CORRECTION_PATHS.list)!.body).toEqual({ state: 'proposed', page: 1, size: 10 });
    const [, theirs, mine] = within(screen.getByRole('table', { name: 'Balance corrections' })).getAllByRole('row');
    expect(theirs!.textContent).toContain('Deposit 0xabc missed');
    expect(within(theirs!).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(mine!).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(mine!).getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Operator corrections account' }).textContent).toContain('USDT');
  });

  it('asks the approver’s 2FA code, checks its shape, and shows the server’s refusal in the dialog, which stays open', async () => {
    const calls = await renderDesk({ self: 8, mayPropose: true, mayDecide: true });
    const [, theirs] = within(screen.getByRole('table', { name: 'Balance corrections' })).getAllByRole('row');
    fireEvent.click(within(theirs!).getByRole('button', { name: 'Approve' }));
    await expectCodeRefusedInDialog(calls, { dialog: 'Approve the correction', submit: 'Approve', path: CORRECTION_PATHS.approve, body: { id: 9, code: '123456' } });
  });

  it('checks a proposal before sending it (the one decimal rule, a reason), then sends it and closes the form', async () => {
    const calls = await renderDesk({ self: 8, mayPropose: true, mayDecide: true });
    fireEvent.click(screen.getByRole('button', { name: 'Propose a correction' }));
    const dialog = screen.getByRole('dialog', { name: 'Propose a balance correction' });
    fireEvent.change(within(dialog).getByLabelText('User ID'), { target: { value: '42' } });
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '01.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose' }));
    expect(await within(dialog).findByText('Enter a quantity greater than 0 with at most 8 decimals')).toBeTruthy();
    expect(within(dialog).getByText('Please give a reason')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '1.5' } });
    fireEvent.change(within(dialog).getByLabelText('Credit or debit'), { target: { value: 'debit' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Double credit of 0xdef' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.find((c) => c.path === CORRECTION_PATHS.propose)!.body).toEqual({ user_id: 42, currency: 'USDT', account: 'spot', direction: 'debit', quantity: '1.5', reason: 'Double credit of 0xdef' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers an operator whose roles only read (the auditor) no proposal and no decision', async () => {
    await renderDesk({ self: 11, mayPropose: false, mayDecide: false });
    // The proposals are listed (the absences below are of a rendered desk, not of an empty page).
    expect(within(screen.getByRole('table', { name: 'Balance corrections' })).getAllByRole('row').length).toBeGreaterThan(1);
    expect(screen.queryByRole('button', { name: 'Propose a correction' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
