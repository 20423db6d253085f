// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TREASURY_PATHS, seriesCsv, type TreasurySeries } from '../../../../domain/treasury';
import type { Services } from '../../../app/services';
import { fakeApi, renderWithFlows } from '../../../app/testing/viewHarness';
import { FEES_FIXTURE, INSURANCE_FIXTURE, SHEET_FIXTURE } from '../machines/treasuryDesk/treasuryDesk.fixtures';
import { TreasuryContext } from '../treasury.context';
import { provide } from '../treasury.flows';
import { TreasuryDesk } from './TreasuryDesk';

// The canvas chart is klinecharts' (it needs a real canvas): here it says what it was given.
vi.mock('./SeriesChart', () => ({
  SeriesChart: (props: { points: Array<{ day: number; value: string }>; label: string }) => (
    <div data-testid="treasury-chart" aria-label={props.label}>
      {props.points.map((p) => p.value).join(' ')}
    </div>
  ),
}));

afterEach(cleanup);

async function renderDesk(sheet = SHEET_FIXTURE) {
  const { api: operatorApi, calls } = fakeApi({
    [TREASURY_PATHS.series]: (body: unknown) => ((body as { series: string }).series === 'insurance' ? INSURANCE_FIXTURE : FEES_FIXTURE) as TreasurySeries,
    [TREASURY_PATHS.balanceSheet]: sheet,
  });
  const flows = provide({ operatorApi, showToast: () => undefined } as unknown as Services);
  await renderWithFlows(TreasuryContext, flows, <TreasuryDesk />);
  return calls;
}

describe('treasury desk view', () => {
  it('charts fee income in USDT per day, lists the entries behind it and offers the CSV of the whole series', async () => {
    const calls = await renderDesk();
    expect(calls.map((c) => c.body)).toContainEqual({ series: 'fees', range_days: 30 });
    const chart = await screen.findByTestId('treasury-chart');
    expect(chart.getAttribute('aria-label')).toBe('Fee income in USDT, per day');
    expect(chart.textContent!.endsWith('13.5 4.25')).toBe(true);
    const [, first, second, third] = within(screen.getByRole('table', { name: 'Fee income in USDT, per day' })).getAllByRole('row');
    expect(first!.textContent).toContain('Futures');
    expect(first!.textContent).toContain('4.25 USDT');
    expect(second!.textContent).toContain('Spot');
    expect(third!.textContent).toContain('Withdrawals');
    const csv = screen.getAllByRole('link', { name: 'Export CSV' })[0]!;
    expect(csv.getAttribute('download')).toBe('treasury-fees-30d-2026-11-27.csv');
    expect(decodeURIComponent(csv.getAttribute('href')!.split(',').slice(1).join(','))).toBe(seriesCsv(FEES_FIXTURE));
  });

  it('switches the currency, the figure and the range', async () => {
    const calls = await renderDesk();
    fireEvent.click(within(screen.getByRole('group', { name: 'Currency' })).getByRole('button', { name: 'BTC' }));
    expect((await screen.findByTestId('treasury-chart')).getAttribute('aria-label')).toBe('Fee income in BTC, per day');
    fireEvent.click(screen.getByRole('button', { name: 'Insurance fund' }));
    fireEvent.click(screen.getByRole('button', { name: '90 days' }));
    await act(async () => undefined);
    expect(calls.filter((c) => c.path === TREASURY_PATHS.series).map((c) => c.body)).toEqual([
      { series: 'fees', range_days: 30 },
      { series: 'insurance', range_days: 30 },
      { series: 'insurance', range_days: 90 },
    ]);
    expect((await screen.findByTestId('treasury-chart')).textContent!.endsWith('1000030 1000018')).toBe(true);
    expect(screen.getByText(/Held before .*: 1000000 USDT/)).toBeTruthy();
  });

  it('shows user liabilities against holdings per currency, balanced when every difference is zero', async () => {
    await renderDesk();
    const sheet = screen.getByRole('region', { name: 'User liabilities against holdings' });
    expect(within(sheet).getByText('Balanced')).toBeTruthy();
    const [, btc] = within(within(sheet).getByRole('table')).getAllByRole('row');
    expect(btc!.textContent).toContain('BTC');
    expect(btc!.textContent).toContain('7.5');
  });

  it('says so when a currency does not balance', async () => {
    await renderDesk({ ...SHEET_FIXTURE, rows: [{ ...SHEET_FIXTURE.rows[0]!, difference: '0.25' }] });
    expect(screen.getByText('Difference found')).toBeTruthy();
  });
});
