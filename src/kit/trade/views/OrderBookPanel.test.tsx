// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createDepthFeedActor } from '../actors/depthFeed.actor';
import { createFakeSocket } from '../../../services/testing/fakeSocket';
import type { Pair } from '../../../../domain/api';
import { orderBookMachine } from '../machines/orderBook/orderBook.machine';
import { createManualScheduler } from '../../../services/frameScheduler';
import { changeLanguage } from '../../../services/i18n';
import { inApp, testTexts } from '../../../app/testing/viewHarness';
import { OrderBookPanel } from './OrderBookPanel';

afterEach(cleanup);

const pair: Pair = { left_symbol: 'BTC', right_symbol: 'USDT', is_hot: 1, trade_status: 1, contract_status: 1, price_precision: 2, amount_precision: 4, min_quantity: '0.0001', min_notional: '1' };
const channel = 'btc_usdt_depth';

async function renderBook(onPick?: (price: string) => void, lastPrice = '100.5', lang: 'en_US' | 'de_DE' = 'en_US') {
  const i18n = await testTexts(lang);
  const fake = createFakeSocket();
  const frames = createManualScheduler();
  const book = createActor(orderBookMachine.provide({ actors: { depthFeed: createDepthFeedActor(fake.socket, frames) } }), { input: { channel } }).start();
  let commits = 0;
  render(
    inApp(
      i18n,
      <Profiler id="book" onRender={() => void commits++}>
        <OrderBookPanel bookRef={book} pair={pair} last={{ price: lastPrice, side: 'buy' }} lastInFiat="$100.52" onPick={onPick} />
      </Profiler>,
    ),
  );
  return { fake, frames, commits: () => commits, i18n };
}

