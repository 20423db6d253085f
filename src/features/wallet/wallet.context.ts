import type { FlowContext } from '../../app/flowContext';
import { WalletAccountsContext } from '../../kit/wallet/walletAccounts.context';
import type { WalletFlows } from './wallet.hooks';

/**
 * The product's context: the kit's wallet-accounts slot (one account's balances), which its flows
 * fill and widen with the rest (wallet.flows.ts). feature.tsx provides the
 * slot's context itself (a module between them, in the code every page loads, had the bundler put
 * app/flowContext.tsx in a chunk of its own: +0.3 KB on /home); this gives the same object the
 * product's wider type for its hooks and views, which load with its pages.
 */
export const WalletContext = WalletAccountsContext as unknown as FlowContext<WalletFlows>;
