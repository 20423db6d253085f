// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatTime } from '../../../../../domain/localeFormat';
import { OPERATOR_PATHS } from '../../../../../domain/operators';
import { WALLET_PATHS } from '../../../../../domain/wallet';
import { createStepUpReader } from '../../../../kit/operatorStepUp/stepUp';
import { expectCodeRefusedInDialog, fakeApi, refusal, renderWithFlows, withDeskList } from '../../../../app/testing/viewHarness';
import { createOperatorWalletActors } from '../../actors/wallet.actors';
import { operatorHeldDepositsMachine } from '../../machines/operatorHeldDeposits/operatorHeldDeposits.machine';
import { heldBelowMinimum, heldDelisted, RETURN_ADDRESS } from '../../machines/operatorHeldDeposits/operatorHeldDeposits.model';
import { WalletContext } from '../../wallet.context';
import type { WalletFlows } from '../../wallet.hooks';
import { HeldDepositsDesk } from './HeldDepositsDesk';

afterEach(cleanup);

const UNTIL = 1_800_000_300_000;

/** The desk over a fake operator API: a credit refused (wrong code), a return done; the session's step-up window as `windows` says, one per read (then none). */
async function renderDesk(windows: Array<number | null> = []) {
  const { api, calls } = fakeApi({
    [OPERATOR_PATHS.mySessions]: () => [
      { id: 3, user_agent: 'Firefox', ip: '10.0.0.1', created_at: 0, last_seen_at: 0, expires_at: 1_900_000_000_000, current: true, step_up_until: windows.shift() ?? null },
    ],
    [WALLET_PATHS.operatorHeldDeposits]: { list: [heldBelowMinimum, heldDelisted], total: 2, page: 1, size: 10 },
    [WALLET_PATHS.operatorCreditHeldDeposit]: () => refusal('Incorrect authentication code'),
    [WALLET_PATHS.operatorReturnHeldDeposit]: { id: heldDelisted.id, status: 5, return_address: RETURN_ADDRESS, return_tx_hash: '0xabc' },
  });
  const actors = createOperatorWalletActors(api);
  const flows = {
    operatorHeldDeposits: withDeskList(operatorHeldDepositsMachine, actors.fetchHeld, {
      creditHeldDeposit: actors.creditHeldDeposit,
      returnHeldDeposit: actors.returnHeldDeposit,
      readStepUp: createStepUpReader(api),
    }),
  } as unknown as WalletFlows;
  await renderWithFlows(WalletContext, flows, <HeldDepositsDesk />);
  return calls;
}

const rows = () => within(screen.getByRole('table', { name: 'Held deposits' })).getAllByRole('row');

describe('held deposits desk view', () => {
  it('lists held deposits with their reason; Credit only on a below-minimum one, Return on each', async () => {
    const calls = await renderDesk();
    expect(calls.find((c) => c.path === WALLET_PATHS.operatorHeldDeposits)!.body).toEqual({ page: 1, size: 10 });
    const [, below, delisted] = rows();
    expect(below!.textContent).toContain('trader@example.org');
    // The reason in a word or two, its whole sentence on hover (the cell's title).
    expect(within(below!).getByText('Below minimum').getAttribute('title')).toBe('below the minimum, not credited');
    expect(within(delisted!).getByText('Delisting').getAttribute('title')).toBe('currency being delisted, not credited');
    expect(within(below!).getByRole('button', { name: 'Credit' })).toBeTruthy();
    expect(within(delisted!).queryByRole('button', { name: 'Credit' })).toBeNull();
    expect(within(below!).getByRole('button', { name: 'Return' })).toBeTruthy();
    expect(within(delisted!).getByRole('button', { name: 'Return' })).toBeTruthy();
  });

  it('asks the 2FA code for a credit, checks its shape, and shows the server’s refusal in the dialog, which stays open', async () => {
    const calls = await renderDesk();
    fireEvent.click(within(rows()[1]!).getByRole('button', { name: 'Credit' }));
    const dialog = screen.getByRole('dialog', { name: 'Credit this held deposit?' });
    expect(dialog.textContent).toContain('9.99 USDT on ERC20 for trader@example.org');
    await expectCodeRefusedInDialog(calls, { dialog: 'Credit this held deposit?', submit: 'Credit', path: WALLET_PATHS.operatorCreditHeldDeposit, body: { id: heldBelowMinimum.id, code: '123456' } });
  });

  it('asks the address and the code for a return, sends them trimmed, and closes the dialog', async () => {
    const calls = await renderDesk();
    fireEvent.click(within(rows()[2]!).getByRole('button', { name: 'Return' }));
    const dialog = screen.getByRole('dialog', { name: 'Return this held deposit?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await within(dialog).findByText('Enter the address to return it to')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Return address'), { target: { value: ` ${RETURN_ADDRESS} ` } });
    fireEvent.change(within(dialog).getByLabelText('Your 2FA code'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.find((c) => c.path === WALLET_PATHS.operatorReturnHeldDeposit)!.body).toEqual({ id: heldDelisted.id, address: RETURN_ADDRESS, code: '123456' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('within the step-up window says until when no code is needed and sends none; after a refusal (the window ran out) an empty field is refused in place', async () => {
    const calls = await renderDesk([UNTIL, null]);
    fireEvent.click(within(rows()[1]!).getByRole('button', { name: 'Credit' }));
    await act(async () => undefined);
    const dialog = screen.getByRole('dialog', { name: 'Credit this held deposit?' });
    expect(dialog.textContent).toContain(`No code needed until ${formatTime(UNTIL, 'en_US')}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
    expect(await within(dialog).findByText('Incorrect authentication code')).toBeTruthy();
    expect(calls.filter((c) => c.path === WALLET_PATHS.operatorCreditHeldDeposit).map((c) => c.body)).toEqual([{ id: heldBelowMinimum.id }]);
    await act(async () => undefined);
    expect(dialog.textContent).not.toContain('No code needed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
    expect(await within(dialog).findByText('Enter the 6-digit code or a recovery code')).toBeTruthy();
    expect(calls.filter((c) => c.path === WALLET_PATHS.operatorCreditHeldDeposit)).toHaveLength(1);
  });

  it('within the step-up window returns with the address alone', async () => {
    const calls = await renderDesk([UNTIL]);
    fireEvent.click(within(rows()[2]!).getByRole('button', { name: 'Return' }));
    await act(async () => undefined);
    const dialog = screen.getByRole('dialog', { name: 'Return this held deposit?' });
    expect(dialog.textContent).toContain(`No code needed until ${formatTime(UNTIL, 'en_US')}`);
    fireEvent.change(within(dialog).getByLabelText('Return address'), { target: { value: RETURN_ADDRESS } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.find((c) => c.path === WALLET_PATHS.operatorReturnHeldDeposit)!.body).toEqual({ id: heldDelisted.id, address: RETURN_ADDRESS });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
