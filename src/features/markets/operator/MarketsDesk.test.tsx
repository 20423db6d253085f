// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MARKET_OPERATOR_PATHS, type OperatorDeskEntry } from '../../../../domain/marketsDesk';
import type { Services } from '../../../app/services';
import { FORM_TEST_MS, openDialog, renderWithFlows } from '../../../app/testing/viewHarness';
import type { ApiClient } from '../../../services/api';
import { createOperatorStorage } from '../../../services/operatorStorage';
import { memoryStore } from '../../../services/storage';
import { MarketsDesk } from './MarketsDesk';
import { MarketsDeskContext } from './marketsDesk.context';
import { provide } from './marketsDesk.flows';

afterEach(cleanup);

const markets: OperatorDeskEntry[] = [
  { market: 'spot', symbol: 'BTC_USDT', trading: true, halted_reason: null, halted_at: null },
  { market: 'futures', symbol: 'BTC_USDT', trading: true, halted_reason: null, halted_at: null },
  { market: 'spot', symbol: 'ETH_USDT', trading: true, halted_reason: 'Wallet maintenance on the ETH network', halted_at: 1_790_000_000_000 },
  // A contract with its delisting announced, and one its delisting halted (its time come): no Delist, and the latter no Resume.
  { market: 'futures', symbol: 'LTC_USDT', trading: true, halted_reason: null, halted_at: null, delist_at: 4_102_444_800_000 },
  { market: 'futures', symbol: 'XRP_USDT', trading: true, halted_reason: 'The XRP contract is retired', halted_at: 1_790_000_000_000, delist_at: 1_790_000_000_000, delist_halted: true },
  // The currencies, after the markets: one listed, one being delisted.
  { market: 'currency', symbol: 'DOGE', name: 'Dogecoin', delist_at: null, delist_reason: null },
  { market: 'currency', symbol: 'XRP', name: 'Ripple', delist_at: 4_102_444_800_000, delist_reason: 'Project discontinued' },
];

/** The desk over a fake operator API, for an operator whose stored session holds `roles`. */
async function renderDesk(roles: string[] | undefined) {
  const calls: Array<{ path: string; body: unknown }> = [];
  const operatorApi = {
    post: async <T,>(path: string, body: unknown) => {
      calls.push({ path, body });
      if (path === MARKET_OPERATOR_PATHS.markets) return markets as T;
      if (path === MARKET_OPERATOR_PATHS.halt) throw { kind: 'server', serverMessage: 'This market is already halted' };
      if (path === MARKET_OPERATOR_PATHS.resume) return { ...markets[2], halted_reason: null, halted_at: null } as T;
      // The 2FA code 000000 is refused as the server says it; any other goes through.
      const code = (body as { code?: string }).code;
      if ((path === MARKET_OPERATOR_PATHS.list || path === MARKET_OPERATOR_PATHS.delist || path === MARKET_OPERATOR_PATHS.contractDelist) && code === '000000') throw { kind: 'server', serverMessage: 'Wrong verification code' };
      if (path === MARKET_OPERATOR_PATHS.list) return { symbol: 'SOL_USDT' } as T;
      if (path === MARKET_OPERATOR_PATHS.delistCurrency) {
        if (code === '000000') throw { kind: 'server', serverMessage: 'Delist the markets of DOGE first: DOGE_USDT' };
        return { symbol: 'DOGE', delist_at: 1 } as T;
      }
      if (path === MARKET_OPERATOR_PATHS.delist || path === MARKET_OPERATOR_PATHS.contractDelist) return { symbol: 'BTC_USDT', delist_at: 1 } as T;
      if (path === MARKET_OPERATOR_PATHS.listCurrency) {
        if (code === undefined) throw { kind: 'server', serverMessage: 'Enter your 2FA code' };
        if (code === '000000') throw { kind: 'server', serverMessage: 'Network ERC20: the minimums and the fee must fit the precision' };
        return { symbol: 'NEWC' } as T;
      }
      if (path === MARKET_OPERATOR_PATHS.contractList) {
        if (code === '000000') throw { kind: 'server', serverMessage: 'This pair has a perpetual contract already' };
        return { symbol: 'ADA_USDT' } as T;
      }
      throw new Error(`unexpected ${path}`);
    },
    get: async () => {
      throw new Error('no get');
    },
  } as unknown as ApiClient;
  const store = memoryStore();
  createOperatorStorage(store).write('t', roles === undefined ? { id: 1, account: 'root' } : { id: 1, account: 'root', roles });
  // The pair list's channel: `push` sends the desk a list as the server would.
  let pushPairs: ((payload: unknown) => void) | undefined;
  const socket = {
    subscribe: (_channel: string, listener: (payload: unknown) => void) => {
      pushPairs = listener;
      return () => undefined;
    },
  };
  const flows = provide({ operatorApi, store, showToast: () => undefined, socket } as unknown as Services);
  await renderWithFlows(MarketsDeskContext, flows, <MarketsDesk />);
  return Object.assign(calls, { pushList: (payload: unknown) => pushPairs?.(payload) });
}

