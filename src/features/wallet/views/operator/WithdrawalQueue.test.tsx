// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatTime } from '../../../../../domain/localeFormat';
import { OPERATOR_PATHS } from '../../../../../domain/operators';
import { WALLET_PATHS, WithdrawalStatus } from '../../../../../domain/wallet';
import { createStepUpReader } from '../../../../kit/operatorStepUp/stepUp';
import { fakeApi, refusal, renderWithFlows, withDeskList } from '../../../../app/testing/viewHarness';
import { createOperatorWalletActors } from '../../actors/wallet.actors';
import { operatorWithdrawalsMachine, type QueuedWithdrawal } from '../../machines/operatorWithdrawals/operatorWithdrawals.machine';
import { WalletContext } from '../../wallet.context';
import type { WalletFlows } from '../../wallet.hooks';
import { WithdrawalQueue } from './WithdrawalQueue';

afterEach(cleanup);

const waiting: QueuedWithdrawal = {
  id: 12,
  currency: 'USDT',
  network: 'TRC20',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  quantity: '100',
  fee: '1',
  tx_hash: null,
  status: WithdrawalStatus.notDisbursed,
  reason: null,
  created_at: 1_800_000_000_000,
  updated_at: 1_800_000_000_000,
  account: 'trader@example.org',
  user_id: 10001,
};
const UNTIL = 1_800_000_300_000;
const session = (step_up_until: number | null) => [
  { id: 3, user_agent: 'Firefox', ip: '10.0.0.1', created_at: 0, last_seen_at: 0, expires_at: 1_900_000_000_000, current: true, step_up_until },
];

/** The queue over a fake operator API: the session stepped up at first, no longer after the approval's refusal (the window ran out). */
async function renderQueue(list: QueuedWithdrawal[] = [waiting]) {
  const windows = [UNTIL, null];
  const { api, calls } = fakeApi({
    [WALLET_PATHS.operatorWithdrawals]: { list, total: list.length, page: 1, size: 10 },
    [OPERATOR_PATHS.mySessions]: () => session(windows.shift() ?? null),
    [WALLET_PATHS.operatorApproveWithdrawal]: () => refusal('Enter your authentication code'),
  });
  const actors = createOperatorWalletActors(api);
  const flows = {
    operatorWithdrawals: withDeskList(operatorWithdrawalsMachine, actors.fetchQueue, {
      approveWithdrawal: actors.approveWithdrawal,
      failWithdrawal: actors.failWithdrawal,
      readStepUp: createStepUpReader(api),
    }),
  } as unknown as WalletFlows;
  await renderWithFlows(WalletContext, flows, <WithdrawalQueue />);
  return calls;
}

describe('withdrawal queue view: the step-up window', () => {
  it('says until when no code is needed, sends none when the field is empty, and after a refusal keeps the dialog open with the field, asking a code again', async () => {
    const calls = await renderQueue();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await act(async () => undefined);
    const dialog = screen.getByRole('dialog', { name: 'Approve and disburse this withdrawal?' });
    expect(dialog.textContent).toContain(`No code needed until ${formatTime(UNTIL, 'en_US')}`);
    // The approver sees where the money goes, the whole address (the row shortens it) and its network.
    expect(dialog.textContent).toContain(`To this address on TRC20: ${waiting.address}`);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await act(async () => undefined);
    expect(calls.filter((c) => c.path === WALLET_PATHS.operatorApproveWithdrawal).map((c) => c.body)).toEqual([{ id: 12 }]);

    const after = screen.getByRole('dialog', { name: 'Approve and disburse this withdrawal?' });
    expect(within(after).getByRole('alert').textContent).toBe('Enter your authentication code');
    expect(within(after).getByLabelText('Your 2FA code')).toBeTruthy();
    expect(after.textContent).not.toContain('No code needed');
    // Outside the window an empty field is refused in place; nothing more is sent.
    fireEvent.click(within(after).getByRole('button', { name: 'Approve' }));
    await act(async () => undefined);
    expect(calls.filter((c) => c.path === WALLET_PATHS.operatorApproveWithdrawal)).toHaveLength(1);
  });
});

describe('withdrawal queue view: an owner the server would refuse', () => {
  it('says a frozen owner and a locked one in the row, and offers no approval for them (failing stays possible)', async () => {
    const lockedUntil = Date.now() + 3_600_000;
    await renderQueue([
      { ...waiting, id: 13, owner_frozen: 'chargeback', owner_locked_until: 0 },
      { ...waiting, id: 14, owner_frozen: null, owner_locked_until: lockedUntil },
      { ...waiting, id: 15, owner_frozen: null, owner_locked_until: 0 },
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Owner frozen: chargeback');
    expect(rows[1]!.textContent).toContain("Owner's withdrawals locked until");
    expect(rows[2]!.textContent).not.toContain('Owner');
    const approve = (row: HTMLElement) => within(row).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(rows.map((row) => approve(row).disabled)).toEqual([true, true, false]);
    expect((within(rows[0]!).getByRole('button', { name: 'Fail' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('withdrawal queue view: failing without a reason', () => {
  it('says the missing reason under the field, tied to it, keeps the dialog open and sends nothing; with one it sends it', async () => {
    const calls = await renderQueue();
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    const dialog = screen.getByRole('dialog', { name: 'Fail this withdrawal?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fail' }));
    await act(async () => undefined);
    const open = screen.getByRole('dialog', { name: 'Fail this withdrawal?' });
    const problem = within(open).getByRole('alert');
    expect(problem.textContent).toBe('Please give a reason for failing the withdrawal');
    const field = within(open).getByRole('textbox');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(problem.id);
    expect(calls.filter((c) => c.path === WALLET_PATHS.operatorFailWithdrawal)).toEqual([]);
    fireEvent.change(field, { target: { value: ' Sanctioned address ' } });
    fireEvent.click(within(open).getByRole('button', { name: 'Fail' }));
    await act(async () => undefined);
    expect(calls.filter((c) => c.path === WALLET_PATHS.operatorFailWithdrawal).map((c) => c.body)).toEqual([{ id: 12, reason: 'Sanctioned address' }]);
  });
});
