// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FEE_PATHS } from '../../../../../domain/fees';
import type { Services } from '../../../../app/services';
import { FORM_TEST_MS, openDialog, renderWithFlows } from '../../../../app/testing/viewHarness';
import type { ApiClient } from '../../../../services/api';
import { createOperatorStorage } from '../../../../services/operatorStorage';
import { memoryStore } from '../../../../services/storage';
import { FeesContext } from '../../fees.context';
import { provide } from '../../fees.flows';
import { FEES_DESK_FIXTURE } from '../../machines/feesDesk/feesDesk.fixtures';
import { FeesDeskPage } from './FeesDeskPage';

afterEach(cleanup);

/** The desk over a fake operator API (the code 000000 is refused), for an operator whose stored session holds `roles`. */
async function renderDesk(roles: string[]) {
  const calls: Array<{ path: string; body: unknown }> = [];
  const operatorApi = {
    post: async <T,>(path: string, body: unknown) => {
      calls.push({ path, body });
      if (path === FEE_PATHS.operatorRead) return FEES_DESK_FIXTURE as T;
      if ((body as { code?: string }).code === '000000') throw { kind: 'server', serverMessage: 'Wrong verification code' };
      if (path === FEE_PATHS.operatorTiers && (body as { tiers: unknown[] }).tiers.length < 2) throw { kind: 'server', serverMessage: 'A schedule row names a tier this edit removes' };
      return {} as T;
    },
  } as unknown as ApiClient;
  const store = memoryStore();
  createOperatorStorage(store).write('t', { id: 1, account: 'root', roles });
  const flows = provide({ api: operatorApi, operatorApi, store, showToast: () => undefined } as unknown as Services);
  await renderWithFlows(FeesContext, flows, <FeesDeskPage />);
  return calls;
}

/** Formik validates (yup) and the machine sends over a few ticks: generous on a loaded machine. */
const WAIT = { timeout: 5000 };
/** A text with every kind of space as a plain one (money's figures may use a no-break space). */
const spaced = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
/** Waits until the fake API was called at `path`. */
const sent = (calls: Array<{ path: string }>, path: string) => waitFor(() => expect(calls.map((c) => c.path)).toContain(path), WAIT);

