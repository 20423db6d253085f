// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WALLET_PATHS } from '../../../../../domain/wallet';
import { expectCodeRefusedInDialog, fakeApi, refusal, renderWithFlows, withDeskList } from '../../../../app/testing/viewHarness';
import { createOperatorWalletActors } from '../../actors/wallet.actors';
import { operatorHeldDepositsMachine } from '../../machines/operatorHeldDeposits/operatorHeldDeposits.machine';
import { heldBelowMinimum, heldDelisted, RETURN_ADDRESS } from '../../machines/operatorHeldDeposits/operatorHeldDeposits.model';
import { WalletContext } from '../../wallet.context';
import type { WalletFlows } from '../../wallet.hooks';
import { HeldDepositsDesk } from './HeldDepositsDesk';

afterEach(cleanup);

/** The desk over a fake operator API: a credit refused (wrong code), a return done. */
async function renderDesk() {
  const { api, calls } = fakeApi({
    [WALLET_PATHS.operatorHeldDeposits]: { list: [heldBelowMinimum, heldDelisted], total: 2, page: 1, size: 10 },
    [WALLET_PATHS.operatorCreditHeldDeposit]: () => refusal('Incorrect authentication code'),
    [WALLET_PATHS.operatorReturnHeldDeposit]: { id: heldDelisted.id, status: 5, return_address: RETURN_ADDRESS, return_tx_hash: '0xabc' },
  });
  const actors = createOperatorWalletActors(api);
  const flows = {
    operatorHeldDeposits: withDeskList(operatorHeldDepositsMachine, actors.fetchHeld, { creditHeldDeposit: actors.creditHeldDeposit, returnHeldDeposit: actors.returnHeldDeposit }),
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
    await expectCodeRefusedInDialog(calls, { dialog: 'Credit this held deposit?', submit: 'Credit', path: WALLET_PATHS.operatorCreditHeldDeposit, body: { id: heldBelowMinimum.id, totp_code: '123456' } });
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
    expect(calls.find((c) => c.path === WALLET_PATHS.operatorReturnHeldDeposit)!.body).toEqual({ id: heldDelisted.id, address: RETURN_ADDRESS, totp_code: '123456' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
