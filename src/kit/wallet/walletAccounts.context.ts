import type { WalletAccount, WalletBalance, WalletOverview } from '../../../domain/wallet';
import { createFlowContext } from '../../app/flowContext';

/** One account's balances as the wallet account page shows them (and the overview, for its valuation). */
export interface AccountBalances {
  rows: WalletBalance[];
  overview: WalletOverview | undefined;
  loading: boolean;
  failed: boolean;
  hideZero: boolean;
  refresh: () => void;
  setHideZero: (hide: boolean) => void;
}

/** What the wallet account page reads: a hook over the balances' actor of the product that keeps them. */
export interface WalletAccounts {
  useAccountBalances: (account?: WalletAccount) => AccountBalances;
}

/**
 * The kit's slot for it (issue 54 §3): the wallet product fills it (its context is this one,
 * widened with its flows: wallet.context.ts), and the products whose accounts the wallet keeps
 * (futures' /wallet/contract, seconds' /wallet/secContract) show the page without naming it. On
 * its own, so that feature.tsx (in the code every page loads) names it without the hooks.
 */
export const WalletAccountsContext = createFlowContext<WalletAccounts>('Wallet');
