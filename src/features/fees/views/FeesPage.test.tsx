// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { inShell, renderView } from '../../../app/testing/viewHarness';
import type { ApiClient } from '../../../services/api';
import { createFeesActors, createFeesDeskActors } from '../actors/fees.actors';
import { FeesContext } from '../fees.context';
import { FEES_DESK_FIXTURE } from '../machines/feesDesk/feesDesk.fixtures';
import { feesDeskMachine } from '../machines/feesDesk/feesDesk.machine';
import { MY_FEES_FIXTURE } from '../machines/myFees/myFees.fixtures';
import { myFeesMachine } from '../machines/myFees/myFees.machine';
import { FeesPage } from './FeesPage';
import { FeesDeskPage } from './operator/FeesDeskPage';

afterEach(cleanup);

/** The page over a stand-in API answering `answer` (or failing). */
async function renderPage(answer: () => Promise<unknown>, locale: 'en_US' | 'de_DE' = 'en_US', desk = false) {
  const api = { post: answer } as unknown as ApiClient;
  const myFees = myFeesMachine.provide({ actors: createFeesActors(api) });
  const feesDesk = feesDeskMachine.provide({ actors: createFeesDeskActors(api) });
  await renderView(
    inShell(
      <FeesContext.Provider value={{ myFees, feesDesk, feesDeskInput: () => ({ mayEdit: false, mayOverride: false }) }}>{desk ? <FeesDeskPage /> : <FeesPage />}</FeesContext.Provider>,
      { session: 'in' },
    ),
    { locale, route: '/' },
  );
}

describe('/fees', () => {
  it("shows the user's tier, 30-day volume, the next tier and their own rates per market, exactly", async () => {
    await renderPage(async () => MY_FEES_FIXTURE);
    expect(screen.getByTestId('fees-tier').textContent).toBe('You are at tier 1.');
    expect(screen.getByTestId('fees-volume').textContent).toContain('60,000.00 USDT');
    expect(screen.getByTestId('fees-next').textContent).toBe('Tier 2 starts at 1,000,000.00 USDT: 940,000.00 USDT more to reach it.');
    const table = screen.getByRole('table', { name: 'Rates by market' });
    expect(table.textContent).toContain('BTC/USDT');
    // A rebate reads as a negative rate, never rounded: -0.02 %, and the taker's 0.04 %.
    expect(table.textContent).toContain('-0.02%');
    expect(table.textContent).toContain('0.04%');
    expect(table.textContent).toContain('Your own rates');
    expect(table.textContent).toContain('Tier 1: 0.08% / 0.09%');
    // Futures markets on demand.
    fireEvent.click(screen.getByRole('button', { name: 'Futures' }));
    expect(screen.getByRole('table', { name: 'Rates by market' }).textContent).toContain('0.05%');
    expect(screen.getByRole('table', { name: 'Tiers' }).textContent).toContain('1 (you)');
  });

  it('says so when the fees cannot be read, and reads again on retry', async () => {
    let calls = 0;
    await renderPage(async () => {
      calls++;
      if (calls === 1) throw { kind: 'network' };
      return MY_FEES_FIXTURE;
    });
    expect(screen.getByRole('alert').textContent).toContain('Your fees could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: /retry|try again/i }));
    await act(async () => undefined);
    expect(screen.getByTestId('fees-tier').textContent).toBe('You are at tier 1.');
  });

  it('speaks another language', async () => {
    await renderPage(async () => MY_FEES_FIXTURE, 'de_DE');
    expect(screen.getByTestId('fees-tier').textContent).toBe('Sie sind in Stufe 1.');
  });
});

describe('the fees desk', () => {
  it('shows the tiers, every schedule row with the default named, and the overrides in force', async () => {
    await renderPage(async () => FEES_DESK_FIXTURE, 'en_US', true);
    const schedule = screen.getByRole('table', { name: 'Schedule rows' });
    expect(schedule.textContent).toContain('Default (all markets)');
    expect(schedule.textContent).toContain('-0.01%');
    const overrides = screen.getByRole('table', { name: 'Overrides in force' });
    expect(overrides.textContent).toContain('42');
    expect(overrides.textContent).toContain('market maker programme');
    expect(screen.getByRole('table', { name: 'Tiers' }).textContent).toContain('1,000,000.00 USDT');
  });
});