describe('the fees desk edits', () => {
  it('replaces the tier table: says a table that does not climb, shows the server refusal under the form, saves and reads again', async () => {
    const calls = await renderDesk(['finance']);
    fireEvent.click(screen.getByRole('button', { name: 'Edit tiers' }));
    const dialog = screen.getByRole('dialog', { name: 'Tiers by 30-day volume' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a tier' }));
    const volumes = within(dialog).getAllByLabelText('From a 30-day volume of');
    fireEvent.change(volumes[2]!, { target: { value: '500000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('Tier 0 must start at 0, and each higher tier needs a higher volume', {}, WAIT)).toBeTruthy();
    fireEvent.change(volumes[2]!, { target: { value: '5000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    // The confirmation says what changes (only the tier added) and asks the code: nothing is sent before.
    const confirm = await screen.findByRole('dialog', { name: 'Confirm the fee change' }, WAIT);
    expect(spaced(within(confirm).getByRole('list', { name: 'What changes' }).textContent)).toBe('Tier 2, from a 30-day volume of: none → 5,000,000.00 USDT');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(confirm).findByText('Enter your 2FA code', {}, WAIT)).toBeTruthy();
    expect(calls.map((c) => c.path)).not.toContain(FEE_PATHS.operatorTiers);
    fireEvent.change(within(confirm).getByLabelText('Your 2FA code'), { target: { value: '123456' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await sent(calls, FEE_PATHS.operatorTiers);
    expect(calls.find((c) => c.path === FEE_PATHS.operatorTiers)?.body).toEqual({
      tiers: [
        { tier: 0, min_volume_usdt: '0' },
        { tier: 1, min_volume_usdt: '1000000' },
        { tier: 2, min_volume_usdt: '5000000' },
      ],
      code: '123456',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    await waitFor(() => expect(calls.at(-1)?.path).toBe(FEE_PATHS.operatorRead), WAIT);

    // The server's refusal stays under the confirmation; Back returns to the form with its values.
    fireEvent.click(screen.getByRole('button', { name: 'Edit tiers' }));
    const again = screen.getByRole('dialog', { name: 'Tiers by 30-day volume' });
    fireEvent.click(within(again).getByRole('button', { name: 'Remove tier 1' }));
    fireEvent.click(within(again).getByRole('button', { name: 'Review' }));
    const refused = await screen.findByRole('dialog', { name: 'Confirm the fee change' }, WAIT);
    expect(spaced(within(refused).getByRole('list', { name: 'What changes' }).textContent)).toBe('Tier 1, from a 30-day volume of: 1,000,000.00 USDT → removed');
    fireEvent.change(within(refused).getByLabelText('Your 2FA code'), { target: { value: '123456' } });
    fireEvent.click(within(refused).getByRole('button', { name: 'Confirm' }));
    expect(await within(refused).findByText('A schedule row names a tier this edit removes', {}, WAIT)).toBeTruthy();
    fireEvent.click(within(refused).getByRole('button', { name: 'Back to the form' }));
    const back = await screen.findByRole('dialog', { name: 'Tiers by 30-day volume' }, WAIT);
    expect(within(back).getAllByLabelText('From a 30-day volume of')).toHaveLength(1);
  }, FORM_TEST_MS);

  it('sets a schedule row with a maker rebate, confirmed with its old → new rates and the 2FA code; refuses a rebate beyond the taker rate before sending', async () => {
    const calls = await renderDesk(['finance']);
    const table = screen.getByRole('table', { name: 'Schedule rows' });
    const btcRow = within(table).getAllByRole('row').find((r) => r.textContent?.includes('BTC/USDT'))!;
    fireEvent.click(within(btcRow).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit a schedule row' });
    fireEvent.change(within(dialog).getByLabelText('Maker rate'), { target: { value: '-0.001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('The rebate cannot exceed the taker rate', {}, WAIT)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Maker rate'), { target: { value: '-0.0002' } });
    fireEvent.change(within(dialog).getByLabelText('Taker rate'), { target: { value: '0.99999999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm the fee change' }, WAIT);
    expect(within(confirm).getByText('Spot · BTC/USDT · tier 1')).toBeTruthy();
    expect([...within(confirm).getByRole('list', { name: 'What changes' }).querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Maker rate: -0.01% → -0.02%',
      'Taker rate: 0.05% → 99.999999%',
    ]);
    // Back: the form again with what was typed; a taker rate back to 0.0005.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Back to the form' }));
    const back = await screen.findByRole('dialog', { name: 'Edit a schedule row' }, WAIT);
    expect((within(back).getByLabelText('Taker rate') as HTMLInputElement).value).toBe('0.99999999');
    fireEvent.change(within(back).getByLabelText('Taker rate'), { target: { value: '0.0005' } });
    fireEvent.click(within(back).getByRole('button', { name: 'Review' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm the fee change' }, WAIT);
    fireEvent.change(within(again).getByLabelText('Your 2FA code'), { target: { value: '000000' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Confirm' }));
    expect(await within(again).findByText('Wrong verification code', {}, WAIT)).toBeTruthy();
    fireEvent.change(within(again).getByLabelText('Your 2FA code'), { target: { value: '123456' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(calls.filter((c) => c.path === FEE_PATHS.operatorSchedule).map((c) => c.body)).toEqual([
      { product: 'spot', market: 'BTC_USDT', tier: 1, maker: '-0.0002', taker: '0.0005', code: '000000' },
      { product: 'spot', market: 'BTC_USDT', tier: 1, maker: '-0.0002', taker: '0.0005', code: '123456' },
    ]);
  }, FORM_TEST_MS);

  it('says a malformed taker rate under the taker field, not the maker field', async () => {
    await renderDesk(['finance']);
    const { dialog, fill, press } = openDialog('Add a row', 'New schedule row');
    fill({ 'Maker rate': '0.001', 'Taker rate': '1.5' });
    press('Review');
    expect(await within(dialog).findByText('A fraction above -1 and below 1, at most 8 places (0.001 = 0.1 %)', {}, WAIT)).toBeTruthy();
    expect(within(dialog).getByLabelText('Taker rate').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('Maker rate').getAttribute('aria-invalid')).toBe('false');
    // And a malformed maker beside a good taker is the maker's.
    fill({ 'Maker rate': '0.0000000001', 'Taker rate': '0.001' });
    press('Review');
    await waitFor(() => expect(within(dialog).getByLabelText('Maker rate').getAttribute('aria-invalid')).toBe('true'), WAIT);
    expect(within(dialog).getByLabelText('Taker rate').getAttribute('aria-invalid')).toBe('false');
  }, FORM_TEST_MS);

  it("sets a user's override with an end date and the 2FA code; a wrong code is said under the form", async () => {
    const calls = await renderDesk(['finance']);
    const { dialog, type, fill, press } = openDialog('Add an override', 'New override');
    fill({ 'User ID': '42', 'Maker rate': '-0.0001', 'Taker rate': '0.0004', 'Ends (your time zone)': '2027-03-01T00:00', 'Note': ' partner ' });
    press('Save');
    expect(await within(dialog).findByText('Enter your 2FA code', {}, WAIT)).toBeTruthy();
    type('Your 2FA code', '000000');
    press('Save');
    expect(await within(dialog).findByText('Wrong verification code', {}, WAIT)).toBeTruthy();
    expect(calls.find((c) => c.path === FEE_PATHS.operatorOverride)?.body).toEqual({
      user_id: 42,
      product: 'spot',
      market: '*',
      maker: '-0.0001',
      taker: '0.0004',
      ends_ms: new Date('2027-03-01T00:00').getTime(),
      note: 'partner',
      code: '000000',
    });
  }, FORM_TEST_MS);

  it('ends an override in force', async () => {
    const calls = await renderDesk(['finance']);
    const table = screen.getByRole('table', { name: 'Overrides in force' });
    fireEvent.click(within(table).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit an override' });
    fireEvent.click(within(dialog).getByLabelText('End this override now'));
    expect(within(dialog).queryByLabelText('Maker rate')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Your 2FA code'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await sent(calls, FEE_PATHS.operatorOverride);
    expect(calls.find((c) => c.path === FEE_PATHS.operatorOverride)?.body).toEqual({ user_id: 42, product: 'spot', market: 'BTC_USDT', end: true, code: '123456' });
  }, FORM_TEST_MS);

  it('offers an auditor no edit', async () => {
    await renderDesk(['auditor']);
    expect(screen.getByRole('table', { name: 'Schedule rows' })).toBeTruthy();
    for (const name of ['Edit tiers', 'Add a row', 'Add an override', 'Edit']) expect(screen.queryByRole('button', { name })).toBeNull();
  }, FORM_TEST_MS);
});