const prices = (group: HTMLElement) => within(group).queryAllByRole('row').map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('order book panel', () => {
  it('draws asks above bids, best prices next to the middle, in the pair precision', async () => {
    const { fake, frames } = await renderBook();
    fake.push(channel, { kind: 'snapshot', seq: 1, bids: [['100', '1'], ['99.5', '2']], asks: [['101', '0.5'], ['102', '3']] });
    act(() => frames.flush());
    // The asks group is laid out bottom-up (column-reverse), so its DOM order is best first too.
    expect(prices(screen.getByRole('rowgroup', { name: 'Asks' }))).toEqual(['101.00', '102.00']);
    expect(prices(screen.getByRole('rowgroup', { name: 'Bids' }))).toEqual(['100.00', '99.50']);
    expect(screen.getByText('Spread 1.00')).toBeTruthy();
    expect(screen.getByTestId('order-book').getAttribute('data-status')).toBe('live');
  });

  it('draws a burst of a hundred deltas once, at the next frame, without a React render', async () => {
    const { fake, frames, commits } = await renderBook();
    fake.push(channel, { kind: 'snapshot', seq: 1, bids: [['100', '1']], asks: [['101', '1']] });
    act(() => frames.flush());
    const before = commits();
    const bids = screen.getByRole('rowgroup', { name: 'Bids' });
    const writes = new MutationObserver(() => undefined);
    writes.observe(bids, { subtree: true, characterData: true });
    act(() => {
      for (let seq = 2; seq <= 101; seq++) fake.push(channel, { kind: 'delta', seq, bids: [['100', String(seq)]], asks: [] });
    });
    expect(writes.takeRecords()).toHaveLength(0);
    act(() => frames.flush());
    // The quantity and the total, each written once; the rows are the writer's, so React does not commit.
    expect(writes.takeRecords()).toHaveLength(2);
    writes.disconnect();
    expect(commits()).toBe(before);
    expect(prices(bids)).toEqual(['100.00']);
    expect(within(bids).getAllByRole('cell')[1]!.textContent).toBe('101.0000');
  });

  it('touches only the level that changed, in place', async () => {
    const { fake, frames } = await renderBook();
    // The asks are the deeper side, so a bid delta changes no other row's total or depth bar.
    fake.push(channel, { kind: 'snapshot', seq: 1, bids: [['100', '1'], ['99', '1'], ['98', '1']], asks: [['101', '5'], ['102', '5']] });
    act(() => frames.flush());
    const bids = screen.getByRole('rowgroup', { name: 'Bids' });
    const rowsBefore = within(bids).getAllByRole('row');
    const changed = new Set<Node>();
    const observer = new MutationObserver((records) => records.forEach((r) => changed.add(r.target)));
    observer.observe(screen.getByTestId('order-book'), { subtree: true, childList: true, characterData: true, attributes: true });
    fake.push(channel, { kind: 'delta', seq: 2, bids: [['98', '2']], asks: [] });
    act(() => frames.flush());
    observer.takeRecords().forEach((r) => changed.add(r.target));
    observer.disconnect();
    // The third bid's quantity and total text and its bar; no other row, and no row replaced.
    expect([...changed].every((node) => rowsBefore[2]!.contains(node))).toBe(true);
    expect(changed.size).toBeGreaterThan(0);
    expect(within(bids).getAllByRole('row')).toEqual(rowsBefore);
    expect(within(rowsBefore[2]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['98.00', '2.0000', '4.0000']);
  });

  it('keeps a row element per slot when levels come and go: the new best bid is the old first row, its text patched', async () => {
    const { fake, frames } = await renderBook();
    fake.push(channel, { kind: 'snapshot', seq: 1, bids: [['100', '1'], ['99', '1']], asks: [['101', '1']] });
    act(() => frames.flush());
    const bids = screen.getByRole('rowgroup', { name: 'Bids' });
    const [first, second] = within(bids).getAllByRole('row');
    fake.push(channel, { kind: 'delta', seq: 2, bids: [['100.5', '3']], asks: [] });
    act(() => frames.flush());
    const rows = within(bids).getAllByRole('row');
    expect(rows.slice(0, 2)).toEqual([first, second]);
    expect(prices(bids)).toEqual(['100.50', '100.00', '99.00']);
    // Levels that go take their spare rows with them.
    fake.push(channel, { kind: 'delta', seq: 3, bids: [['100.5', '0'], ['99', '0']], asks: [] });
    act(() => frames.flush());
    expect(within(bids).getAllByRole('row')).toEqual([first]);
    expect(prices(bids)).toEqual(['100.00']);
  });

  it('hands the exact price of the clicked level to the order form', async () => {
    const picked: string[] = [];
    const { fake, frames } = await renderBook((price) => picked.push(price));
    fake.push(channel, { kind: 'snapshot', seq: 1, bids: [['100.125', '1'], ['99', '2']], asks: [['101', '0.5']] });
    act(() => frames.flush());
    fireEvent.click(within(screen.getByRole('rowgroup', { name: 'Bids' })).getAllByRole('cell')[4]!);
    fireEvent.click(within(screen.getByRole('rowgroup', { name: 'Bids' })).getAllByRole('row')[0]!);
    fireEvent.click(within(screen.getByRole('rowgroup', { name: 'Asks' })).getAllByRole('cell')[0]!);
    expect(picked).toEqual(['99', '100.125', '101']);
  });

  it('shows prices, quantities and totals grouped by thousands, and still hands the plain price to the order form', async () => {
    const picked: string[] = [];
    const { fake, frames } = await renderBook((price) => picked.push(price), '96250.5');
    fake.push(channel, { kind: 'snapshot', seq: 1, bids: [['96250.5', '1234.5'], ['96249', '0.25']], asks: [['97251', '0.5']] });
    act(() => frames.flush());
    const bids = screen.getByRole('rowgroup', { name: 'Bids' });
    const cells = (row: number) => within(within(bids).getAllByRole('row')[row]!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(0)).toEqual(['96,250.50', '1,234.5000', '1,234.5000']);
    expect(cells(1)).toEqual(['96,249.00', '0.2500', '1,234.7500']);
    expect(screen.getByText('Spread 1,000.50')).toBeTruthy();
    expect(screen.getByTestId('book-last').textContent).toBe('96,250.50');
    fireEvent.click(within(bids).getAllByRole('row')[0]!);
    expect(picked).toEqual(['96250.5']);
    // A quantity crossing 1000 regroups; one that stays below is written as it is.
    fake.push(channel, { kind: 'delta', seq: 2, bids: [['96250.5', '999']], asks: [] });
    act(() => frames.flush());
    expect(cells(0)).toEqual(['96,250.50', '999.0000', '999.0000']);
    expect(cells(1)).toEqual(['96,249.00', '0.2500', '999.2500']);
  });

  it('groups the levels by the price step chosen', async () => {
    const { fake, frames } = await renderBook();
    fake.push(channel, { kind: 'snapshot', seq: 1, bids: [['100.9', '1'], ['100.1', '2'], ['99.5', '0.5']], asks: [['101.2', '1'], ['101.7', '1']] });
    act(() => frames.flush());
    const grouping = screen.getByRole('combobox', { name: 'Price grouping' });
    expect(within(grouping).getAllByRole('option').map((o) => o.textContent)).toEqual(['0.01', '0.1', '1', '10']);
    fireEvent.change(grouping, { target: { value: '0' } });
    expect(prices(screen.getByRole('rowgroup', { name: 'Bids' }))).toEqual(['100.00', '99.00']);
    expect(prices(screen.getByRole('rowgroup', { name: 'Asks' }))).toEqual(['102.00']);
    fireEvent.change(grouping, { target: { value: '2' } });
    expect(prices(screen.getByRole('rowgroup', { name: 'Bids' }))).toEqual(['100.90', '100.10', '99.50']);
  });

  it('shows the depth chart tab: cumulative sides around the spread, the quantity under the pointer', async () => {
    const { fake, frames } = await renderBook();
    fake.push(channel, { kind: 'snapshot', seq: 1, bids: [['100', '1'], ['99', '2']], asks: [['101', '0.5'], ['103', '3']] });
    act(() => frames.flush());
    expect(screen.queryByTestId('depth-chart')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Depth' }));
    const chart = screen.getByRole('img', { name: /Depth chart of BTC\/USDT/ });
    expect(screen.getByRole('tab', { name: 'Depth' }).getAttribute('aria-selected')).toBe('true');
    // The book rows are set aside, not drawn twice.
    expect(screen.getByTestId('order-book').hidden).toBe(true);
    // Symmetric around the middle (100.5): as far as the farther side reaches (103), so 98 … 103.
    expect([...chart.querySelectorAll('.axis span')].map((n) => n.textContent)).toEqual(['98.00', '100.50', '103.00']);
    // The deeper side's total is the scale: asks 0.5 + 3.
    expect(chart.querySelector('.scale')?.textContent).toBe('3.5000');
    expect(chart.querySelectorAll('path')).toHaveLength(2);
    // jsdom lays nothing out: a box of 1000 px from 0, so the pointer's x is its share in thousandths.
    chart.getBoundingClientRect = () => ({ left: 0, width: 1000, top: 0, height: 300, right: 1000, bottom: 300, x: 0, y: 0, toJSON: () => ({}) });
    // 98 + 0.1 × 5 = 98.5: the bids priced ≥ 98.5 are 100 and 99, 1 + 2 resting.
    fireEvent.mouseMove(chart, { clientX: 100 });
    expect(chart.querySelector('.tip')?.textContent).toBe('98.50Cumulative BTC: 3.0000');
    // 98 + 0.7 × 5 = 101.5: the asks priced ≤ 101.5 are 101 only.
    fireEvent.mouseMove(chart, { clientX: 700 });
    expect(chart.querySelector('.tip')?.textContent).toBe('101.50Cumulative BTC: 0.5000');
    fireEvent.click(screen.getByRole('tab', { name: 'Book' }));
    expect(screen.queryByTestId('depth-chart')).toBeNull();
    expect(screen.getByTestId('order-book').hidden).toBe(false);
  });

  it('writes the figures in the language\'s number style, and again at once when the language changes (issue 50 M6)', async () => {
    const { fake, frames, i18n } = await renderBook(undefined, '96030.5', 'de_DE');
    fake.push(channel, { kind: 'snapshot', seq: 1, bids: [['96030', '1.5']], asks: [['96031.25', '2']] });
    act(() => frames.flush());
    expect(prices(screen.getByTestId('book-bids'))).toEqual(['96.030,00']);
    expect(prices(screen.getByTestId('book-asks'))).toEqual(['96.031,25']);
    expect(within(screen.getByTestId('book-bids')).getAllByRole('cell')[1]!.textContent).toBe('1,5000');
    expect(screen.getByTestId('book-last').textContent).toBe('96.030,50');
    await act(() => changeLanguage(i18n, 'en_US'));
    // No new book: the rows are written again in English's style.
    expect(prices(screen.getByTestId('book-bids'))).toEqual(['96,030.00']);
    expect(screen.getByTestId('book-last').textContent).toBe('96,030.50');
  });
});