describe('markets desk view', () => {
  it('lists the spot markets with their state, reason and since when; risk may halt a trading one and resume a halted one', async () => {
    await renderDesk(['risk']);
    const [, btc, eth] = within(screen.getByRole('table', { name: 'Markets' })).getAllByRole('row');
    expect(btc!.textContent).toContain('BTC/USDT');
    expect(btc!.textContent).toContain('Trading');
    expect(within(btc!).getByRole('button', { name: 'Halt' })).toBeTruthy();
    expect(eth!.textContent).toContain('Halted');
    expect(eth!.textContent).toContain('Wallet maintenance on the ETH network');
    expect(within(eth!).getByRole('button', { name: 'Resume' })).toBeTruthy();
  });

  it('asks the reason before a halt, sends it trimmed, and shows the server refusal in the question, which stays open', async () => {
    const calls = await renderDesk(['risk']);
    fireEvent.click(screen.getByRole('button', { name: 'Halt' }));
    const dialog = screen.getByRole('dialog', { name: 'Halt BTC/USDT' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Halt' }));
    expect(await within(dialog).findByText('Give the reason traders will read')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason traders will read'), { target: { value: 'x'.repeat(201) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Halt' }));
    expect(await within(dialog).findByText('At most 200 characters')).toBeTruthy();
    expect(calls.map((c) => c.path)).not.toContain(MARKET_OPERATOR_PATHS.halt);
    fireEvent.change(within(dialog).getByLabelText('Reason traders will read'), { target: { value: '  Matching engine maintenance ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Halt' }));
    expect(await within(dialog).findByText('This market is already halted', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.find((c) => c.path === MARKET_OPERATOR_PATHS.halt)?.body).toEqual({ market: 'spot', symbol: 'BTC_USDT', reason: 'Matching engine maintenance' });
    expect(screen.getByRole('dialog', { name: 'Halt BTC/USDT' })).toBeTruthy();
  });

  it('resumes only after the confirmation, then reads the list again', async () => {
    const calls = await renderDesk(['risk']);
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    const dialog = screen.getByRole('dialog', { name: 'Resume trading?' });
    expect(dialog.textContent).toContain('Trading on ETH/USDT starts again');
    expect(calls.map((c) => c.path)).toEqual([MARKET_OPERATOR_PATHS.markets]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resume' }));
    await act(async () => undefined);
    expect(calls.map((c) => c.path)).toEqual([MARKET_OPERATOR_PATHS.markets, MARKET_OPERATOR_PATHS.resume, MARKET_OPERATOR_PATHS.markets]);
    expect(calls[1]!.body).toEqual({ market: 'spot', symbol: 'ETH_USDT' });
  });

  it('shows the perpetual contracts on request, each halted as its own market', async () => {
    const calls = await renderDesk(['risk']);
    fireEvent.click(screen.getByRole('button', { name: 'Perpetual' }));
    const rows = within(screen.getByRole('table', { name: 'Markets' })).getAllByRole('row');
    expect(rows).toHaveLength(4); // The header, BTC/USDT, and the two contracts being delisted.
    expect(rows[1]!.textContent).toContain('BTC/USDT Perpetual');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Halt' }));
    const dialog = screen.getByRole('dialog', { name: 'Halt BTC/USDT Perpetual' });
    expect(dialog.textContent).toContain('Closing orders and cancels go through');
    fireEvent.change(within(dialog).getByLabelText('Reason traders will read'), { target: { value: 'Index feed incident' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Halt' }));
    await within(dialog).findByText('This market is already halted', {}, { timeout: 5000 });
    expect(calls.find((c) => c.path === MARKET_OPERATOR_PATHS.halt)?.body).toEqual({ market: 'futures', symbol: 'BTC_USDT', reason: 'Index feed incident' });
  });

  it('offers an auditor no buttons (trading.read only)', async () => {
    await renderDesk(['auditor']);
    expect(screen.getByRole('table', { name: 'Currencies' }).textContent).toContain('Dogecoin');
    expect(screen.queryByRole('button', { name: 'Delist' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Markets' }).textContent).toContain('Wallet maintenance');
    expect(screen.queryByRole('button', { name: 'Halt' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
  });

  it('lists a pair through its form: checks the fields, asks the 2FA code, shows the refusal under the form, then reads the list again', async () => {
    const calls = await renderDesk(['risk']);
    const { dialog, type, fill, press, closed, sendCode } = openDialog('List a pair', 'List a spot pair');
    press('List the pair');
    expect(await within(dialog).findByText('Enter a currency symbol', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).getByText('Enter your 2FA code')).toBeTruthy();
    fill({ 'Base currency': 'sol', 'Quantity places': '3', 'Smallest quantity': '0.0001', 'Reference price': '150.25', 'Your 2FA code': '000000' });
    press('List the pair');
    expect(await within(dialog).findByText('Above zero, within the quantity places', {}, { timeout: 5000 })).toBeTruthy();
    type('Smallest quantity', '0.01');
    press('List the pair');
    expect(await within(dialog).findByText('Wrong verification code', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.find((c) => c.path === MARKET_OPERATOR_PATHS.list)?.body).toEqual({
      base: 'SOL', quote: 'USDT', price_precision: 2, amount_precision: 3, min_quantity: '0.01', min_notional: '5', reference_price: '150.25', makers: true, maker_spread: '0.002', maker_depth: 10, code: '000000',
    });
    // Makers off: their settings are not sent.
    fireEvent.click(within(dialog).getByLabelText('Makers quote this pair'));
    expect(within(dialog).queryByLabelText('Spread (fraction of the price)')).toBeNull();
    sendCode('123456', 'List the pair');
    await closed();
    await waitFor(() => expect(calls.at(-1)?.path).toBe(MARKET_OPERATOR_PATHS.markets), { timeout: 5000 });
    const sent = calls.filter((c) => c.path === MARKET_OPERATOR_PATHS.list);
    expect(sent.at(-1)?.body).toMatchObject({ makers: false, code: '123456' });
    expect(sent.at(-1)?.body).not.toHaveProperty('maker_spread');
    expect(calls.at(-1)?.path).toBe(MARKET_OPERATOR_PATHS.markets);
  }, FORM_TEST_MS);

  it('announces a spot market\'s delisting at a local time with its reason and the 2FA code', async () => {
    const calls = await renderDesk(['risk']);
    const [, btc] = within(screen.getByRole('table', { name: 'Markets' })).getAllByRole('row');
    fireEvent.click(within(btc!).getByRole('button', { name: 'Delist' }));
    const dialog = screen.getByRole('dialog', { name: 'Delist BTC/USDT' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Announce the delisting' }));
    expect(await within(dialog).findByText('Choose the date and time', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Delisting time (your time zone)'), { target: { value: '2027-01-15T10:30' } });
    fireEvent.change(within(dialog).getByLabelText('Reason traders will read'), { target: { value: ' Project wound down ' } });
    fireEvent.change(within(dialog).getByLabelText('Your 2FA code'), { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Announce the delisting' }));
    expect(await within(dialog).findByText('Wrong verification code', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.find((c) => c.path === MARKET_OPERATOR_PATHS.delist)?.body).toEqual({ symbol: 'BTC_USDT', delist_at: new Date('2027-01-15T10:30').getTime(), reason: 'Project wound down', code: '000000' });
  }, FORM_TEST_MS);

  it("lists the currencies with their delisting, and announces a listed one's delisting to the currency route; the server's refusal shows in the dialog", async () => {
    const calls = await renderDesk(['risk']);
    const [, doge, xrp] = within(screen.getByRole('table', { name: 'Currencies' })).getAllByRole('row');
    expect(doge!.textContent).toContain('DOGE · Dogecoin');
    expect(doge!.textContent).toContain('Listed');
    // Being delisted: until when and why, and no Delist.
    expect(xrp!.textContent).toContain('Delisting');
    expect(xrp!.textContent).toMatch(/Withdrawals until .*2100.* · Project discontinued/);
    expect(within(xrp!).queryByRole('button', { name: 'Delist' })).toBeNull();
    fireEvent.click(within(doge!).getByRole('button', { name: 'Delist' }));
    const dialog = screen.getByRole('dialog', { name: 'Delist DOGE' });
    expect(within(dialog).getByText(/Deposits of DOGE close at once/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Delisting time (your time zone)'), { target: { value: '2027-01-15T10:30' } });
    fireEvent.change(within(dialog).getByLabelText('Reason users will read'), { target: { value: ' Project discontinued ' } });
    fireEvent.change(within(dialog).getByLabelText('Your 2FA code'), { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Announce the delisting' }));
    expect(await within(dialog).findByText('Delist the markets of DOGE first: DOGE_USDT', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.filter((c) => c.path === MARKET_OPERATOR_PATHS.delist || c.path === MARKET_OPERATOR_PATHS.contractDelist)).toEqual([]);
    expect(calls.find((c) => c.path === MARKET_OPERATOR_PATHS.delistCurrency)?.body).toEqual({ symbol: 'DOGE', delist_at: new Date('2027-01-15T10:30').getTime(), reason: 'Project discontinued', code: '000000' });
    fireEvent.change(within(dialog).getByLabelText('Your 2FA code'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Announce the delisting' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delist DOGE' })).toBeNull(), { timeout: 5000 });
    await waitFor(() => expect(calls.at(-1)?.path).toBe(MARKET_OPERATOR_PATHS.markets), { timeout: 5000 });
  }, FORM_TEST_MS);

  it("announces a contract's delisting to the contract route, with the same fields and 2FA code as a spot market's", async () => {
    const calls = await renderDesk(['risk']);
    fireEvent.click(screen.getByRole('button', { name: 'Perpetual' }));
    const rows = within(screen.getByRole('table', { name: 'Markets' })).getAllByRole('row');
    const row = (symbol: string) => rows.find((r) => within(r).queryByText(new RegExp(`^${symbol} `)))!;
    // Announced: its time shows and no Delist; halted by its delisting: no Resume either.
    expect(within(row('LTC/USDT')).getByText(/^Delisting/)).toBeTruthy();
    expect(within(row('LTC/USDT')).queryByRole('button', { name: 'Delist' })).toBeNull();
    expect(within(row('XRP/USDT')).queryByRole('button', { name: 'Resume' })).toBeNull();
    fireEvent.click(within(row('BTC/USDT')).getByRole('button', { name: 'Delist' }));
    const dialog = screen.getByRole('dialog', { name: 'Delist BTC/USDT Perpetual' });
    expect(within(dialog).getByText(/every position closed at the mark price/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Delisting time (your time zone)'), { target: { value: '2027-01-15T10:30' } });
    fireEvent.change(within(dialog).getByLabelText('Reason traders will read'), { target: { value: ' Contract retired ' } });
    fireEvent.change(within(dialog).getByLabelText('Your 2FA code'), { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Announce the delisting' }));
    expect(await within(dialog).findByText('Wrong verification code', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.filter((c) => c.path === MARKET_OPERATOR_PATHS.delist)).toEqual([]);
    expect(calls.find((c) => c.path === MARKET_OPERATOR_PATHS.contractDelist)?.body).toEqual({ symbol: 'BTC_USDT', delist_at: new Date('2027-01-15T10:30').getTime(), reason: 'Contract retired', code: '000000' });
    fireEvent.change(within(dialog).getByLabelText('Your 2FA code'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Announce the delisting' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delist BTC/USDT Perpetual' })).toBeNull(), { timeout: 5000 });
  }, FORM_TEST_MS);

  it('lists a currency through its form: each bad field is said under it before sending, what is typed is sent, the server\'s refusal shows under the form, a network can be added and removed', async () => {
    const calls = await renderDesk(['risk']);
    const { dialog, fill, press, closed, sendCode } = openDialog('List a currency', 'List a currency');
    // Nothing typed: the form says under each field what the server would refuse, and sends nothing.
    press('List the currency');
    const problemOf = (label: string) => {
      const input = within(dialog).getByLabelText(label);
      return input.getAttribute('aria-invalid') === 'true' ? document.getElementById(input.getAttribute('aria-describedby')!)?.textContent : undefined;
    };
    await waitFor(() => expect(problemOf('Symbol')).toBe('2 to 12 letters and digits'), { timeout: 5000 });
    expect(problemOf('Name')).toBe('1 to 40 characters');
    expect(problemOf('Network')).toBe('2 to 16 letters and digits');
    expect(problemOf('Smallest deposit')).toBe('0 or more, within the precision');
    expect(problemOf('Smallest withdrawal')).toBe('Above zero, within the precision');
    expect(problemOf('Your 2FA code')).toBe('Enter your 2FA code');
    expect(problemOf('Precision (places)')).toBeUndefined();
    expect(calls.filter((c) => c.path === MARKET_OPERATOR_PATHS.listCurrency)).toEqual([]);
    // A fee at or above its minimum is said at the field the rule names, as the operator types.
    fill({ 'Smallest withdrawal': '0.5', 'Withdrawal fee': '0.5' });
    expect(problemOf('Smallest withdrawal')).toBe('Above the withdrawal fee');
    fill({ 'Symbol': ' newc ', 'Name': 'New Coin', 'Precision (places)': '4', 'Network': 'erc20', 'Smallest deposit': '1', 'Deposit fee': '0.1', 'Smallest withdrawal': '5', 'Withdrawal fee': '0.5', 'Confirmations': '12' });
    press('Add a network');
    expect(within(dialog).getByRole('group', { name: 'Network 2' })).toBeTruthy();
    press('Remove network 2');
    expect(within(dialog).queryByRole('group', { name: 'Network 2' })).toBeNull();
    sendCode('000000', 'List the currency');
    expect(await within(dialog).findByText('Network ERC20: the minimums and the fee must fit the precision', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.filter((c) => c.path === MARKET_OPERATOR_PATHS.listCurrency).at(-1)?.body).toEqual({
      symbol: 'NEWC', name: 'New Coin', precision: 4, networks: [{ network: 'ERC20', deposit_min: '1', deposit_fee: '0.1', withdraw_min: '5', withdraw_fee: '0.5', confirmations: 12 }], code: '000000',
    });
    sendCode('123456', 'List the currency');
    await closed();
  }, FORM_TEST_MS);

  it('lists a contract through its form: what is typed is sent, the server\'s refusal shows under the form, then it closes', async () => {
    const calls = await renderDesk(['risk']);
    const { dialog, fill, closed, sendCode } = openDialog('List a contract', 'List a perpetual contract');
    fill({ 'Spot pair (e.g. ADA_USDT)': ' ada/usdt ', 'Highest leverage (1–125)': '5', 'Reference price (USDT, if the pair has not traded)': '0.45' });
    fireEvent.click(within(dialog).getByLabelText('Futures market makers quote it'));
    sendCode('000000', 'List the contract');
    expect(await within(dialog).findByText('This pair has a perpetual contract already', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.filter((c) => c.path === MARKET_OPERATOR_PATHS.contractList).at(-1)?.body).toEqual({ symbol: 'ADA_USDT', max_leverage: 5, makers: false, reference_price: '0.45', code: '000000' });
    sendCode('123456', 'List the contract');
    await closed();
  }, FORM_TEST_MS);

  it('reads the markets again when the pair list channel pushes another operator\'s change', async () => {
    const calls = await renderDesk(['auditor']);
    const pair = { left_symbol: 'BTC', right_symbol: 'USDT', is_hot: 1, trade_status: 1, contract_status: 1, price_precision: 2, amount_precision: 4, min_quantity: '0.0001', min_notional: '5', halted_reason: null, contract_halted_reason: null };
    const reads = () => calls.filter((c) => c.path === MARKET_OPERATOR_PATHS.markets).length;
    await act(async () => calls.pushList({ pairs: [pair] }));
    await waitFor(() => expect(reads()).toBe(2), { timeout: 5000 });
    await act(async () => calls.pushList({ pairs: [pair] }));
    expect(reads()).toBe(2);
    await act(async () => calls.pushList({ pairs: [{ ...pair, halted_reason: 'Halted elsewhere' }] }));
    await waitFor(() => expect(reads()).toBe(3), { timeout: 5000 });
  }, FORM_TEST_MS);

  it('offers an auditor neither the listing nor a delisting', async () => {
    await renderDesk(['auditor']);
    expect(screen.queryByRole('button', { name: 'List a currency' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'List a contract' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'List a pair' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delist' })).toBeNull();
  }, FORM_TEST_MS);
});
