// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { USERS_DESK_PATHS, type UserPage, type UsersDeskRow } from '../../../../../domain/usersDesk';
import { pagedListMachine } from '../../../../app/machines/pagedList/pagedList.machine';
import { FORM_TEST_MS, fakeApi, refusal, renderWithFlows } from '../../../../app/testing/viewHarness';
import { AccountsContext } from '../../accounts.context';
import type { AccountsFlows } from '../../accounts.hooks';
import { createUsersDeskActors } from '../../actors/usersDesk.actors';
import { operatorUserMachine } from '../../machines/operatorUser/operatorUser.machine';
import { operatorUsersMachine } from '../../machines/operatorUsers/operatorUsers.machine';
import { UsersDesk } from './UsersDesk';

afterEach(cleanup);

const AT = 1_700_000_000_000;
const ada: UsersDeskRow = { id: 7, account: 'ada@example.org', nickname: 'Ada', email: 'ada@example.org', phone: '', name_status: 3, two_factor: true, frozen: false, created_at: 1_700_000_000_000, last_sign_in: 0 };
const page: UserPage = {
  profile: { ...ada, area_code: '', frozen_reason: '', frozen_at: 0, withdrawals_locked_until: 0 },
  identity: { real_name: 'Ada Lovelace', status: 3, reason: '', at: 1_700_000_000_000 },
  balances: [{ account: 'spot', currency: 'USDT', available: '490', frozen: '10' }],
  // Rows as server/products/accounts/operatorDesk/userPage.ts gives them: the product's own fields and enum values.
  sections: {
    spot_orders: [{ id: 3, symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '50000', quantity: '0.0002', filled: '0', frozen: '10', status: 1, created_at: AT }],
    futures_positions: [{ symbol: 'ETH_USDT', side: -1, quantity: '2', cost: '6000', margin: '600', margin_mode: 'cross', leverage: 10, realised: '0', updated_at: AT }],
    recurring_plans: [{ id: 7, symbol: 'BTC_USDT', amount: '50', frequency: 'weekly', status: 'paused', runs: 4, failures_in_a_row: 3, spent: '50', bought: '0.0005', next_run_at: null, created_at: AT }],
    deposits: [{ id: 5, currency: 'USDT', network: 'TRC20', quantity: '500', tx_hash: '0xfeed', status: 2, confirmations: 3, confirmations_required: 12, created_at: AT }],
    withdrawals: [{ id: 6, currency: 'USDT', network: 'TRC20', address: 'TXyz', quantity: '20', fee: '1', status: 3, created_at: AT }],
    ledger: [{ id: 9, account: 'spot', currency: 'USDT', kind: 'correction_credit', available_change: '25', frozen_change: '0', available_after: '515', frozen_after: '10', ref_type: 'correction', ref_id: '1', correction_reason: 'Deposit 0xabc missed', correction_reference: '0xabc', correction_proposed_by: 'fiona', correction_approved_by: 'bob', created_at: AT }],
    devices: [{ device: 'abcdef123456', first_seen_at: AT, last_seen_at: AT }],
    api_keys: [{ id: 2, label: 'bot', permissions: 'read trade', ip_allowlist: '', created_at: AT, last_used_at: null, revoked: false, revoked_at: null }],
  } as unknown as UserPage['sections'],
  notes: [{ id: 1, operator_account: 'carol', body: 'Called about a lost phone', at: 1_700_000_000_000 }],
};

/** The desk over a fake operator API: the calls it made, with their bodies. */
async function renderDesk(granted: (permission: string) => boolean = () => true) {
  const { api, calls } = fakeApi({
    [USERS_DESK_PATHS.search]: { list: [ada], total: 1, page: 1, size: 20 },
    [USERS_DESK_PATHS.user]: page,
    [USERS_DESK_PATHS.freeze]: () => refusal('Wrong code'),
  });
  const desk = createUsersDeskActors(api);
  const flows = {
    operatorUsers: operatorUsersMachine.provide({ actors: { list: pagedListMachine.provide({ actors: { loadPage: desk.fetchUsers } }), exportUsers: desk.exportUsers } }),
    operatorUser: operatorUserMachine.provide({ actors: { loadUser: desk.loadUser, runAction: desk.runAction } }),
    operatorGrants: granted,
  } as unknown as AccountsFlows;
  await renderWithFlows(AccountsContext, flows, <UsersDesk />);
  return calls;
}

