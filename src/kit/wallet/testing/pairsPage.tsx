/**
 * What a view test of a user page on the spot pairs needs (convert, recurring buys): the app's
 * actor with the pairs listed, the spot balances as the wallet's slot gives them, and the page's
 * own flows. Tests only: nothing in the app imports it.
 */
import { waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import type { Pair } from '../../../../domain/api';
import type { FlowContext } from '../../../app/flowContext';
import { renderView, startedApp } from '../../../app/testing/viewHarness';
import { ShellContext } from '../../../app/views/hooks';
import { WalletAccountsContext, type AccountBalances } from '../walletAccounts.context';

/** The spot account with these available balances (currency → amount), read and shown. */
export function spotBalances(available: Record<string, string>): AccountBalances {
  return {
    rows: Object.entries(available).map(([currency, amount]) => ({ currency, account: 'spot', available: amount, frozen: '0', valuation_usdt: amount })),
    overview: undefined,
    loading: false,
    failed: false,
    hideZero: false,
    refresh: () => undefined,
    setHideZero: () => undefined,
  };
}

/** `page` under its feature's `flows`, the app listing `pairs` and the spot account holding `balances`, in `locale` at `route`. */
export async function renderPairsPage<T>(context: FlowContext<T>, flows: T, page: ReactNode, options: { pairs: Pair[]; balances: AccountBalances; locale: 'en_US' | 'de_DE'; route: string }) {
  const app = startedApp({ pairs: options.pairs });
  await waitFor(() => expect(app.getSnapshot().context.pairs).toHaveLength(options.pairs.length));
  await renderView(
    <ShellContext.Provider value={{ app } as never}>
      <WalletAccountsContext.Provider value={{ useAccountBalances: () => options.balances }}>
        <context.Provider value={flows}>{page}</context.Provider>
      </WalletAccountsContext.Provider>
    </ShellContext.Provider>,
    { locale: options.locale, route: options.route },
  );
}
