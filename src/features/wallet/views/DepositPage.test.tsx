// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Currency } from '../../../../domain/api';
import { formatDateTime } from '../../../../domain/localeFormat';
import { WALLET_PATHS, type WalletNetwork } from '../../../../domain/wallet';
import { confirmActing } from '../../../app/machines/confirmAct/confirmAct.machine';
import { pagedListMachine } from '../../../app/machines/pagedList/pagedList.machine';
import { fakeApi, refusal, renderView, startedApp } from '../../../app/testing/viewHarness';
import { ShellContext } from '../../../app/views/hooks';
import { createWalletActors, createWalletSignals } from '../actors/wallet.actors';
import { depositMachine } from '../machines/deposit/deposit.machine';
import { walletRecordsMachine } from '../machines/walletRecords/walletRecords.machine';
import { usdtNetwork } from '../machines/walletModelFixtures';
import { WalletContext } from '../wallet.context';
import type { WalletFlows } from '../wallet.hooks';
import { DepositPage } from './DepositPage';

afterEach(cleanup);

/** The end of DOGE's announced delisting. */
const END = Date.UTC(2027, 2, 1, 9, 30);
const coin = (symbol: string, recharge_turn: 0 | 1): Currency => ({ symbol, name: symbol, price: '1', recharge_turn, draw_turn: 1, legal_status: 0, circulating_supply: '0' });
/** A network of a currency whose deposits closed: with its delisting (issue 52 §1), or without one (an operator closed them). */
const closedNetwork = (currency: string, delisting?: WalletNetwork['delisting']): WalletNetwork => ({ ...usdtNetwork('ERC20', { deposit: false }), currency, ...(delisting ? { delisting } : {}) });

/** The deposit page at /wallet/recharge/{currency}, its networks answered by `networks`. */
async function renderPage(currency: string, networks: (body: unknown) => unknown) {
  const { api, calls } = fakeApi({ [WALLET_PATHS.networks]: networks, [WALLET_PATHS.deposits]: { list: [], total: 0, page: 1, size: 10 } });
  // Pricing is not this page's: never answered (startedApp).
  const app = startedApp({ currencies: [coin('USDT', 1), coin('DOGE', 0), coin('SHIB', 0)] });
  await waitFor(() => expect(app.getSnapshot().context.currencies).toHaveLength(3));
  const actors = createWalletActors(api);
  const signals = createWalletSignals();
  const showToast = () => undefined;
  const flows = {
    deposit: depositMachine.provide({ actors: { fetchNetworks: actors.fetchNetworks, fetchAddress: actors.fetchAddress }, actions: { showToast } }),
    records: {
      deposits: walletRecordsMachine.provide({
        actors: { list: pagedListMachine.provide({ actors: { loadPage: actors.deposits }, actions: { showToast } }), actOnRow: confirmActing(actors.cancelWithdrawal, showToast), walletSignals: signals.actor },
        actions: { showToast },
      }),
    },
  } as unknown as WalletFlows;
  const i18n = await renderView(
    <ShellContext.Provider value={{ app } as never}>
      <WalletContext.Provider value={flows}>
        <Routes>
          <Route path="/wallet/recharge/:currency" element={<DepositPage />} />
        </Routes>
      </WalletContext.Provider>
    </ShellContext.Provider>,
    { route: `/wallet/recharge/${currency}` },
  );
  await act(async () => undefined);
  return { calls, i18n };
}

describe('deposit page of a closed currency', () => {
  it('says the deposits are closed because of the delisting, with its reason and the end of the withdrawals, as its networks give them', async () => {
    const { calls, i18n } = await renderPage('DOGE', () => [closedNetwork('DOGE', { delist_at: END, reason: 'Project discontinued' })]);
    expect(calls.find((c) => c.path === WALLET_PATHS.networks)?.body).toEqual({ currency: 'DOGE' });
    const note = await screen.findByText(/because it is being delisted/);
    expect(note.textContent).toBe(`Deposits of DOGE are closed because it is being delisted: Project discontinued. Withdrawals stay open until ${formatDateTime(new Date(END), i18n.language)}.`);
    // No address is asked for.
    expect(calls.map((c) => c.path)).not.toContain(WALLET_PATHS.depositAddress);
  });

  it('says only that deposits are closed when no delisting is announced, or when its networks cannot be read', async () => {
    await renderPage('SHIB', () => [closedNetwork('SHIB')]);
    expect(screen.getByRole('alert').textContent).toBe('Deposits of SHIB are closed at the moment.');
    expect(screen.queryByText(/being delisted/)).toBeNull();
    cleanup();
    await renderPage('DOGE', () => refusal('Service unavailable'));
    expect(screen.getByRole('alert').textContent).toBe('Deposits of DOGE are closed at the moment.');
    expect(screen.queryByText(/being delisted/)).toBeNull();
  });
});
