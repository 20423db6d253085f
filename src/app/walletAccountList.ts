import type { WalletAccount } from '../../domain/walletAccounts';
import { MenusContext, type Menus } from './layout/navigation';

/** A wallet account as the wallet lists it: its kind, its name (a catalogue key) and its page. */
export interface WalletAccountLink {
  account: WalletAccount;
  labelKey: string;
  to: string;
}

/**
 * The wallet's accounts, in their places: the wallet menu's entries that name an account (`account`
 * on a product's wallet route, issue 54 §2), so the wallet's pages (transfers, the overview, the
 * records, the corrections desk) list what the products declare and name none of them.
 */
export function walletAccountLinks(menus: Pick<Menus, 'wallet'>): WalletAccountLink[] {
  return menus.wallet.flatMap((link) => (link.account ? [{ account: link.account, labelKey: link.labelKey, to: link.to }] : []));
}

/** The wallet's accounts, from the menus the route table provides. */
export function useWalletAccounts(): WalletAccountLink[] {
  return walletAccountLinks(MenusContext.use());
}

/** An account's name key, or undefined for a kind no product in this app declares (its raw name is shown then). */
export function accountLabelKey(accounts: readonly WalletAccountLink[], account: string): string | undefined {
  return accounts.find((a) => a.account === account)?.labelKey;
}