describe('users desk view', () => {
  it('searches with the form, opens a user, and asks a reason and the code before a freeze', async () => {
    const calls = await renderDesk();
    const table = screen.getByRole('table', { name: 'Users' });
    expect(within(table).getByText('ada@example.org')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Id, email, phone or nickname'), { target: { value: ' ada ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await act(async () => undefined);
    expect(calls.at(-1)).toEqual({ path: USERS_DESK_PATHS.search, body: expect.objectContaining({ text: 'ada', two_factor: 'any', frozen: 'any', page: 1 }) });

    fireEvent.click(within(table).getByRole('button', { name: 'Open' }));
    await act(async () => undefined);
    expect(calls.at(-1)).toEqual({ path: USERS_DESK_PATHS.user, body: { user_id: 7 } });
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Called about a lost phone')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Open spot orders' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Freeze' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Give a reason');
    fireEvent.change(within(dialog).getByLabelText('Reason (written to the audit log)'), { target: { value: 'Reported stolen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Type your 6-digit 2FA code');
    fireEvent.change(within(dialog).getByLabelText('Your 2FA code'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    await act(async () => undefined);
    expect(calls.at(-1)).toEqual({ path: USERS_DESK_PATHS.freeze, body: { user_id: 7, reason: 'Reported stolen', code: '123456' } });
    // Refused: the dialog stays, for another code.
    expect(screen.getByRole('dialog')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Back to the search' }));
    expect(screen.getByRole('table', { name: 'Users' })).toBeTruthy();
  }, FORM_TEST_MS);

  it("shows each section like the other desks: translated headers, statuses and accounts in words, dates, amounts on the right", async () => {
    await renderDesk();
    fireEvent.click(within(screen.getByRole('table', { name: 'Users' })).getByRole('button', { name: 'Open' }));
    await act(async () => undefined);
    // No header anywhere on the page is a server field name (tx_hash, created_at, first_seen_at).
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
    expect(headers.filter((h) => /^[a-z]+(_[a-z]+)*$/.test(h))).toEqual([]);
    const header = (region: HTMLElement) => within(region).getAllByRole('columnheader').map((h) => h.textContent);

    expect(within(screen.getByRole('table', { name: 'Balances' })).getByText('Spot account')).toBeTruthy();

    const spot = screen.getByRole('region', { name: 'Open spot orders' });
    expect(header(spot)).toEqual(['ID', 'Pair', 'Side', 'Type', 'Price', 'Quantity', 'Filled', 'Frozen', 'Status', 'Time']);
    for (const words of ['Buy', 'Limit', 'Waiting for transaction']) expect(within(spot).getByText(words)).toBeTruthy();
    expect(within(spot).getByText('0.0002').closest('td')?.className).toBe('right');
    expect(spot.querySelector('time')?.getAttribute('dateTime')).toBe(new Date(AT).toISOString());
    expect(within(spot).queryByText(String(AT))).toBeNull();

    const futures = screen.getByRole('region', { name: 'Futures positions' });
    for (const words of ['Short', 'Cross', '10×']) expect(within(futures).getByText(words)).toBeTruthy();

    // A plan that buys for the user on a schedule: its frequency and status in words, its failures in a row.
    const plans = screen.getByRole('region', { name: 'Recurring buys' });
    expect(header(plans)).toEqual(['ID', 'Pair', 'Amount per buy', 'Frequency', 'Status', 'Runs', 'Failures in a row', 'Spent', 'Bought', 'Next buy', 'Time']);
    for (const words of ['Weekly', 'Paused', '0.0005']) expect(within(plans).getByText(words)).toBeTruthy();

    const deposits = screen.getByRole('region', { name: 'Deposits' });
    expect(header(deposits)).toContain('Transaction hash');
    expect(within(deposits).getByText('Confirming 3/12')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Withdrawals' })).getByText('Completed')).toBeTruthy();

    // The ledger: support reads where the money went, each change with its kind in words and what caused it.
    const ledger = screen.getByRole('region', { name: 'Ledger' });
    expect(header(ledger)).toEqual(['ID', 'Type', 'Account', 'Currency', 'Change', 'Frozen change', 'Balance after', 'Reference', 'Correction', 'Time']);
    // A correction's entry says why, and whose four eyes let it through.
    expect(within(ledger).getByText('Deposit 0xabc missed')).toBeTruthy();
    expect(within(ledger).getByText('Reference: 0xabc')).toBeTruthy();
    expect(within(ledger).getByText('Proposed by fiona, approved by bob')).toBeTruthy();
    expect(within(ledger).getByText('Balance correction (credit)')).toBeTruthy();
    expect(within(ledger).getByText('correction #1')).toBeTruthy();
    expect(within(ledger).getByText('25').closest('td')?.className).toBe('right');

    const devices = screen.getByRole('region', { name: 'Devices' });
    expect(header(devices)).toEqual(['Device', 'First seen', 'Last active']);
    expect(devices.querySelectorAll('time')).toHaveLength(2);

    const keys = screen.getByRole('region', { name: 'API keys' });
    for (const words of ['Read, Trade', 'Any address', 'Never']) expect(within(keys).getByText(words)).toBeTruthy();
  });

  it('offers only the actions the roles grant: support reads the page and is offered none', async () => {
    await renderDesk((permission) => permission === 'users.read');
    fireEvent.click(within(screen.getByRole('table', { name: 'Users' })).getByRole('button', { name: 'Open' }));
    await act(async () => undefined);
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    for (const name of ['Freeze', 'End all sessions', 'Suspend API keys', 'Reset 2FA', 'Change identity level', 'Add a note']) expect(screen.queryByRole('button', { name })).toBeNull();
  });
});
